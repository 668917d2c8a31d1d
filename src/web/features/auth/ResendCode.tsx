import { formatCount } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';

/** Under a code's form: the seconds until a new code may be asked for, then the link that asks for it. */
export function ResendCode({ resendIn, onResend, sending }: { resendIn: number; onResend: () => void; sending: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="mt-5 text-center text-sm text-slate-600">
      {resendIn > 0 ? (
        <p>{t('auth.otp.resendIn', { seconds: formatCount(resendIn, locale) })}</p>
      ) : (
        <button
          type="button"
          onClick={onResend}
          disabled={sending}
          className="font-semibold text-amber-700 hover:text-amber-800 hover:underline disabled:opacity-50"
        >
          {t('auth.otp.resend')}
        </button>
      )}
    </div>
  );
}
