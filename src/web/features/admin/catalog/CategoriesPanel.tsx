import ChevronRight from 'lucide-react/icons/chevron-right';
import Trash2 from 'lucide-react/icons/trash-2';
import ListChecks from 'lucide-react/icons/list-checks';
import { useEffect, useRef, useState } from 'react';
import { createCategorySchema, createChildCategorySchema, createSubCategorySchema } from '../../../../shared/catalog';
import { localDigits } from '../../../../shared/locale';
import { ErrorBanner } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { useLocale, useT } from '../../../lib/i18n';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useCan } from '../permissions';
import { AddForm } from './AddForm';
import { SearchDictionaryCard } from './SearchDictionaryCard';
import { BrandsCard } from './BrandsCard';
import { SpecFieldsDialog } from './specs/SpecFieldsDialog';
import { addCategory, addChildCategory, addSubCategory, removeCategory, removeChildCategory, removeSubCategory } from './api';
import { CATEGORY_TOASTS, type CategoriesPanelState, type Level, useCategoriesPanel } from './use-categories-panel';

export { CATEGORY_TOASTS } from './use-categories-panel';

/**
 * The admin's Categories tab: categories, then the subcategories of the selected category, then
 * the child categories of the selected subcategory. Selecting a category clears the
 * selected subcategory (leaving the tab unmounts this panel, which clears the selected category).
 */
export function CategoriesPanel() {
  const panel = useCategoriesPanel();
  const { asking, category, sub, categoryId, subId } = panel;
  // The panel that a selection opens may be below the fold (phones): bring it into view.
  const subPanel = useRef<HTMLDivElement>(null);
  const childPanel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (categoryId !== null) subPanel.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [categoryId]);
  useEffect(() => {
    if (subId !== null) childPanel.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [subId]);
  return (
    <div className="space-y-6">
      <CategoryCard panel={panel} />

      <div ref={subPanel} className="scroll-mt-20 empty:hidden">
        {category && <SubCategoryCard panel={panel} category={category} />}
      </div>

      <div ref={childPanel} className="scroll-mt-20 empty:hidden">
        {category && sub && <ChildCategoryCard panel={panel} category={category} sub={sub} />}
      </div>

      <SearchDictionaryCard />
      <BrandsCard />

      <ConfirmDialog
        open={asking !== null}
        title={asking?.title ?? ''}
        confirmLabel={asking?.action ?? ''}
        pending={asking !== null && panel.busy === asking.key}
        onCancel={() => panel.setAsking(null)}
        onConfirm={() => {
          if (asking) void panel.remove(asking);
        }}
      >
        {asking?.body}
      </ConfirmDialog>
    </div>
  );
}

/** A refusal's reason (still has products, a name rule) in the level's panel, with Dismiss. */
function Refusal({ panel, level }: { panel: CategoriesPanelState; level: Level }) {
  const t = useT();
  const { refusal } = panel;
  return refusal?.level === level ? (
    <div className="mb-4">
      <ErrorBanner>
        <span className="flex flex-wrap items-start justify-between gap-2">
          <span>{refusal.message}</span>
          <button type="button" onClick={panel.dismissRefusal} className="text-xs font-semibold underline">
            {t('admin-catalog.categories.dismiss')}
          </button>
        </span>
      </ErrorBanner>
    </div>
  ) : null;
}

type Category = NonNullable<CategoriesPanelState['category']>;
type SubCategory = NonNullable<CategoriesPanelState['sub']>;

