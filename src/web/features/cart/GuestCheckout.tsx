import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../shared/account-limits';
import { LOGIN_SUCCESS_MESSAGE } from '../../../shared/accounts';
import {
  type GuestCodeInput,
  type GuestCodeVerifyInput,
  guestCodeSchema,
  guestCodeVerifySchema,
} from '../../../shared/guest-checkout';
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

interface LoginReply {
  message?: string;
  token?: string;
}

const requestCode = (body: GuestCodeInput) => apiPost<LoginReply>('/api/users/checkout-code', body);

/**
 * Checkout as a guest, inside the cart drawer (ADR 0054): a name and a mobile number, then the code
 * texted to it. The right code logs in (the number's account, or one made for it); the guest's cart
 * on this device joins the account as at any login, and the checkout form opens with the name and
 * number filled in. Going back to change the number keeps the name.
 */
export function GuestCheckout({
  onVerified,
  onCancel,
}: {
  onVerified: (typed: { fullName: string; phone: string }) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [sentTo, setSentTo] = useState<{ name: string; phoneNumber: string } | null>(null);
  const details = useSchemaForm(guestCodeSchema, { name: '', phoneNumber: '' }, { idPrefix: 'guest-' });
  const request = useMutation({ mutationFn: requestCode });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = details.validate();
    if (!data) return;
    request.mutate(data, {
      onSuccess: () => {
        toast.success(t('cart.guestCheckout.sent'));
        setSentTo(data);
      },
      onError: (error) => showRefusal(details, error),
    });
  };

  return (
    <section aria-labelledby="guest-checkout-title" data-testid="guest-checkout" className="space-y-4 px-4 py-4">
      <div>
        <h3 id="guest-checkout-title" className="text-lg font-semibold text-slate-900">
          {t('cart.guestCheckout.title')}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{t('cart.guestCheckout.intro')}</p>
      </div>
      {sentTo === null ? (
        <form onSubmit={submit} noValidate className="space-y-4">
          <TextField label={t('cart.guestCheckout.name')} autoComplete="name" {...details.field('name')} />
          <TextField
            label={t('cart.guestCheckout.phone')}
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            hint={t('cart.guestCheckout.phoneHint')}
            {...details.field('phoneNumber')}
          />
          <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
            {t('cart.guestCheckout.send')}
          </Button>
          <Button type="button" variant="outline" className="w-full" onClick={onCancel}>
            {t('cart.guestCheckout.back')}
          </Button>
        </form>
      ) : (
        <CodeStep sentTo={sentTo} onVerified={onVerified} onOtherNumber={() => setSentTo(null)} />
      )}
    </section>
  );
}

function CodeStep({
  sentTo,
  onVerified,
  onOtherNumber,
}: {
  sentTo: { name: string; phoneNumber: string };
  onVerified: (typed: { fullName: string; phone: string }) => void;
  onOtherNumber: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const form = useSchemaForm(guestCodeVerifySchema, { ...sentTo, code: '' }, { idPrefix: 'guest-code-' });
  const [failure, setFailure] = useState<string | null>(null);
  const [resendIn, startResend] = useCountdown(OTP_RESEND_SECONDS);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => codeRef.current?.focus(), []);

  const verify = useMutation({
    mutationFn: (body: GuestCodeVerifyInput) => apiPost<LoginReply>('/api/users/checkout-code/verify', body),
  });
  const resend = useMutation({
    mutationFn: () => requestCode(sentTo),
    onSuccess: () => {
      toast.success(t('cart.guestCheckout.sent'));
      startResend(OTP_RESEND_SECONDS);
    },
    onError: (error) => {
      setFailure(errorMessage(error));
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
          setFailure(reply?.message || t('cart.guestCheckout.failed'));
          return;
        }
        setToken('user', reply.token);
        onVerified({ fullName: sentTo.name, phone: sentTo.phoneNumber });
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p role="status" className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2.5 text-sm text-sky-900">
        {t('cart.guestCheckout.sentTo', { phone: sentTo.phoneNumber })}
      </p>
      {failure && <ErrorBanner>{failure}</ErrorBanner>}
      <TextField
        ref={codeRef}
        label={t('cart.guestCheckout.code')}
        placeholder={t('cart.guestCheckout.codePlaceholder', { length: formatCount(OTP_LENGTH, locale) })}
        autoComplete="one-time-code"
        inputMode="numeric"
        {...form.field('code')}
      />
      <Button type="submit" size="lg" className="w-full" loading={verify.isPending}>
        {t('cart.guestCheckout.confirm')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" onClick={onOtherNumber} className="min-h-10 font-semibold text-amber-800 underline underline-offset-2">
          {t('cart.guestCheckout.otherNumber')}
        </button>
        {resendIn > 0 ? (
          <span className="text-slate-600">{t('cart.verify.resendIn', { seconds: formatCount(resendIn, locale) })}</span>
        ) : (
          <button
            type="button"
            onClick={() => resend.mutate()}
            disabled={resend.isPending}
            className="min-h-10 font-semibold text-amber-800 underline underline-offset-2 disabled:opacity-50"
          >
            {t('cart.verify.resend')}
          </button>
        )}
      </div>
    </form>
  );
}
