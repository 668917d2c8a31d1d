import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { CouponInputBody, useAdminCoupons } from './api';

const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** A new coupon: code, percent or fixed, value and the common limits; the server checks it all. */
export function CouponForm({ create }: { create: ReturnType<typeof useAdminCoupons>['create'] }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [type, setType] = useState<'percent' | 'fixed'>('percent');
  const [value, setValue] = useState('');
  const [minSubtotal, setMinSubtotal] = useState('');
  const [usageLimit, setUsageLimit] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body: CouponInputBody = {
      code: code.trim(),
      type,
      value: Number(value),
      minSubtotal: optionalNumber(minSubtotal),
      usageLimit: optionalNumber(usageLimit),
    };
    try {
      await create.mutateAsync(body);
      toast.success(t('admin.coupons.created'));
      setCode('');
      setValue('');
      setMinSubtotal('');
      setUsageLimit('');
    } catch (error) {
      if (error instanceof ApiError)
        setErrors({
          ...error.fieldErrors,
          ...(Object.keys(error.fieldErrors).length === 0 ? { code: error.serverMessage ?? '' } : {}),
        });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('admin.coupons.new')}>
      <TextField
        label={t('admin.coupons.code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.code}
        required
      />
      <SelectField
        label={t('admin.coupons.type')}
        value={type}
        onChange={(e) => setType(e.target.value === 'fixed' ? 'fixed' : 'percent')}
      >
        <option value="percent">{t('admin.coupons.percent')}</option>
        <option value="fixed">{t('admin.coupons.fixed')}</option>
      </SelectField>
      <TextField
        label={t('admin.coupons.value')}
        inputMode="decimal"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={errors.value}
        required
      />
      <TextField
        label={t('admin.coupons.minSubtotal')}
        inputMode="decimal"
        value={minSubtotal}
        onChange={(e) => setMinSubtotal(e.target.value)}
        error={errors.minSubtotal}
      />
      <TextField
        label={t('admin.coupons.usageLimit')}
        inputMode="numeric"
        value={usageLimit}
        onChange={(e) => setUsageLimit(e.target.value)}
        error={errors.usageLimit}
      />
      <div className="flex items-end">
        <Button type="submit" loading={create.isPending}>
          {t('admin.coupons.create')}
        </Button>
      </div>
    </form>
  );
}
