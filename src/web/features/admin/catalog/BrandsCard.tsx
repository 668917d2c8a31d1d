import { useQueryClient } from '@tanstack/react-query';
import Pencil from 'lucide-react/icons/pencil';
import { useState } from 'react';
import { brandCreateSchema } from '../../../../shared/specs';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { useT } from '../../../lib/i18n';
import { useCan } from '../permissions';
import { AddForm } from './AddForm';
import { type Brand, addBrand, renameBrand, useBrands } from './api';
import { useNameForm } from './use-name-form';

/**
 * The Categories tab's "Brands": the shop's managed list of brands by name, a form to add one and,
 * per brand, Rename (the row becomes a name field with Save and Cancel). A refused name (taken,
 * empty) is said under the field in the page's language.
 */
export function BrandsCard() {
  const t = useT();
  const brands = useBrands();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'brands'] });
  const [editing, setEditing] = useState<number | null>(null);
  // A role that may only look at the catalogue sees the list without Add and Rename.
  const canWrite = useCan('catalog.write');
  return (
    <Card title={t('admin-catalog.brands.title')}>
      {canWrite && (
        <AddForm
          label={t('admin-catalog.brands.nameLabel')}
          button={t('admin-catalog.brands.add')}
          schema={brandCreateSchema}
          onAdd={async (name) => {
            await addBrand(name);
            await refresh();
          }}
          ok="admin-catalog.brands.toast.added"
          failed="admin-catalog.brands.toast.addFailed"
        />
      )}
      <div className={canWrite ? 'mt-6' : undefined}>
        {brands.isPending ? (
          <p className="py-6 text-center text-sm text-slate-500">{t('admin-catalog.loading')}</p>
        ) : brands.isError ? (
          <p className="py-6 text-center text-sm text-red-600">{t('admin-catalog.brands.loadFailed')}</p>
        ) : brands.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{t('admin-catalog.brands.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="brand-list">
            {brands.data.map((brand) =>
              editing === brand.id ? (
                <RenameRow key={brand.id} brand={brand} refresh={refresh} onDone={() => setEditing(null)} />
              ) : (
                <li key={brand.id} className="flex min-h-12 items-center justify-between gap-3 py-1.5">
                  <span className="font-medium break-words text-slate-900">{brand.name}</span>
                  {canWrite && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setEditing(brand.id)}
                      aria-label={t('admin-catalog.brands.renameOf', { name: brand.name })}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                      {t('admin-catalog.brands.rename')}
                    </Button>
                  )}
                </li>
              ),
            )}
          </ul>
        )}
      </div>
    </Card>
  );
}

/** A brand being renamed: its name in a field, Save and Cancel. */
function RenameRow({ brand, refresh, onDone }: { brand: Brand; refresh: () => Promise<void>; onDone: () => void }) {
  const t = useT();
  const { value, change, error, pending, submit } = useNameForm(
    brandCreateSchema,
    async (name) => {
      await renameBrand(brand.id, name);
      await refresh();
    },
    {
      initial: brand.name,
      ok: 'admin-catalog.brands.toast.renamed',
      failed: 'admin-catalog.brands.toast.renameFailed',
      onSaved: onDone,
    },
  );
  return (
    <li className="py-2">
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField
          label={t('admin-catalog.brands.newNameOf', { name: brand.name })}
          value={value}
          onChange={(event) => change(event.target.value)}
          error={error}
          maxLength={60}
          autoComplete="off"
          autoFocus
          className="flex-1"
        />
        <div className="flex gap-2 sm:mt-7">
          <Button type="submit" variant="primary" size="sm" loading={pending}>
            {t('admin-catalog.brands.save')}
          </Button>
          <Button variant="outline" size="sm" onClick={onDone} disabled={pending}>
            {t('admin-catalog.brands.cancel')}
          </Button>
        </div>
      </form>
    </li>
  );
}
