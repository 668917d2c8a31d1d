import { TextField } from '../../../components/ui/TextField';
import { useT } from '../../../lib/i18n';
import { useAdminCategoryTree } from '../catalog/api';
import { ProductPicker } from '../ui/ProductPicker';
import type { CouponFormState } from './use-coupon-form';

/** The ids as typed with `id` after them (comma separated); an id already there is not repeated. */
function withProductId(ids: string, id: number): string {
  const typed = ids.trim().replace(/,\s*$/, '');
  if (typed === '') return String(id);
  return typed.split(',').some((part) => part.trim() === String(id)) ? typed : `${typed}, ${id}`;
}

/**
 * What a coupon covers: top-level categories (checkboxes) and product ids. None of either: the
 * whole cart. Products can also be found by name: a pick adds its id to the field.
 */
export function CouponScopeFields({ form }: { form: CouponFormState }) {
  const t = useT();
  const tree = useAdminCategoryTree();
  const categories = tree.data ?? [];
  const { draft, errors } = form;
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <fieldset aria-describedby={errors.categoryIds ? 'coupon-categories-error' : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('admin.coupons.categories')}</legend>
        <p className="mb-2 text-xs text-slate-500">{t('admin.coupons.scopeHint')}</p>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {categories.map((category) => (
            <label key={category.id} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4"
                checked={draft.categoryIds.includes(category.id)}
                onChange={() => form.toggleCategory(category.id)}
              />
              {category.name}
            </label>
          ))}
        </div>
        {errors.categoryIds && (
          <p id="coupon-categories-error" className="mt-1 text-sm text-red-600">
            {errors.categoryIds}
          </p>
        )}
      </fieldset>
      <TextField
        label={t('admin.coupons.productIds')}
        hint={t('admin.coupons.productIdsHint')}
        inputMode="numeric"
        value={draft.productIds}
        onChange={(event) => form.set('productIds', event.target.value)}
        error={errors.productIds}
      />
      <ProductPicker
        label={t('admin.coupons.findProduct')}
        onPick={(product) => form.set('productIds', withProductId(draft.productIds, product.id))}
      />
    </div>
  );
}
