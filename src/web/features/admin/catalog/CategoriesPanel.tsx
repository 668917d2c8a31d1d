import ChevronRight from 'lucide-react/icons/chevron-right';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { createCategorySchema, createChildCategorySchema, createSubCategorySchema } from '../../../../shared/catalog';
import { localDigits } from '../../../../shared/locale';
import { validationMessage } from '../../../../shared/validation-ne';
import { ErrorBanner } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api';
import { type MessageId, useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import {
  addCategory,
  addChildCategory,
  addSubCategory,
  removeCategory,
  removeChildCategory,
  removeSubCategory,
  useAdminCategoryTree,
  useCatalogInvalidation,
} from './api';

/** Category toasts (message ids; the English texts are fixed). */
export const CATEGORY_TOASTS = {
  categoryAdded: 'admin-catalog.categories.toast.added',
  categoryAddFailed: 'admin-catalog.categories.toast.addFailed',
  categoryRemoved: 'admin-catalog.categories.toast.removed',
  categoryRemoveFailed: 'admin-catalog.categories.toast.removeFailed',
  subAdded: 'admin-catalog.subcategories.toast.added',
  subAddFailed: 'admin-catalog.subcategories.toast.addFailed',
  subRemoved: 'admin-catalog.subcategories.toast.removed',
  subRemoveFailed: 'admin-catalog.subcategories.toast.removeFailed',
  childAdded: 'admin-catalog.children.toast.added',
  childAddFailed: 'admin-catalog.children.toast.addFailed',
  childRemoved: 'admin-catalog.children.toast.removed',
  childRemoveFailed: 'admin-catalog.children.toast.removeFailed',
} as const satisfies Record<string, MessageId>;

type Level = 'category' | 'sub' | 'child';

/** A removal waiting for the admin's yes: what the question names, and what a yes runs. */
interface PendingRemoval {
  level: Level;
  key: string;
  title: string;
  body: string;
  action: string;
  call: () => Promise<unknown>;
  ok: MessageId;
  failed: MessageId;
  after?: () => void;
}

/**
 * The server's reason for a refusal (409 "still has products", 400 name rules), shown beside the
 * toast; it comes in the page's language (the API client sends it as Accept-Language).
 */
function reasonOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.isClientError && error.status !== 401 && error.status !== 403
    ? error.serverMessage
    : undefined;
}

/**
 * The admin's Categories tab: categories, then the subcategories of the selected category, then
 * the child categories of the selected subcategory. Selecting a category clears the
 * selected subcategory (leaving the tab unmounts this panel, which clears the selected category).
 */
