import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../shared/account-limits';
import { LOGIN_SUCCESS_MESSAGE } from '../../../shared/accounts';
import {
  type LoginCodeInput,
  type LoginCodeVerifyInput,
  loginCodeSchema,
  loginCodeVerifySchema,
} from '../../../shared/phone-codes';
import { ErrorBanner } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { ApiError, apiPost, errorMessage } from '../../lib/api';
import { showRefusal, useSchemaForm } from '../../lib/forms';
import { formatCount } from '../../lib/format';
import { useCountdown } from '../../lib/hooks';
import { useLocale, useT } from '../../lib/i18n';
import { setToken } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ResendCode } from './ResendCode';

interface LoginReply {
  message?: string;
  token?: string;
}

/**
 * Log in by phone and a texted code: the number first (the answer is the same whether or not it is
 * an account's), then the code. Only a number proved by a texted code logs in (ADR 0047).
 */
export function LoginByCode({ destination }: { destination: string }) {
  const [phoneNumber, setPhoneNumber] = useState<string | null>(null);
  if (phoneNumber === null) return <NumberStep onSent={setPhoneNumber} />;
  return <CodeStep phoneNumber={phoneNumber} destination={destination} onOtherNumber={() => setPhoneNumber(null)} />;
}

const requestCode = (body: LoginCodeInput) => apiPost<LoginReply>('/api/users/login-code', body);

function NumberStep({ onSent }: { onSent: (phoneNumber: string) => void }) {
  const t = useT();
  const form = useSchemaForm(loginCodeSchema, { phoneNumber: '' }, { idPrefix: 'code-' });
  const request = useMutation({ mutationFn: requestCode });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    request.mutate(data, { onSuccess: () => onSent(data.phoneNumber), onError: (error) => showRefusal(form, error) });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={t('auth.field.phoneNumber')}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        {...form.field('phoneNumber')}
      />
      <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
        {t('auth.code.send')}
      </Button>
    </form>
  );
}

function CodeStep({
  phoneNumber,
  destination,
  onOtherNumber,
}: {
  phoneNumber: string;
  destination: string;
  onOtherNumber: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const form = useSchemaForm(loginCodeVerifySchema, { phoneNumber, code: '' }, { idPrefix: 'code-' });
  const [failure, setFailure] = useState<string | null>(null);
  const [resendIn, startResend] = useCountdown(OTP_RESEND_SECONDS);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => codeRef.current?.focus(), []);

  const verify = useMutation({
    mutationFn: (body: LoginCodeVerifyInput) => apiPost<LoginReply>('/api/users/login-code/verify', body),
  });
  const resend = useMutation({
    mutationFn: () => requestCode({ phoneNumber }),
    onSuccess: () => {
      toast.success(t('auth.code.sent'));
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
    const data = form.validate();
    if (!data) return;
    setFailure(null);
    verify.mutate(data, {
      onSuccess: (reply) => {
        if (reply?.message !== LOGIN_SUCCESS_MESSAGE || !reply.token) {
          setFailure(reply?.message || t('auth.error'));
          return;
        }
        setToken('user', reply.token);
        toast.success(t('auth.login.success'));
        void navigate(destination, { replace: true });
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  return (
    <div>
      <p role="status" className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2.5 text-sm text-sky-900">
        {t('auth.code.sent')}
      </p>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm text-slate-600">
        <p className="min-w-0">
          {t('auth.code.number')} <strong className="text-slate-900">{phoneNumber}</strong>
        </p>
        <button
          type="button"
          onClick={onOtherNumber}
          className="whitespace-nowrap font-semibold text-amber-700 hover:text-amber-800 hover:underline"
        >
          {t('auth.code.otherNumber')}
        </button>
      </div>
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure && <ErrorBanner>{failure}</ErrorBanner>}
        <TextField
          ref={codeRef}
          label={t('auth.code.label')}
          placeholder={t('auth.otp.placeholder', { length: formatCount(OTP_LENGTH, locale) })}
          autoComplete="one-time-code"
          inputMode="numeric"
          {...form.field('code')}
        />
        <Button type="submit" size="lg" className="w-full" loading={verify.isPending}>
          {t('auth.login.submit')}
        </Button>
      </form>
      <ResendCode resendIn={resendIn} onResend={() => resend.mutate()} sending={resend.isPending} />
    </div>
  );
}
