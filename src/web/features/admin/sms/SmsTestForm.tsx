import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { smsTestSchema } from '../../../../shared/sms';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { apiPost } from '../../../lib/api';
import { showRefusal, useSchemaForm } from '../../../lib/forms';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/**
 * "Send a test text": one text to a number, to see that the gateway works. It passes the same
 * limits as every text (three an hour and ten a day to one number, the shop's daily cap); a refusal
 * says which. The tab itself needs the 'sms' permission, which only the owner holds.
 */
export function SmsTestForm() {
  const t = useT();
  const client = useQueryClient();
  const form = useSchemaForm(smsTestSchema, { to: '', text: '' }, { idPrefix: 'sms-test-' });
  const send = useMutation({ mutationFn: (body: { to: string; text: string }) => apiPost('/api/admin/sms/test', body, { auth: 'admin' }) });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    send.mutate(data, {
      onSuccess: () => {
        toast.success(t('admin-sms.test.queued'));
        void client.invalidateQueries({ queryKey: ['admin', 'sms'] });
      },
      onError: (error) => showRefusal(form, error),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="sms-test-title" className="mb-6 space-y-3 rounded-xl border border-slate-200 p-4">
      <h3 id="sms-test-title" className="font-semibold text-slate-900">
        {t('admin-sms.test.title')}
      </h3>
      <div className="grid gap-3 md:grid-cols-[14rem_1fr]">
        <TextField label={t('admin-sms.test.to')} type="tel" inputMode="tel" autoComplete="off" {...form.field('to')} />
        <TextField label={t('admin-sms.test.text')} autoComplete="off" {...form.field('text')} />
      </div>
      <Button type="submit" loading={send.isPending}>
        {t('admin-sms.test.send')}
      </Button>
    </form>
  );
}
