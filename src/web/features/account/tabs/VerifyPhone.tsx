import { useMutation, useQueryClient } from '@tanstack/react-query';
import Smartphone from 'lucide-react/icons/smartphone';
import { type FormEvent, useState } from 'react';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../../shared/account-limits';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { ApiError, apiPost, errorMessage } from '../../../lib/api';
import { formatCount } from '../../../lib/format';
import { useCountdown } from '../../../lib/hooks';
import { useLocale, useT } from '../../../lib/i18n';
import { Msg } from '../../../lib/msg';
import { queryKeys } from '../../../lib/query-client';
import { toast } from '../../../lib/toast';
import type { PublicUser } from '../../../lib/user';

/**
 * A number typed into the account is the account's only once proved by a texted code (ADR 0047):
 * until then it neither logs in nor receives the shop's texts. Shown while it is unproved.
 */
export function VerifyPhone({ user }: { user: PublicUser }) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState(false);
  const [otp, setOtp] = useState('');
  const [resendIn, startCountdown] = useCountdown();

  const send = useMutation({
    mutationFn: () => apiPost<{ message?: string }>('/api/users/phone-code', {}, { auth: 'user' }),
    onSuccess: () => {
      toast.success(t('account.phoneVerify.sent', { phone: user.phoneNumber }));
      setSent(true);
      startCountdown(OTP_RESEND_SECONDS);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      const wait =
        error instanceof ApiError ? (error.body as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds : undefined;
      if (error instanceof ApiError && error.status === 429 && typeof wait === 'number' && wait > 0) {
        setSent(true);
        startCountdown(Math.ceil(wait));
      }
    },
  });

  const verify = useMutation({
    mutationFn: (code: string) => apiPost('/api/users/verify-phone', { otp: code }, { auth: 'user' }),
    onSuccess: async () => {
      toast.success(t('account.phoneVerify.done'));
      setOtp('');
      await queryClient.invalidateQueries({ queryKey: queryKeys.user(user.id) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = otp.trim();
    if (code) verify.mutate(code);
  };
  const length = formatCount(OTP_LENGTH, locale);

  return (
    <Card title={t('account.phoneVerify.title')}>
      <div className="flex items-start gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
        <Smartphone className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>
          <Msg id="account.phoneVerify.text" values={{ phone: user.phoneNumber }} components={{ 0: <strong /> }} />
        </p>
      </div>
      {!sent ? (
        <Button className="mt-5 w-full sm:w-auto" onClick={() => send.mutate()} loading={send.isPending}>
          {t('account.phoneVerify.send')}
        </Button>
      ) : (
        <form onSubmit={submit} className="mt-5 space-y-4">
          <TextField
            id="phone-otp"
            label={t('auth.code.label')}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('auth.otp.placeholder', { length })}
            value={otp}
            onChange={(event) => setOtp(event.target.value.replace(/\s/g, ''))}
            className="max-w-xs"
          />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button type="submit" disabled={otp.trim() === ''} loading={verify.isPending}>
              {t('account.phoneVerify.submit')}
            </Button>
            <Button variant="outline" disabled={resendIn > 0} loading={send.isPending} onClick={() => send.mutate()}>
              {t('account.verify.sendAgain')}
            </Button>
          </div>
          {resendIn > 0 && (
            <p className="text-sm text-slate-500">{t('auth.otp.resendIn', { seconds: formatCount(resendIn, locale) })}</p>
          )}
        </form>
      )}
    </Card>
  );
}
