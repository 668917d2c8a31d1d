import type { ChangeEvent } from 'react';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { useT } from '../../../lib/i18n';
import { FormFoot } from '../ui/FormFoot';
import { CouponScopeFields } from './CouponScopeFields';
import type { CouponDraft, CouponFormState } from './use-coupon-form';

/** The fields typed as text. */
type TextKey = Exclude<keyof CouponDraft, 'type' | 'categoryIds'>;

/**
 * A new coupon, or the one being edited: code, percent or fixed, value, its limits, when it runs
 * and what it covers. The server checks it all and names the field it refuses.
 */
export function CouponForm({ form }: { form: CouponFormState }) {
  const t = useT();
  const { draft, set, errors, editing } = form;
  const field = (key: TextKey) => ({
    value: draft[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value),
    error: errors[key],
  });
  const title = editing ? t('admin.coupons.editTitle', { code: editing.code }) : t('admin.coupons.new');
  return (
    <form
      id="coupon-form"
      onSubmit={(event) => void form.submit(event)}
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={title}
    >
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField label={t('admin.coupons.code')} {...field('code')} required />
        <SelectField
          label={t('admin.coupons.type')}
          value={draft.type}
          onChange={(e) => set('type', e.target.value === 'fixed' ? 'fixed' : 'percent')}
        >
          <option value="percent">{t('admin.coupons.percent')}</option>
          <option value="fixed">{t('admin.coupons.fixed')}</option>
        </SelectField>
        <TextField label={t('admin.coupons.value')} inputMode="decimal" {...field('value')} required />
        <TextField label={t('admin.coupons.minSubtotal')} inputMode="decimal" {...field('minSubtotal')} />
        {draft.type === 'percent' && (
          <TextField
            label={t('admin.coupons.maxDiscount')}
            inputMode="decimal"
            hint={t('admin.coupons.maxDiscountHint')}
            {...field('maxDiscount')}
          />
        )}
        <TextField label={t('admin.coupons.usageLimit')} inputMode="numeric" {...field('usageLimit')} />
        <TextField label={t('admin.coupons.perCustomerLimit')} inputMode="numeric" {...field('perCustomerLimit')} />
        <TextField
          label={t('admin.coupons.startsAt')}
          type="datetime-local"
          hint={t('admin.coupons.timeHint')}
          {...field('startsAt')}
        />
        <TextField label={t('admin.coupons.endsAt')} type="datetime-local" {...field('endsAt')} />
      </div>
      <CouponScopeFields form={form} />
      <FormFoot
        error={errors.form}
        saving={form.saving}
        editing={editing !== null}
        submitText={editing ? t('admin.coupons.save') : t('admin.coupons.create')}
        cancelText={t('admin.coupons.cancelEdit')}
        onCancel={form.reset}
      />
    </form>
  );
}