export function CategoriesPanel() {
  const t = useT();
  const locale = useLocale();
  const tree = useAdminCategoryTree();
  const invalidate = useCatalogInvalidation();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [subId, setSubId] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ level: Level; message: string } | null>(null);
  const [asking, setAsking] = useState<PendingRemoval | null>(null);

  const categories = tree.data ?? [];
  const category = categories.find((item) => item.id === categoryId);
  const subCategories = category?.subCategories ?? [];
  const sub = subCategories.find((item) => item.id === subId);
  const childCategories = sub?.childCategories ?? [];

  // The panel that a selection opens may be below the fold (phones): bring it into view.
  const subPanel = useRef<HTMLDivElement>(null);
  const childPanel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (categoryId !== null) subPanel.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [categoryId]);
  useEffect(() => {
    if (subId !== null) childPanel.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [subId]);

  const selectCategory = (id: number) => {
    setCategoryId(id);
    setSubId(null);
    setRefusal(null);
  };
  const selectSub = (id: number) => {
    setSubId(id);
    setRefusal(null);
  };

  /** Runs one removal the admin said yes to, with its toasts; a refusal's reason is shown in the level's panel. */
  const remove = async ({ level, key, call, ok, failed, after }: PendingRemoval) => {
    setBusy(key);
    setRefusal(null);
    try {
      await call();
      toast.info(t(ok));
      after?.();
    } catch (error) {
      toast.error(t(failed));
      const message = reasonOf(error);
      if (message) setRefusal({ level, message });
    } finally {
      setBusy(null);
      setAsking(null);
      await invalidate('categories');
    }
  };

  const refusalFor = (level: Level) =>
    refusal?.level === level ? (
      <div className="mb-4">
        <ErrorBanner>
          <span className="flex flex-wrap items-start justify-between gap-2">
            <span>{refusal.message}</span>
            <button type="button" onClick={() => setRefusal(null)} className="text-xs font-semibold underline">
              {t('admin-catalog.categories.dismiss')}
            </button>
          </span>
        </ErrorBanner>
      </div>
    ) : null;

  return (
    <div className="space-y-6">
      <Card title={t('admin-catalog.categories.title')}>
        <AddForm
          label={t('admin-catalog.categories.nameLabel')}
          button={t('admin-catalog.categories.add')}
          schema={createCategorySchema}
          onAdd={async (name) => {
            await addCategory(name);
            await invalidate('categories');
          }}
          ok={CATEGORY_TOASTS.categoryAdded}
          failed={CATEGORY_TOASTS.categoryAddFailed}
        />
        <div className="mt-6">
          {refusalFor('category')}
          {tree.isPending ? (
            <p className="py-6 text-center text-sm text-slate-500">{t('admin-catalog.loading')}</p>
          ) : tree.isError ? (
            <p className="py-6 text-center text-sm text-red-600">{t('admin-catalog.categories.loadFailed')}</p>
          ) : categories.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">{t('admin-catalog.categories.empty')}</p>
          ) : (
            <div className="-mx-5 sm:-mx-6">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase max-sm:sr-only">
                  <tr>
                    <th scope="col" className="px-5 py-2.5 sm:px-6">
                      {t('admin-catalog.categories.column.name')}
                    </th>
                    <th scope="col" className="px-3 py-2.5">
                      {t('admin-catalog.categories.column.subcategories')}
                    </th>
                    <th scope="col" className="px-5 py-2.5 text-right sm:px-6">
                      {t('admin-catalog.categories.column.actions')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {categories.map((item) => {
                    const selected = item.id === categoryId;
                    return (
                      <tr
                        key={item.id}
                        className={`max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:py-1 ${selected ? 'bg-amber-50' : ''}`}
                      >
                        <th scope="row" className="px-5 py-2.5 font-medium text-slate-900 max-sm:flex-1 max-sm:pb-1 sm:px-6">
                          {item.name}
                        </th>
                        <td className="px-3 py-2.5 text-slate-600 max-sm:pb-1 max-sm:text-xs">
                          <span className="sm:hidden">{t('admin-catalog.categories.subcategoryCount')} </span>
                          {localDigits(String(item.subCategories?.length ?? 0), locale)}
                        </td>
                        <td className="px-5 py-2.5 max-sm:w-full max-sm:pt-1 sm:px-6">
                          <div className="flex justify-end gap-2 whitespace-nowrap max-sm:justify-start">
                            <Button
                              size="sm"
                              variant={selected ? 'secondary' : 'outline'}
                              aria-pressed={selected}
                              onClick={() => selectCategory(item.id)}
                            >
                              {t('admin-catalog.categories.manageSubcategories')}
                            </Button>
                            <Button
                              size="sm"
                              variant="ghost"
                              className="text-red-600! hover:bg-red-50!"
                              loading={busy === `c${item.id}`}
                              onClick={() =>
                                setAsking({
                                  level: 'category',
                                  key: `c${item.id}`,
                                  title: t('admin-catalog.categories.confirm.title', { name: item.name }),
                                  body: t('admin-catalog.categories.confirm.body'),
                                  action: t('admin-catalog.categories.confirm.action'),
                                  call: () => removeCategory(item.id),
                                  ok: CATEGORY_TOASTS.categoryRemoved,
                                  failed: CATEGORY_TOASTS.categoryRemoveFailed,
                                  after: () => {
                                    if (categoryId === item.id) {
                                      setCategoryId(null);
                                      setSubId(null);
                                    }
                                  },
                                })
                              }
                            >
                              {busy !== `c${item.id}` && <Trash2 className="size-4" aria-hidden="true" />}
                              {t('admin-catalog.categories.delete')}
                            </Button>
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </Card>

      <div ref={subPanel} className="scroll-mt-20 empty:hidden">
        {category && (
          <Card title={<Trail names={[category.name]} suffix={t('admin-catalog.subcategories.title')} />}>
            <AddForm
              key={category.id}
              label={t('admin-catalog.subcategories.nameLabel')}
              button={t('admin-catalog.subcategories.add')}
              schema={createSubCategorySchema}
              onAdd={async (name) => {
                await addSubCategory(category.id, name);
                await invalidate('categories');
              }}
              ok={CATEGORY_TOASTS.subAdded}
              failed={CATEGORY_TOASTS.subAddFailed}
            />
            <div className="mt-6">
              {refusalFor('sub')}
              {subCategories.length === 0 ? (
                <p className="py-4 text-center text-sm text-slate-500">{t('admin-catalog.subcategories.empty')}</p>
              ) : (
                <ul
                  aria-label={t('admin-catalog.subcategories.listLabel', { category: category.name })}
                  className="divide-y divide-slate-100 rounded-xl border border-slate-200"
                >
                  {subCategories.map((item) => {
                    const selected = item.id === subId;
                    return (
                      <li
                        key={item.id}
                        className={`flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 ${selected ? 'bg-amber-50' : ''}`}
                      >
                        <span className="font-medium text-slate-900">
                          {item.name}
                          <span className="ml-2 text-xs font-normal text-slate-500">
                            {t('admin-catalog.subcategories.childCount', {
                              count: item.childCategories?.length ?? 0,
                              total: localDigits(String(item.childCategories?.length ?? 0), locale),
                            })}
                          </span>
                        </span>
                        <span className="flex gap-2">
                          <Button
                            size="sm"
                            variant={selected ? 'secondary' : 'outline'}
                            aria-pressed={selected}
                            onClick={() => selectSub(item.id)}
                          >
                            {t('admin-catalog.subcategories.manageChildren')}
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            className="text-red-600! hover:bg-red-50!"
                            loading={busy === `s${item.id}`}
                            onClick={() =>
                              setAsking({
                                level: 'sub',
                                key: `s${item.id}`,
                                title: t('admin-catalog.subcategories.confirm.title', {
                                  name: item.name,
                                  category: category.name,
                                }),
                                body: t('admin-catalog.subcategories.confirm.body'),
                                action: t('admin-catalog.subcategories.confirm.action'),
                                call: () => removeSubCategory(category.id, item.id),
                                ok: CATEGORY_TOASTS.subRemoved,
                                failed: CATEGORY_TOASTS.subRemoveFailed,
                                after: () => {
                                  if (subId === item.id) setSubId(null);
                                },
                              })
                            }
                          >
                            {t('admin-catalog.subcategories.remove')}
                          </Button>
                        </span>
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          </Card>
        )}
      </div>

      <div ref={childPanel} className="scroll-mt-20 empty:hidden">
        {category && sub && (
          <Card title={<Trail names={[category.name, sub.name]} suffix={t('admin-catalog.children.title')} />}>
            <AddForm
              key={sub.id}
              label={t('admin-catalog.children.nameLabel')}
              button={t('admin-catalog.children.add')}
              schema={createChildCategorySchema}
              onAdd={async (name) => {
                await addChildCategory(category.id, sub.id, name);
                await invalidate('categories');
              }}
              ok={CATEGORY_TOASTS.childAdded}
              failed={CATEGORY_TOASTS.childAddFailed}
            />
            <div className="mt-6">
              {refusalFor('child')}
              {childCategories.length === 0 ? (
                <p className="py-4 text-center text-sm text-slate-500">{t('admin-catalog.children.empty')}</p>
              ) : (
                <ul
                  aria-label={t('admin-catalog.children.listLabel', { subcategory: sub.name })}
                  className="divide-y divide-slate-100 rounded-xl border border-slate-200"
                >
                  {childCategories.map((item) => (
                    <li key={item.id} className="flex items-center justify-between gap-2 px-4 py-2">
                      <span className="font-medium text-slate-900">{item.name}</span>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-600! hover:bg-red-50!"
                        loading={busy === `h${item.id}`}
                        onClick={() =>
                          setAsking({
                            level: 'child',
                            key: `h${item.id}`,
                            title: t('admin-catalog.children.confirm.title', { name: item.name, subcategory: sub.name }),
                            body: t('admin-catalog.children.confirm.body'),
                            action: t('admin-catalog.children.confirm.action'),
                            call: () => removeChildCategory(category.id, sub.id, item.id),
                            ok: CATEGORY_TOASTS.childRemoved,
                            failed: CATEGORY_TOASTS.childRemoveFailed,
                          })
                        }
                      >
                        {t('admin-catalog.categories.delete')}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </Card>
        )}
      </div>

      <ConfirmDialog
        open={asking !== null}
        title={asking?.title ?? ''}
        confirmLabel={asking?.action ?? ''}
        pending={asking !== null && busy === asking.key}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void remove(asking);
        }}
      >
        {asking?.body}
      </ConfirmDialog>
    </div>
  );
}

function Trail({ names, suffix }: { names: string[]; suffix: string }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      {names.map((name) => (
        <span key={name} className="flex items-center gap-1">
          <span className="text-slate-500">{name}</span>
          <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
        </span>
      ))}
      <span>{suffix}</span>
    </span>
  );
}

interface NameSchema {
  safeParse(
    value: unknown,
  ): { success: true; data: { name: string } } | { success: false; error: { issues: { message: string }[] } };
}

/** One-field add form: validates with the shared schema (name required, trimmed), toasts the outcome, clears on success. */
function AddForm({
  label,
  button,
  schema,
  onAdd,
  ok,
  failed,
}: {
  label: string;
  button: string;
  schema: NameSchema;
  onAdd: (name: string) => Promise<void>;
  ok: MessageId;
  failed: MessageId;
}): ReactNode {
  const t = useT();
  const locale = useLocale();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse({ name: value });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message === undefined ? undefined : validationMessage(message, locale));
      return;
    }
    setPending(true);
    try {
      await onAdd(parsed.data.name);
      toast.success(t(ok));
      setValue('');
      setError(undefined);
    } catch (caught) {
      toast.error(t(failed));
      setError(reasonOf(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label={label}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
        error={error}
        maxLength={60}
        autoComplete="off"
        className="flex-1"
      />
      <Button type="submit" variant="primary" loading={pending} className="sm:mt-7">
        {!pending && <Plus className="size-4" aria-hidden="true" />}
        {button}
      </Button>
    </form>
  );
}
