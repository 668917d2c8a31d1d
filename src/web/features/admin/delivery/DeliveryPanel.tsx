import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type DistrictDelivery, type DistrictTable, districtDeliveryInputSchema } from '../../../../shared/delivery';
import { NEPAL_PROVINCES } from '../../../../shared/orders';
import { provinceName } from '../../../components/orders/order-labels';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/TextField';
import { ApiError, apiGet, apiPut, errorMessage } from '../../../lib/api';
import { districtTableKey } from '../../../lib/district-delivery';
import { useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

const adminKey = ['admin', 'delivery-districts'] as const;

/**
 * The owner's Delivery tab: each of the 77 districts, province by province, with its fee, the
 * days a delivery takes and whether cash on delivery is offered; a district not yet edited shows
 * the shop's valley or outside settings. Each row is saved on its own.
 */
export function DeliveryPanel() {
  const t = useT();
  const list = useQuery({
    queryKey: adminKey,
    queryFn: () => apiGet<DistrictTable>('/api/admin/delivery/districts', { auth: 'admin' }),
  });
  return (
    <section className="space-y-4" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading" className="text-lg font-semibold text-slate-900">
        {t('admin.tabs.delivery')}
      </h2>
      <p className="text-sm text-slate-600">{t('admin.delivery.intro')}</p>
      {list.isError && <p role="alert">{t('admin.delivery.loadFailed')}</p>}
      {list.data &&
        NEPAL_PROVINCES.map((province) => (
          <table key={province} className="w-full border-separate border-spacing-y-1 text-sm">
            <caption className="pt-3 pb-1 text-left font-semibold text-slate-900">{provinceName(province, t)}</caption>
            <thead>
              <tr className="text-left text-xs text-slate-600">
                <th scope="col" className="w-1/4 font-medium">
                  {t('admin.delivery.district')}
                </th>
                <th scope="col" className="font-medium">
                  {t('admin.delivery.fee')}
                </th>
                <th scope="col" className="font-medium">
                  {t('admin.delivery.days')}
                </th>
                <th scope="col" className="font-medium">
                  {t('admin.delivery.cod')}
                </th>
                <th scope="col">
                  <span className="sr-only">{t('admin.delivery.save')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.districts
                .filter((row) => row.province === province)
                .map((row) => (
                  <DistrictRow key={row.district} row={row} />
                ))}
            </tbody>
          </table>
        ))}
    </section>
  );
}

function DistrictRow({ row }: { row: DistrictDelivery }) {
  const t = useT();
  const locale = useLocale();
  const client = useQueryClient();
  const name = locale === 'ne' ? row.ne : row.district;
  const [values, setValues] = useState({
    fee: String(row.fee),
    daysMin: String(row.daysMin),
    daysMax: String(row.daysMax),
    cod: row.cod,
  });
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: unknown) =>
      apiPut<{ district: DistrictDelivery }>(`/api/admin/delivery/districts/${encodeURIComponent(row.district)}`, input, {
        auth: 'admin',
      }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKey }),
        client.invalidateQueries({ queryKey: districtTableKey }),
      ]);
    },
  });
  const changed =
    values.fee !== String(row.fee) ||
    values.daysMin !== String(row.daysMin) ||
    values.daysMax !== String(row.daysMax) ||
    values.cod !== row.cod;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      fee: values.fee.trim() === '' ? Number.NaN : Number(values.fee),
      daysMin: Number(values.daysMin),
      daysMax: Number(values.daysMax),
      cod: values.cod,
    };
    const parsed = districtDeliveryInputSchema.safeParse(input);
    if (!parsed.success) {
      setError(t('admin.delivery.invalid'));
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      setError(null);
      toast.success(t('admin.delivery.saved', { district: name }));
    } catch (failure) {
      const fields = failure instanceof ApiError ? Object.values(failure.fieldErrors) : [];
      setError(fields[0] ?? errorMessage(failure));
    }
  };
  const id = `district-${row.district.replace(/\s+/g, '-')}`;
  const number = `${inputClasses.replace('w-full', '')} border-control h-9`;
  return (
    <tr data-testid={id} className="align-top">
      <th scope="row" className="py-1 pr-2 text-left font-medium text-slate-900">
        {name}
        {!row.edited && <span className="block text-xs font-normal text-slate-600">{t('admin.delivery.default')}</span>}
        {error && (
          <span role="alert" className="block text-xs font-normal text-red-700">
            {error}
          </span>
        )}
      </th>
      <td className="py-1 pr-2">
        <form id={`${id}-form`} noValidate onSubmit={(event) => void submit(event)} />
        <input
          form={`${id}-form`}
          type="text"
          inputMode="decimal"
          aria-label={t('admin.delivery.feeFor', { district: name })}
          value={values.fee}
          onChange={(event) => setValues({ ...values, fee: event.target.value })}
          className={`${number} w-24`}
        />
      </td>
      <td className="py-1 pr-2">
        <div className="flex items-center gap-1">
          <input
            form={`${id}-form`}
            type="text"
            inputMode="numeric"
            aria-label={t('admin.delivery.daysMinFor', { district: name })}
            value={values.daysMin}
            onChange={(event) => setValues({ ...values, daysMin: event.target.value })}
            className={`${number} w-16`}
          />
          <span aria-hidden="true">–</span>
          <input
            form={`${id}-form`}
            type="text"
            inputMode="numeric"
            aria-label={t('admin.delivery.daysMaxFor', { district: name })}
            value={values.daysMax}
            onChange={(event) => setValues({ ...values, daysMax: event.target.value })}
            className={`${number} w-16`}
          />
        </div>
      </td>
      <td className="py-1 pr-2">
        <input
          form={`${id}-form`}
          type="checkbox"
          aria-label={t('admin.delivery.codFor', { district: name })}
          checked={values.cod}
          onChange={(event) => setValues({ ...values, cod: event.target.checked })}
          className="mt-2.5 size-4 accent-amber-700"
        />
      </td>
      <td className="py-1">
        <Button form={`${id}-form`} type="submit" size="sm" variant="outline" disabled={!changed} loading={save.isPending}>
          {t('admin.delivery.save')}
          <span className="sr-only"> {name}</span>
        </Button>
      </td>
    </tr>
  );
}
