import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../shared/account-limits';
import { Button, ButtonLink } from '../../components/ui/Button';
import { FormCard } from '../../components/ui/FormCard';
import { TextField } from '../../components/ui/TextField';
import { ApiError, apiPost, errorMessage } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { useCountdown, usePageTitle } from '../../lib/hooks';
import { useLocale, useT } from '../../lib/i18n';
import { Msg } from '../../lib/msg';
import { type SendOtpReply, announceOtpSent } from '../../lib/otp-sent';
import { DEFAULT_AFTER_LOGIN, safeReturnPath, withReturnPath } from '../../lib/return-path';
import { setToken } from '../../lib/session';
import { ResendCode } from './ResendCode';

/** The answer of verify-otp: a session token when the server logged the shopper in at once. */
interface VerifyReply {
  message?: string;
  token?: string;
}

/** Registration answered otpQueued: the mail server did not take the code at once, it is on its way. */
function otpQueuedFrom(state: unknown): boolean {
  return (state as { otpQueued?: unknown } | null)?.otpQueued === true;
}

/** The page the shopper came from before registering (RegisterPage's ?next=), validated again. */
function returnPathOf(state: unknown): string | undefined {
  return safeReturnPath((state as { returnPath?: unknown } | null)?.returnPath);
}

function userIdFrom(state: unknown): number | undefined {
  const id = (state as { userId?: unknown } | null)?.userId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The registration OTP screen; the new user's id arrives in navigation state. */
export default function OtpVerificationPage() {
  const t = useT();
  const locale = useLocale();
  usePageTitle(t('auth.otp.title'));
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const userId = userIdFrom(state);
  const otpQueued = otpQueuedFrom(state);
  const returnPath = returnPathOf(state);
  const [otp, setOtp] = useState('');
  // Registration has just sent a code: offer a new one only after the server's resend delay.
  const [resendIn, startResend] = useCountdown(OTP_RESEND_SECONDS);

  const verify = useMutation({
    // startSession: the server answers a session token to this browser (the one that registered),
    // so the new shopper is logged in at once and goes back where they were (ADR 0020).
    mutationFn: (code: string) => apiPost<VerifyReply>('/api/users/verify-otp', { userId, otp: code, startSession: true }),
    onSuccess: (reply) => {
      toast.success(t('auth.otp.verified'));
      if (typeof reply?.token === 'string' && reply.token) {
        setToken('user', reply.token);
        void navigate(returnPath ?? DEFAULT_AFTER_LOGIN, { replace: true });
      } else {
        // No session for this browser: log in, then back where they were.
        void navigate(withReturnPath('/login', returnPath), { replace: true });
      }
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const resend = useMutation({
    mutationFn: () => apiPost<SendOtpReply>('/api/users/send-otp', { userId }),
    onSuccess: (reply) => {
      announceOtpSent(reply);
      startResend(OTP_RESEND_SECONDS);
    },
    onError: (error) => {
      toast.error(t('auth.otp.sendFailed'));
      const wait = (error instanceof ApiError && (error.body as { retryAfterSeconds?: unknown })?.retryAfterSeconds) || 0;
      if (typeof wait === 'number' && wait > 0) startResend(wait);
    },
  });

  if (userId === undefined) {
    return (
      <FormCard title={t('auth.otp.title')} subtitle={t('auth.otp.noUser.subtitle')}>
        <p className="text-center text-sm leading-relaxed text-slate-600">{t('auth.otp.noUser.text')}</p>
        <ButtonLink to="/login" size="lg" className="mt-6 w-full">
          {t('auth.otp.noUser.login')}
        </ButtonLink>
      </FormCard>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = otp.trim();
    if (code) verify.mutate(code);
  };

  const length = formatCount(OTP_LENGTH, locale);
  return (
    <FormCard
      title={t('auth.otp.title')}
      subtitle={otpQueued ? t('auth.otp.subtitle.queued', { length }) : t('auth.otp.subtitle.sent', { length })}
      footer={
        <Msg
          id="auth.otp.wrongEmail"
          components={{
            0: <Link to="/register" className="font-semibold text-amber-700 hover:text-amber-800 hover:underline" />,
          }}
        />
      }
    >
      {/* The words of the server's ACCOUNT_MESSAGES.otpQueued, in the page's language. */}
      {otpQueued && (
        <p role="status" className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2.5 text-sm text-sky-900">
          {t('auth.otp.queued')}
        </p>
      )}
      <form onSubmit={submit} className="space-y-4">
        <TextField
          id="otp"
          label={t('auth.otp.label')}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('auth.otp.placeholder', { length })}
          value={otp}
          onChange={(event) => setOtp(event.target.value.replace(/\s/g, ''))}
          className="[&_input]:text-center [&_input]:text-lg [&_input]:tracking-[0.5em]"
        />
        <Button type="submit" size="lg" className="w-full" disabled={otp.trim() === ''} loading={verify.isPending}>
          {t('auth.otp.submit')}
        </Button>
      </form>
      <ResendCode resendIn={resendIn} onResend={() => resend.mutate()} sending={resend.isPending} />
    </FormCard>
  );
}
