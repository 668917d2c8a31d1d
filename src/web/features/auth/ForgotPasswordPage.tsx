import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../shared/account-limits';
import { type ResetPasswordInput, forgotPasswordSchema, resetPasswordSchema } from '../../../shared/account-recovery';
import { Button } from '../../components/ui/Button';
import { FormCard } from '../../components/ui/FormCard';
import { TextField } from '../../components/ui/TextField';
import { SMS_MESSAGES } from '../../../shared/sms';
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

/** What the login form held when its 'Forgot password?' link was followed. */
function typedFrom(state: unknown): string {
  const typed = (state as { emailOrPhone?: unknown } | null)?.emailOrPhone;
  return typeof typed === 'string' ? typed.trim() : '';
}

/** Whose password: an email, or a (verified) mobile number. */
type Whose = { email: string } | { phoneNumber: string };

/**
 * One field takes either: an '@', or no digit at all, makes it an email (and its messages); anything
 * else is a phone number as typed. The shared schema's messages are shown on the one field.
 */
const emailOrMobileSchema = {
  safeParse(value: unknown) {
    const raw = (value as { emailOrPhone?: unknown }).emailOrPhone;
    const typed = typeof raw === 'string' ? raw : '';
    const body = typed.includes('@') || !/[0-9०-९]/.test(typed) ? { email: typed } : { phoneNumber: typed };
    const result = forgotPasswordSchema.safeParse(body);
    if (result.success) return { success: true as const, data: result.data as Whose };
    const issues = result.error.issues.map((issue) => ({ path: ['emailOrPhone'], message: issue.message }));
    return { success: false as const, error: { issues } };
  },
};

/** A way back in: a code mailed to the account's address or texted to its number, then a new password with it. */
export default function ForgotPasswordPage() {
  const t = useT();
  usePageTitle(t('auth.forgot.pageTitle'));
  const typed = typedFrom(useLocation().state);
  const [sent, setSent] = useState<Whose | null>(null);

  if (!sent) return <EmailStep initialValue={typed} onSent={setSent} />;
  return <ResetStep whose={sent} onOtherEmail={() => setSent(null)} />;
}

/** Step 1: the account's email or number; the answer is the same whether or not an account uses it. */
function EmailStep({ initialValue, onSent }: { initialValue: string; onSent: (sent: Whose) => void }) {
  const t = useT();
  const locale = useLocale();
  const form = useSchemaForm(emailOrMobileSchema, { emailOrPhone: initialValue });
  const request = useMutation({
    mutationFn: (body: Whose) => apiPost<MessageReply>('/api/users/forgot-password', body),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    request.mutate(data, {
      onSuccess: () => onSent(data),
      onError: (error) => showRefusal(form, error, { [SMS_MESSAGES.notMobile]: 'emailOrPhone' }),
    });
  };

  return (
    <FormCard
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle', { length: formatCount(OTP_LENGTH, locale) })}
      footer={loginFooter}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t('auth.field.emailOrMobile')}
          autoComplete="username"
          inputMode="email"
          {...form.field('emailOrPhone')}
        />
        <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </FormCard>
  );
}

/** Step 2: the code (mailed or texted) and the new password; a new code after the resend delay. */
function ResetStep({ whose, onOtherEmail }: { whose: Whose; onOtherEmail: () => void }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const phone = 'phoneNumber' in whose ? whose.phoneNumber : undefined;
  const email = 'email' in whose ? whose.email : '';
  const form = useSchemaForm(
    { safeParse: (values: unknown) => resetPasswordSchema.safeParse({ ...(values as object), ...whose }) },
    { otp: '', password: '', confirmPassword: '' },
  );
  // A code has just been asked for: offer another only after the same delay as the OTP screen.
  const [resendIn, startResend] = useCountdown(OTP_RESEND_SECONDS);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => codeRef.current?.focus(), []);

  const reset = useMutation({
    mutationFn: (body: ResetPasswordInput) => apiPost<MessageReply>('/api/users/reset-password', body),
  });
  const resend = useMutation({
    mutationFn: () => apiPost<MessageReply>('/api/users/forgot-password', whose),
    onSuccess: () => {
      toast.success(t(phone ? 'auth.forgot.codeSent.phone' : 'auth.forgot.codeSent'));
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
        {t(phone ? 'auth.forgot.codeSent.phone' : 'auth.forgot.codeSent')}
      </p>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm text-slate-600">
        <p className="min-w-0">
          {phone ? (
            <Msg id="auth.reset.phone" values={{ phone }} components={{ 0: <strong className="text-slate-900" /> }} />
          ) : (
            <Msg id="auth.reset.email" values={{ email }} components={{ 0: <strong className="break-all text-slate-900" /> }} />
          )}
        </p>
        <button type="button" onClick={onOtherEmail} className={`whitespace-nowrap ${linkClasses}`}>
          {t('auth.reset.otherEmail')}
        </button>
      </div>
      <form onSubmit={submit} noValidate className="space-y-4">
        {/* The account's name for password managers, which file the new password under it. */}
        <input name="username" autoComplete="username" value={phone ?? email} readOnly hidden />
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
