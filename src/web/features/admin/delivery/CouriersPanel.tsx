import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Courier } from '../../../../shared/shipping';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { ApiError, api, apiGet, apiPost, errorMessage } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

const couriersKey = ['admin', 'couriers'] as const;

/**
 * The owner's couriers: each with the address of its tracking page, `{tracking}` standing for the
 * parcel's number. Shipping an order picks one; removing one keeps its name on the orders it carried.
 */
export function CouriersPanel() {
  const t = useT();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: couriersKey,
    queryFn: ({ signal }) => apiGet<{ couriers: Courier[] }>('/api/admin/couriers', { auth: 'admin', signal }),
  });
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (input: { name: string; trackingUrl: string }) =>
      apiPost<{ courier: Courier }>('/api/admin/couriers', input, { auth: 'admin' }),
    onSuccess: () => client.invalidateQueries({ queryKey: couriersKey }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/admin/couriers/${id}`, { method: 'DELETE', auth: 'admin' }),
    onSuccess: () => client.invalidateQueries({ queryKey: couriersKey }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await add.mutateAsync({ name, trackingUrl: url });
      setName('');
      setUrl('');
      setError(null);
      toast.success(t('admin.couriers.added'));
    } catch (failure) {
      const fields = failure instanceof ApiError ? Object.values(failure.fieldErrors) : [];
      setError(fields[0] ?? errorMessage(failure));
    }
  };
  return (
    <section className="space-y-3" aria-labelledby="couriers-heading" data-testid="couriers">
      <h2 id="couriers-heading" className="text-lg font-semibold text-slate-900">
        {t('admin.couriers.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('admin.couriers.intro', { tracking: '{tracking}' })}</p>
      {list.isError && <p role="alert">{t('admin.couriers.loadFailed')}</p>}
      <ul className="divide-y divide-slate-100 text-sm">
        {(list.data?.couriers ?? []).map((courier) => (
          <li key={courier.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium text-slate-900">{courier.name}</span>
              <span className="block font-mono text-xs break-all text-slate-600">{courier.trackingUrl}</span>
            </span>
            <Button
              variant="outline"
              size="sm"
              loading={remove.isPending && remove.variables === courier.id}
              onClick={() => remove.mutate(courier.id)}
            >
              {t('admin.couriers.remove', { name: courier.name })}
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
        <TextField
          label={t('admin.couriers.name')}
          value={name}
          maxLength={60}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label={t('admin.couriers.url')}
          value={url}
          maxLength={300}
          placeholder="https://…?n={tracking}"
          onChange={(event) => setUrl(event.target.value)}
        />
        <Button type="submit" loading={add.isPending}>
          {t('admin.couriers.add')}
        </Button>
        {error && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-3">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
