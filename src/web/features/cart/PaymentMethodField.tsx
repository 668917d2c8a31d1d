import Banknote from 'lucide-react/icons/banknote';
import Wallet from 'lucide-react/icons/wallet';
import type { PaymentMethodId } from '../../../shared/payments';
import { PAYMENT_METHOD_MESSAGES, messageOf } from '../../components/orders/order-labels';
import { Spinner } from '../../components/ui/Spinner';
import { type MessageId, useLocale, useT } from '../../lib/i18n';
import type { Checkout } from './use-checkout';

const METHOD_HINTS = {
  cod: 'cart.checkout.hint.cod',
  esewa: 'cart.checkout.hint.esewa',
  khalti: 'cart.checkout.hint.khalti',
} as const satisfies Record<PaymentMethodId, MessageId>;

/** How to pay: cash on delivery, or now with eSewa or Khalti as the shop offers, each with its hint. */
export function PaymentMethodField({ checkout }: { checkout: Checkout }) {
  const t = useT();
  const locale = useLocale();
  const { form, offered, chosen, options } = checkout;
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{t('cart.checkout.paymentMethod')}</legend>
      <div className="space-y-2">
        {offered.map(({ id, label }) => {
          const checked = chosen === id;
          const name = messageOf(PAYMENT_METHOD_MESSAGES, id);
          const hint = messageOf(METHOD_HINTS, id);
          const Icon = id === 'cod' ? Banknote : Wallet;
          return (
            <label
              key={id}
              className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors ${
                checked ? 'border-amber-500 bg-amber-50 ring-1 ring-amber-500' : 'border-slate-300 bg-white hover:bg-slate-50'
              }`}
            >
              <input
                type="radio"
                name="paymentMethod"
                value={id}
                checked={checked}
                onChange={() => form.setValue('paymentMethod', id)}
                className="size-4 shrink-0 accent-amber-700"
              />
              <Icon className={`size-5 shrink-0 ${checked ? 'text-amber-700' : 'text-slate-400'}`} aria-hidden="true" />
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{name ? t(name) : label}</span>
                <span className="block text-xs text-slate-500">{hint ? t(hint) : undefined}</span>
              </span>
            </label>
          );
        })}
        {options.isPending && (
          <p role="status" className="flex items-center gap-2 py-2 text-sm text-slate-500">
            <Spinner className="size-4 text-amber-500" />
            {t('cart.checkout.loadingMethods')}
          </p>
        )}
      </div>
      {checkout.codRefused && checkout.terms && (
        <p className="mt-2 text-sm text-slate-700" data-testid="cod-not-offered">
          {t('cart.checkout.codNotOffered', { district: locale === 'ne' ? checkout.terms.ne : checkout.terms.district })}
        </p>
      )}
      {form.errors.paymentMethod && <p className="mt-1 text-sm text-red-600">{form.errors.paymentMethod}</p>}
    </fieldset>
  );
}
