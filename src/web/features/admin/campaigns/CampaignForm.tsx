import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { CAMPAIGN_TARGETS } from '../../../../shared/campaigns';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { useT } from '../../../lib/i18n';
import { FormFoot } from '../ui/FormFoot';
import { ProductPicker } from '../ui/ProductPicker';
import { NepalDateTimeField } from './NepalDateTimeField';
import type { CampaignFormState } from './use-campaign-form';

const TARGET_LABELS = {
  product: 'admin.campaigns.target.product',
  variant: 'admin.campaigns.target.variant',
  category: 'admin.campaigns.target.category',
} as const;

/**
 * A new campaign, or the one being edited: its name, start and end in Nepal time (Gregorian and
 * Bikram Sambat), and its items: a product, variant or top-level category by id, each with a
 * percent off or a sale price (a product can also be found by name). The server checks it all and
 * names the field it refuses.
 */
export function CampaignForm({ form }: { form: CampaignFormState }) {
  const t = useT();
  const { draft, set, errors, editing } = form;
  const title = editing ? t('admin.campaigns.editTitle', { name: editing.name }) : t('admin.campaigns.new');
  return (
    <form
      id="campaign-form"
      onSubmit={(event) => void form.submit(event)}
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={title}
    >
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <TextField
        label={t('admin.campaigns.name')}
        value={draft.name}
        onChange={(event) => set('name', event.target.value)}
        error={errors.name}
        required
      />
      <p className="text-xs text-slate-600">{t('admin.campaigns.timeHint')}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        <NepalDateTimeField
          label={t('admin.campaigns.startsAt')}
          value={draft.startsAt}
          onChange={(value) => set('startsAt', value)}
          error={errors.startsAt}
        />
        <NepalDateTimeField
          label={t('admin.campaigns.endsAt')}
          value={draft.endsAt}
          onChange={(value) => set('endsAt', value)}
          error={errors.endsAt}
        />
      </div>
      <fieldset aria-describedby={errors.items ? 'campaign-items-error' : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('admin.campaigns.items')}</legend>
        <p className="mb-2 text-xs text-slate-600">{t('admin.campaigns.itemsHint')}</p>
        <ol className="space-y-3">
          {draft.items.map((item, index) => (
            <li
              key={index}
              className="grid items-start gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[1fr_1fr_1fr_1fr_auto]"
            >
              <SelectField
                label={t('admin.campaigns.target')}
                value={item.target}
                onChange={(event) => form.setItem(index, { target: event.target.value as typeof item.target })}
              >
                {CAMPAIGN_TARGETS.map((target) => (
                  <option key={target} value={target}>
                    {t(TARGET_LABELS[target])}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={t('admin.campaigns.targetId')}
                inputMode="numeric"
                value={item.id}
                onChange={(event) => form.setItem(index, { id: event.target.value })}
                error={errors[`items.${index}.id`]}
              />
              <SelectField
                label={t('admin.campaigns.kind')}
                value={item.kind}
                onChange={(event) => form.setItem(index, { kind: event.target.value === 'price' ? 'price' : 'percent' })}
              >
                <option value="percent">{t('admin.campaigns.percentOff')}</option>
                <option value="price">{t('admin.campaigns.salePrice')}</option>
              </SelectField>
              <TextField
                label={item.kind === 'percent' ? t('admin.campaigns.percent') : t('admin.campaigns.rupees')}
                inputMode="decimal"
                value={item.amount}
                onChange={(event) => form.setItem(index, { amount: event.target.value })}
                error={
                  errors[`items.${index}.percentOff`] ?? errors[`items.${index}.salePrice`] ?? errors[`items.${index}.target`]
                }
              />
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="sm:mt-7"
                onClick={() => form.removeItem(index)}
                aria-label={t('admin.campaigns.removeItem', { number: index + 1 })}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ol>
        {errors.items && (
          <p id="campaign-items-error" className="mt-1 text-sm text-red-600">
            {errors.items}
          </p>
        )}
        <Button type="button" variant="outline" size="sm" className="mt-2" onClick={form.addItem}>
          <Plus className="size-4" aria-hidden="true" />
          {t('admin.campaigns.addItem')}
        </Button>
        <ProductPicker
          className="mt-3"
          label={t('admin.campaigns.findProduct')}
          onPick={(product) => form.addProduct(product.id)}
        />
      </fieldset>
      <FormFoot
        error={errors.form}
        saving={form.saving}
        editing={editing !== null}
        submitText={editing ? t('admin.campaigns.save') : t('admin.campaigns.create')}
        cancelText={t('admin.campaigns.cancelEdit')}
        onCancel={form.reset}
      />
    </form>
  );
}
