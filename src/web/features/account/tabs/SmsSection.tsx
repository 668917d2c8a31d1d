import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SmsSettings } from '../../../../shared/sms';
import { Card } from '../../../components/ui/Card';
import { ApiError, api, apiGet } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-client';
import { toast } from '../../../lib/toast';

/** The Account tab's switch for order updates by text (placed, shipped, delivered, cancelled, paid). */
export function SmsSection({ userId, phone }: { userId: number; phone: string }) {
  const t = useT();
  const client = useQueryClient();
  // What the shopper just chose: shown at once, while the save is on its way.
  const [chosen, setChosen] = useState<SmsSettings | undefined>();
  const key = [...queryKeys.user(userId), 'sms'] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => apiGet<{ sms: SmsSettings }>(`/api/users/${userId}/sms`, { auth: 'user' }).then((r) => r.sms),
  });
  const save = useMutation({
    mutationFn: (next: SmsSettings) =>
      api<{ sms: SmsSettings }>(`/api/users/${userId}/sms`, { method: 'PUT', body: next, auth: 'user' }).then((r) => r.sms),
    onSuccess: (sms) => {
      client.setQueryData(key, sms);
      setChosen(sms);
      toast.success(t('account.sms.saved'));
    },
    onError: (error) => {
      setChosen(undefined);
      void client.invalidateQueries({ queryKey: key });
      toast.error(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('account.sms.failed'));
    },
  });
  const settings = chosen ?? query.data;
  return (
    <Card title={t('account.sms.title')}>
      <p className="text-sm text-slate-600">{t('account.sms.intro', { phone })}</p>
      <label className="mt-3 flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-amber-600"
          checked={settings?.orderUpdates ?? true}
          disabled={!settings || save.isPending}
          onChange={(event) => {
            if (!settings) return;
            const next = { orderUpdates: event.target.checked };
            // The switch moves at once; a refusal puts back what the server holds.
            setChosen(next);
            save.mutate(next);
          }}
        />
        <span>
          <span className="block font-medium text-slate-900">{t('account.sms.orderUpdates')}</span>
          <span className="block text-sm text-slate-600">{t('account.sms.orderUpdatesHint')}</span>
        </span>
      </label>
    </Card>
  );
}
