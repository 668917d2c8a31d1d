import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../shared/account-limits';
import {
  type ForgotPasswordInput,
  type ResetPasswordInput,
  forgotPasswordSchema,
  resetPasswordSchema,
} from '../../../shared/account-recovery';
import { Button } from '../../components/ui/Button';
import { FormCard } from '../../components/ui/FormCard';
import { TextField } from '../../components/ui/TextField';
import { ApiError, apiPost, errorMessage } from '../../lib/api';
import { showRefusal, useSchemaForm, validateNewPassword } from '../../lib/forms';
import { formatCount } from '../../lib/format';
import { useCountdown, usePageTitle } from '../../lib/hooks';
import { useLocale, useT } from '../../lib/i18n';
import { Msg } from '../../lib/msg';
import { getToken, logout } from '../../lib/session';
import { NewPasswordFields } from '../../components/ui/NewPasswordFields';
import { ResendCode } from './ResendCode';

/**
 * The server's answers on success are in English whatever the page's language (only its refusals
 * are translated): the page says the same (RECOVERY_MESSAGES.resetCodeSent, .passwordReset) in its own words.
 */
interface MessageReply {
  message?: string;
}

const linkClasses = 'font-semibold text-amber-700 hover:text-amber-800 hover:underline';

const loginFooter = <Msg id="auth.forgot.remembered" components={{ 0: <Link to="/login" className={linkClasses} /> }} />;

/** What the login form held when its 'Forgot password?' link was followed, if it was an email. */
function emailFrom(state: unknown): string {
  const typed = (state as { emailOrPhone?: unknown } | null)?.emailOrPhone;
  return typeof typed === 'string' && typed.includes('@') ? typed.trim() : '';
}

/** A way back in: a code mailed to the account's address, then a new password with it. */
export default function ForgotPasswordPage() {
  const t = useT();
  usePageTitle(t('auth.forgot.pageTitle'));
  const typed = emailFrom(useLocation().state);
  const [sent, setSent] = useState<{ email: string } | null>(null);

  if (!sent) return <EmailStep initialEmail={typed} onSent={setSent} />;
  return <ResetStep email={sent.email} onOtherEmail={() => setSent(null)} />;
}

/** Step 1: the account's email; the answer is the same whether or not an account uses it. */
function EmailStep({ initialEmail, onSent }: { initialEmail: string; onSent: (sent: { email: string }) => void }) {
  const t = useT();
  const locale = useLocale();
  const form = useSchemaForm(forgotPasswordSchema, { email: initialEmail });
  const request = useMutation({
    mutationFn: (body: ForgotPasswordInput) => apiPost<MessageReply>('/api/users/forgot-password', body),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    request.mutate(data, {
      onSuccess: () => onSent({ email: data.email }),
      onError: (error) => showRefusal(form, error),
    });
  };

  return (
    <FormCard
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle', { length: formatCount(OTP_LENGTH, locale) })}
      footer={loginFooter}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label={t('auth.field.email')} type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </FormCard>
  );
}

/** Step 2: the mailed code and the new password; a new code after the resend delay. */
function ResetStep({ email, onOtherEmail }: { email: string; onOtherEmail: () => void }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const form = useSchemaForm(resetPasswordSchema, { email, otp: '', password: '', confirmPassword: '' });
  // A code has just been asked for: offer another only after the same delay as the OTP screen.
  const [resendIn, startResend] = useCountdown(OTP_RESEND_SECONDS);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => codeRef.current?.focus(), []);

  const reset = useMutation({
    mutationFn: (body: ResetPasswordInput) => apiPost<MessageReply>('/api/users/reset-password', body),
  });
  const resend = useMutation({
    mutationFn: () => apiPost<MessageReply>('/api/users/forgot-password', { email }),
    onSuccess: () => {
      toast.success(t('auth.forgot.codeSent'));
      startResend(OTP_RESEND_SECONDS);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      const wait = error instanceof ApiError ? (error.body as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds : 0;
      if (typeof wait === 'number' && wait > 0) startResend(Math.ceil(wait));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = validateNewPassword(form);
    if (!data) return;
    reset.mutate(data, {
      onSuccess: () => {
        // Every session of the account has ended; a session held in this browser goes too.
        void navigate('/login', { replace: true });
        if (getToken('user')) logout();
        toast.success(t('auth.reset.done'));
      },
      onError: (error) => showRefusal(form, error),
    });
  };

  return (
    <FormCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} footer={loginFooter}>
      <p role="status" className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2.5 text-sm text-sky-900">
        {t('auth.forgot.codeSent')}
      </p>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm text-slate-600">
        <p className="min-w-0">
          <Msg id="auth.reset.email" values={{ email }} components={{ 0: <strong className="break-all text-slate-900" /> }} />
        </p>
        <button type="button" onClick={onOtherEmail} className={`whitespace-nowrap ${linkClasses}`}>
          {t('auth.reset.otherEmail')}
        </button>
      </div>
      <form onSubmit={submit} noValidate className="space-y-4">
        {/* The account's name for password managers, which file the new password under it. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          ref={codeRef}
          label={t('auth.otp.label')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('auth.otp.placeholder', { length: formatCount(OTP_LENGTH, locale) })}
          {...form.field('otp')}
          onChange={(event) => form.setValue('otp', event.target.value.replace(/\s/g, ''))}
        />
        <NewPasswordFields password={form.field('password')} confirmPassword={form.field('confirmPassword')} />
        <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
          {t('auth.reset.submit')}
        </Button>
      </form>
      <ResendCode resendIn={resendIn} onResend={() => resend.mutate()} sending={resend.isPending} />
    </FormCard>
  );
}
