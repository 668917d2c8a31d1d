import { useMutation, useQueryClient } from '@tanstack/react-query';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { OTP_RESEND_SECONDS } from '../../../shared/account-limits';
import { Button } from '../../components/ui/Button';
import { ApiError, apiPost, errorMessage } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { useCountdown } from '../../lib/hooks';
import { useLocale, useT } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { toast } from '../../lib/toast';

/**
 * An account not verified yet, told so at the start of the checkout and verified right here: the code
 * sent at registration (to the email and, when it can be texted, the phone), or a new one asked for
 * here, typed in and checked, and the
 * checkout goes on with everything typed in it. It sits inside the checkout form, so it is no form of
 * its own: Enter in the code checks the code rather than placing the order. `attention` goes up each
 * time the order was refused for it, and brings it into view.
 */
export function VerifyInPanel({ userId, attention }: { userId: number; attention: number }) {
  const t = useT();
  const locale = useLocale();
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [resendIn, startResend] = useCountdown(0);
  const box = useRef<HTMLElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (attention === 0) return;
    box.current?.scrollIntoView({ block: 'nearest' });
    codeInput.current?.focus();
    // Only a new refusal brings it back into view.
  }, [attention]);

  const send = useMutation({
    mutationFn: () => apiPost('/api/users/send-otp', { userId }),
    onSuccess: () => {
      setFailure(null);
      startResend(OTP_RESEND_SECONDS);
      toast.success(t('cart.verify.sent'));
      queueMicrotask(() => codeInput.current?.focus());
    },
    onError: (error) => {
      setFailure(errorMessage(error));
      const wait = error instanceof ApiError ? (error.body as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds : 0;
      if (typeof wait === 'number' && wait > 0) startResend(Math.ceil(wait));
    },
  });
  const verify = useMutation({
    mutationFn: () => apiPost('/api/users/verify-otp', { userId, otp: code.trim() }),
    onSuccess: async () => {
      toast.success(t('cart.verify.done'));
      // The account, now verified, takes this box away; the form keeps all that was typed.
      await client.invalidateQueries({ queryKey: queryKeys.user(userId) });
    },
    onError: (error) => setFailure(errorMessage(error)),
  });
  const check = () => {
    if (code.trim() === '') {
      setFailure(t('cart.verify.codeRequired'));
      codeInput.current?.focus();
      return;
    }
    setFailure(null);
    verify.mutate();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    check();
  };

  return (
    <section
      ref={box}
      tabIndex={-1}
      aria-labelledby="verify-in-panel-title"
      data-testid="verify-in-panel"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <div className="flex gap-2">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div>
          <h4 id="verify-in-panel-title" className="font-semibold">
            {t('cart.verify.title')}
          </h4>
          <p className="mt-0.5">{t('cart.verify.intro')}</p>
        </div>
      </div>
      {failure && (
        <p role="alert" className="font-medium text-red-700">
          {failure}
        </p>
      )}
      <>
        <div>
          <label htmlFor="verify-in-panel-code" className="mb-1 block font-medium">
            {t('cart.verify.code')}
          </label>
          <input
            ref={codeInput}
            id="verify-in-panel-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={onKeyDown}
            className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base tracking-widest text-slate-900"
          />
        </div>
        <Button type="button" size="sm" className="w-full" onClick={check} loading={verify.isPending}>
          {t('cart.verify.check')}
        </Button>
        {resendIn > 0 ? (
          <p className="text-center text-amber-900">{t('cart.verify.resendIn', { seconds: formatCount(resendIn, locale) })}</p>
        ) : (
          <button
            type="button"
            onClick={() => send.mutate()}
            disabled={send.isPending}
            className="mx-auto block min-h-10 font-semibold text-amber-800 underline underline-offset-2 disabled:opacity-50"
          >
            {t('cart.verify.resend')}
          </button>
        )}
      </>
    </section>
  );
}
