import { useMutation, useQueryClient } from '@tanstack/react-query';
import BadgeCheck from 'lucide-react/icons/badge-check';
import MailWarning from 'lucide-react/icons/mail-warning';
import { type FormEvent, type ReactNode, Suspense, lazy, useState } from 'react';
import { toast } from '../../../lib/toast';
import { AlertsSection } from './AlertsSection';
import { SmsSection } from './SmsSection';
import { VerifyPhone } from './VerifyPhone';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../../shared/account-limits';
import { ErrorBoundary } from '../../../components/ErrorBoundary';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { ApiError, apiPost, errorMessage } from '../../../lib/api';
import { useAfterFirstPaint } from '../../../lib/first-paint';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { Msg } from '../../../lib/msg';
import { type SendOtpReply, announceOtpSent } from '../../../lib/otp-sent';
import { useCountdown } from '../../../lib/hooks';
import { queryKeys } from '../../../lib/query-client';
import { type PublicUser, useCurrentUser } from '../../../lib/user';

/**
 * The password, email and phone forms and their validation (zod) load on their own, after the
 * profile's first paint: the account page's first visit does not wait for them.
 */
const loadSecurity = () => import('./SecuritySection').then((module) => ({ default: module.SecuritySection }));

/** A failed load is tried anew with a fresh React.lazy (it keeps a failure). */
let SecuritySection = lazy(loadSecurity);

/** How long a mailed code is valid (the server's OTP_TTL_MS). */
const OTP_VALID_MINUTES = 10;

/**
 * The Account tab (Profile): the shopper's details and, while unverified, email verification by
 * OTP; below them, sign-in and security.
 */
export function ProfileTab() {
  const t = useT();
  const { data: user, error, refetch, isFetching } = useCurrentUser();
  const painted = useAfterFirstPaint();

  if (!user) {
    return (
      <Card title={t('account.profile.title')}>
        {error && !isFetching ? (
          <div className="py-6 text-center">
            <p className="text-slate-600">{errorMessage(error, t('account.profile.loadFailed'))}</p>
            <Button variant="outline" size="sm" className="mt-4" onClick={() => void refetch()}>
              {t('account.tryAgain')}
            </Button>
          </div>
        ) : (
          <p className="py-6 text-center text-slate-500">{t('account.profile.loading')}</p>
        )}
      </Card>
    );
  }

  return (
    <div className="space-y-6">
      <Card title={t('account.profile.title')}>
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
          <span
            className="flex size-20 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-amber-400 to-orange-500 text-3xl font-bold text-slate-950 shadow-sm"
            aria-hidden="true"
          >
            {user.firstName.charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="truncate text-xl font-semibold text-slate-900">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-sm text-slate-500">{user.email}</p>
          </div>
        </div>
        <dl className="mt-6 divide-y divide-slate-100 rounded-xl border border-slate-100">
          <Detail label={t('account.profile.fullName')}>
            {user.firstName} {user.lastName}
          </Detail>
          <Detail label={t('account.profile.email')}>{user.email}</Detail>
          <Detail label={t('account.profile.phoneNumber')}>{user.phoneNumber}</Detail>
          <Detail label={t('account.profile.verified')}>
            <span
              data-testid="verified-status"
              className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold ${user.emailVerified ? 'bg-emerald-50 text-emerald-700' : 'bg-amber-50 text-amber-800'}`}
            >
              {user.emailVerified && <BadgeCheck className="size-4" aria-hidden="true" />}
              {user.emailVerified ? t('account.profile.verified.yes') : t('account.profile.verified.no')}
            </span>
          </Detail>
        </dl>
      </Card>
      {!user.emailVerified && <VerifyEmail user={user} />}
      {!user.phoneVerified && <VerifyPhone user={user} />}
      {painted && <Security user={user} />}
      {painted && <AlertsSection userId={user.id} />}
      {painted && <SmsSection userId={user.id} phone={user.phoneNumber} />}
    </div>
  );
}

/** Sign-in and security; code that cannot be fetched fails this part alone, with a retry, not the page. */
function Security({ user }: { user: PublicUser }) {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    SecuritySection = lazy(loadSecurity);
    setAttempt((n) => n + 1); // a new boundary, rendering the new loader
  };
  return (
    <ErrorBoundary
      key={attempt}
      logPrefix="Sign-in and security could not be loaded:"
      fallback={() => (
        <Card title={t('account.security.title')}>
          <div className="py-6 text-center">
            <p className="text-slate-600">{t('account.security.loadFailed')}</p>
            <Button variant="outline" size="sm" className="mt-4" onClick={retry}>
              {t('account.tryAgain')}
            </Button>
          </div>
        </Card>
      )}
    >
      <Suspense fallback={<LoadingBlock label={t('account.security.loading')} className="py-8" />}>
        <SecuritySection user={user} />
      </Suspense>
    </ErrorBoundary>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
      <dt className="text-sm text-slate-500 sm:w-36 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Unverified → Send OTP → code input, Verify OTP and Send Again with a 60 s countdown → verified. */
function VerifyEmail({ user }: { user: PublicUser }) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState(false);
  const [otp, setOtp] = useState('');
  const [resendIn, startCountdown] = useCountdown();

  const send = useMutation({
    mutationFn: () => apiPost<SendOtpReply>('/api/users/send-otp', { userId: user.id }),
    onSuccess: (reply) => {
      announceOtpSent(reply);
      setSent(true);
      startCountdown(OTP_RESEND_SECONDS);
    },
    onError: (error) => {
      toast.error(t('auth.otp.sendFailed'));
      // Too soon after the last code: that code still works, so let the shopper type it.
      const wait =
        error instanceof ApiError ? (error.body as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds : undefined;
      if (error instanceof ApiError && error.status === 429 && typeof wait === 'number' && wait > 0) {
        setSent(true);
        startCountdown(Math.ceil(wait));
      }
    },
  });

  const verify = useMutation({
    mutationFn: (code: string) => apiPost('/api/users/verify-otp', { userId: user.id, otp: code }),
    onSuccess: async () => {
      toast.success(t('account.verify.done'));
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
    <Card title={t('account.verify.title')}>
      <div className="flex items-start gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
        <MailWarning className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>
          <Msg
            id="account.verify.notVerified"
            values={{ length, email: user.email, minutes: formatCount(OTP_VALID_MINUTES, locale) }}
            components={{ 0: <strong className="break-all" /> }}
          />
        </p>
      </div>
      {!sent ? (
        <Button className="mt-5 w-full sm:w-auto" onClick={() => send.mutate()} loading={send.isPending}>
          {t('account.verify.send')}
        </Button>
      ) : (
        <form onSubmit={submit} className="mt-5 space-y-4">
          <TextField
            id="profile-otp"
            label={t('auth.otp.label')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('auth.otp.placeholder', { length })}
            value={otp}
            onChange={(event) => setOtp(event.target.value.replace(/\s/g, ''))}
            className="max-w-xs"
          />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button type="submit" disabled={otp.trim() === ''} loading={verify.isPending}>
              {t('account.verify.submit')}
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
