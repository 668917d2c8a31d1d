import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AlertSettings } from '../../../../shared/alerts';
import { Card } from '../../../components/ui/Card';
import { ApiError, api, apiGet } from '../../../lib/api';
import { type MessageId, useT } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-client';
import { toast } from '../../../lib/toast';

const SWITCHES: { key: keyof AlertSettings; label: MessageId; hint: MessageId }[] = [
  { key: 'backInStock', label: 'account.alerts.backInStock', hint: 'account.alerts.backInStockHint' },
  { key: 'priceDrop', label: 'account.alerts.priceDrop', hint: 'account.alerts.priceDropHint' },
  { key: 'cartReminder', label: 'account.alerts.cartReminder', hint: 'account.alerts.cartReminderHint' },
];

/** The Account tab's switches for each kind of alert mail (each mail's unsubscribe link turns one off too). */
export function AlertsSection({ userId }: { userId: number }) {
  const t = useT();
  const client = useQueryClient();
  // What the shopper just chose: shown at once, while the save is on its way.
  const [chosen, setChosen] = useState<AlertSettings | undefined>();
  const key = [...queryKeys.user(userId), 'alerts'] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => apiGet<{ alerts: AlertSettings }>(`/api/users/${userId}/alerts`, { auth: 'user' }).then((r) => r.alerts),
  });
  const save = useMutation({
    mutationFn: (next: AlertSettings) =>
      api<{ alerts: AlertSettings }>(`/api/users/${userId}/alerts`, { method: 'PUT', body: next, auth: 'user' }).then((r) => r.alerts),
    onSuccess: (alerts) => {
      client.setQueryData(key, alerts);
      setChosen(alerts);
      toast.success(t('account.alerts.saved'));
    },
    onError: (error) => {
      setChosen(undefined);
      void client.invalidateQueries({ queryKey: key });
      toast.error(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('account.alerts.failed'));
    },
  });
  const settings = chosen ?? query.data;
  return (
    <Card title={t('account.alerts.title')}>
      <p className="text-sm text-slate-600">{t('account.alerts.intro')}</p>
      <ul className="mt-3 space-y-3">
        {SWITCHES.map((item) => (
          <li key={item.key}>
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                className="mt-1 size-4 accent-amber-600"
                checked={settings?.[item.key] ?? true}
                disabled={!settings || save.isPending}
                onChange={(event) => {
                  if (!settings) return;
                  const next = { ...settings, [item.key]: event.target.checked };
                  // The switch moves at once; a refusal puts back what the server holds.
                  setChosen(next);
                  save.mutate(next);
                }}
              />
              <span>
                <span className="block font-medium text-slate-900">{t(item.label)}</span>
                <span className="block text-sm text-slate-600">{t(item.hint)}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </Card>
  );
}
