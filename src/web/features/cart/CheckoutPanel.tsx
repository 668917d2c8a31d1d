import ArrowLeft from 'lucide-react/icons/arrow-left';
import { useState } from 'react';
import { PAYMENT_METHOD_MESSAGES } from '../../components/orders/order-labels';
import { ErrorBanner } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { formatPrice } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { Msg } from '../../lib/msg';
import type { CartItem } from '../../lib/cart';
import { useCurrentUser } from '../../lib/user';
import { AddressFields } from './AddressFields';
import { CouponField } from './CouponField';
import type { Order } from './checkout-api';
import { OrderSummary } from './OrderSummary';
import { PaymentMethodField } from './PaymentMethodField';
import { VerifyInPanel } from './VerifyInPanel';
import { type Checkout, type CheckoutNext, type CheckoutPrefill, type CheckoutProblem, useCheckout } from './use-checkout';

/**
 * The checkout form of the cart drawer: where to deliver (a Nepali address), how to pay (cash on
 * delivery, or now with eSewa or Khalti as the shop offers), what it costs with delivery, and the
 * order itself. The state and the sending live in useCheckout; this is what the shopper sees.
 */
export default function CheckoutPanel({
  userId,
  items,
  prefill,
  onBack,
  onDone,
}: {
  userId: number;
  items: readonly CartItem[];
  prefill: CheckoutPrefill;
  onBack: () => void;
  onDone: (order: Order, next: CheckoutNext) => void;
}) {
  const t = useT();
  const checkout = useCheckout({ userId, items, prefill, onDone });
  const user = useCurrentUser();
  // Told at the start, not at Place order: an account known to be unverified, or one the order was refused for.
  const refusedUnverified = checkout.problem?.kind === 'unverified';
  const mustVerify = user.data ? !user.data.emailVerified : refusedUnverified;
  // Each refusal for it brings the verification back into view (counted as the problem changes).
  const [attention, setAttention] = useState(0);
  const [seenProblem, setSeenProblem] = useState(checkout.problem);
  if (seenProblem !== checkout.problem) {
    setSeenProblem(checkout.problem);
    if (refusedUnverified) setAttention((n) => n + 1);
  }
  return (
    <form onSubmit={checkout.submit} noValidate className="flex h-full flex-col" aria-labelledby="checkout-heading">
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-4">
        <button
          type="button"
          onClick={onBack}
          disabled={checkout.busy}
          className="-ml-1 inline-flex min-h-10 items-center gap-1.5 rounded-lg px-1 text-sm font-medium text-slate-600 hover:text-slate-900 disabled:opacity-50"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('cart.checkout.back')}
        </button>
        <div>
          <h3 id="checkout-heading" className="text-base font-semibold text-slate-900">
            {t('cart.checkout.title')}
          </h3>
          <p className="mt-0.5 text-sm text-slate-500">{t('cart.checkout.intro')}</p>
        </div>
        {mustVerify && <VerifyInPanel userId={userId} attention={attention} />}
        {checkout.problem && !(refusedUnverified && mustVerify) && <ProblemBanner problem={checkout.problem} />}
        <AddressFields form={checkout.form} />
        <PaymentMethodField checkout={checkout} />
        <CouponField coupon={checkout.coupon} />
      </div>
      <CheckoutFooter checkout={checkout} items={items} />
    </form>
  );
}

function ProblemBanner({ problem }: { problem: CheckoutProblem }) {
  const t = useT();
  return (
    <ErrorBanner>
      {problem.kind === 'refused'
        ? problem.message
        : problem.kind === 'network'
          ? t('cart.checkout.problem.network')
          : t('cart.checkout.problem.unverified')}
    </ErrorBanner>
  );
}

/** The foot of the form: a changed total to confirm, the summary (or a retry of the charges) and the order button. */
function CheckoutFooter({ checkout, items }: { checkout: Checkout; items: readonly CartItem[] }) {
  const t = useT();
  const locale = useLocale();
  const { options, changedTotal, total, busy } = checkout;
  return (
    <div className="shrink-0 space-y-3 border-t border-slate-200 bg-white px-4 py-4">
      {changedTotal !== null && (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
          <Msg
            id="cart.checkout.priceChanged"
            values={{ total: formatPrice(changedTotal, locale) }}
            components={{ 0: <strong /> }}
          />
        </div>
      )}
      {options.isError && !options.data ? (
        <div className="space-y-2">
          <ErrorBanner>{t('cart.checkout.chargesFailed')}</ErrorBanner>
          <Button
            variant="outline"
            size="sm"
            className="w-full"
            onClick={() => void options.refetch()}
            loading={options.isFetching}
          >
            {t('cart.tryAgain')}
          </Button>
        </div>
      ) : (
        <OrderSummary
          units={checkout.units}
          subtotalPaisa={checkout.subtotalPaisa}
          discountPaisa={checkout.discountPaisa}
          deliveryPaisa={checkout.deliveryPaisa}
          district={checkout.district}
          options={options.data}
        />
      )}
      <Button type="submit" size="lg" loading={busy} disabled={items.length === 0 || total === undefined} className="w-full">
        {changedTotal !== null ? t('cart.checkout.confirm') : t('cart.checkout.place')}
      </Button>
      {checkout.online && total !== undefined && (
        <p className="text-center text-xs text-slate-500">
          {t('cart.checkout.payNext', {
            amount: formatPrice(total, locale),
            method: t(PAYMENT_METHOD_MESSAGES[checkout.chosen]),
          })}
        </p>
      )}
      {items.length === 0 && !busy && <p className="text-center text-sm text-slate-500">{t('cart.emptyDrawer')}</p>}
    </div>
  );
}