/** The categories: add one, and a row per category with Manage subcategories and Delete. */
function CategoryCard({ panel }: { panel: CategoriesPanelState }) {
  const t = useT();
  // A role that may only look at the catalogue sees no Add or Delete (the server would refuse them).
  const canWrite = useCan('catalog.write');
  const locale = useLocale();
  const { tree, categories, categoryId, invalidate } = panel;
  const [specsOf, setSpecsOf] = useState<number | null>(null);
  const specsCategory = categories.find((item) => item.id === specsOf);
  return (
    <Card title={t('admin-catalog.categories.title')}>
      {canWrite && (
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
      )}
      <div className={canWrite ? 'mt-6' : undefined}>
        <Refusal panel={panel} level="category" />
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
                        <div className="flex flex-wrap justify-end gap-2 whitespace-nowrap max-sm:justify-start">
                          <Button
                            size="sm"
                            variant={selected ? 'secondary' : 'outline'}
                            aria-pressed={selected}
                            onClick={() => panel.selectCategory(item.id)}
                          >
                            {t('admin-catalog.categories.manageSubcategories')}
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={t('admin-catalog.specFields.openOf', { name: item.name })}
                            onClick={() => setSpecsOf(item.id)}
                          >
                            <ListChecks className="size-4" aria-hidden="true" />
                            {t('admin-catalog.specFields.open')}
                          </Button>
                          {canWrite && (
                            <Button
                              size="sm"
                              variant="ghost"
                              className="text-red-600! hover:bg-red-50!"
                              loading={panel.busy === `c${item.id}`}
                              onClick={() =>
                                panel.setAsking({
                                  level: 'category',
                                  key: `c${item.id}`,
                                  title: t('admin-catalog.categories.confirm.title', { name: item.name }),
                                  body: t('admin-catalog.categories.confirm.body'),
                                  action: t('admin-catalog.categories.confirm.action'),
                                  call: () => removeCategory(item.id),
                                  ok: CATEGORY_TOASTS.categoryRemoved,
                                  failed: CATEGORY_TOASTS.categoryRemoveFailed,
                                  after: () => panel.deselect('category', item.id),
                                })
                              }
                            >
                              {panel.busy !== `c${item.id}` && <Trash2 className="size-4" aria-hidden="true" />}
                              {t('admin-catalog.categories.delete')}
                            </Button>
                          )}
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
      {specsCategory && <SpecFieldsDialog key={specsCategory.id} category={specsCategory} onClose={() => setSpecsOf(null)} />}
    </Card>
  );
}

/** The selected category's subcategories: add one, Manage child categories and Remove each. */
function SubCategoryCard({ panel, category }: { panel: CategoriesPanelState; category: Category }) {
  const t = useT();
  // A role that may only look at the catalogue sees no Add or Delete (the server would refuse them).
  const canWrite = useCan('catalog.write');
  const locale = useLocale();
  const { subCategories, subId, invalidate } = panel;
  return (
    <Card title={<Trail names={[category.name]} suffix={t('admin-catalog.subcategories.title')} />}>
      {canWrite && (
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
      )}
      <div className={canWrite ? 'mt-6' : undefined}>
        <Refusal panel={panel} level="sub" />
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
                      onClick={() => panel.selectSub(item.id)}
                    >
                      {t('admin-catalog.subcategories.manageChildren')}
                    </Button>
                    {canWrite && (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-600! hover:bg-red-50!"
                        loading={panel.busy === `s${item.id}`}
                        onClick={() =>
                          panel.setAsking({
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
                            after: () => panel.deselect('sub', item.id),
                          })
                        }
                      >
                        {t('admin-catalog.subcategories.remove')}
                      </Button>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}

/** The selected subcategory's child categories: add one, Delete each. */
function ChildCategoryCard({ panel, category, sub }: { panel: CategoriesPanelState; category: Category; sub: SubCategory }) {
  const t = useT();
  // A role that may only look at the catalogue sees no Add or Delete (the server would refuse them).
  const canWrite = useCan('catalog.write');
  const { childCategories, invalidate } = panel;
  return (
    <Card title={<Trail names={[category.name, sub.name]} suffix={t('admin-catalog.children.title')} />}>
      {canWrite && (
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
      )}
      <div className={canWrite ? 'mt-6' : undefined}>
        <Refusal panel={panel} level="child" />
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
                {canWrite && (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-600! hover:bg-red-50!"
                    loading={panel.busy === `h${item.id}`}
                    onClick={() =>
                      panel.setAsking({
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
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
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
