import { useQueryClient } from '@tanstack/react-query';
import CircleCheck from 'lucide-react/icons/circle-check';
import Trash2 from 'lucide-react/icons/trash-2';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { localDigits } from '../../../shared/locale';
import { PAYMENT_METHOD_MESSAGES } from '../../components/orders/order-labels';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { formatPrice } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { Msg } from '../../lib/msg';
import { queryKeys } from '../../lib/query-client';
import { getToken } from '../../lib/session';
import { toast } from '../../lib/toast';
import type { PublicUser } from '../../lib/user';
import { CartLineStepper } from '../../components/CartLineStepper';
import { type CartItem, cartSum, lineTotal, useCart, useRemoveCartItem, useSetCartQuantity } from '../../lib/cart';
import { CartLineName } from '../../components/CartLineName';
import { CartThumb } from '../../components/CartThumb';
import { CartMessage } from '../../components/CartMessage';
import type { CheckoutNext, CheckoutPrefill } from './use-checkout';
import { GuestCartLines, type GuestTyped } from './GuestCartLines';
import { useGuestCart } from '../../lib/guest-cart';
import {
  type Order,
  PAYMENT_OPTIONS_STALE_MS,
  fetchLastAddress,
  fetchPaymentOptions,
  lastAddressKey,
  paymentOptionsKey,
} from './checkout-api';

/** The checkout form (and zod with it) loads only when a shopper starts a checkout. */
const loadCheckout = () => import('./CheckoutPanel');
const CheckoutPanel = lazy(loadCheckout);

type View =
  { name: 'lines' } | { name: 'checkout'; prefill: CheckoutPrefill } | { name: 'done'; order: Order; next: CheckoutNext };

/** What the cart drawer is given, and hands on to its logged-in contents. */
export interface CartDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Goes up by one each time a page asks for the checkout form (lib/cart-drawer.ts; the Cart tab's 'Proceed to checkout'). */
  checkoutRequest?: number;
}

/**
 * The cart drawer's contents: a guest's lines on this device (GuestCartLines), or the logged-in shopper's side: the lines with image, name, quantity,
 * unit price, line total and 'Remove Item', the overall total and Checkout; then the checkout form
 * and the confirmation, all inside the drawer (full width on phones).
 */
export function CartDrawerContents({ open, onClose, checkoutRequest = 0 }: CartDrawerProps) {
  const t = useT();
  const cart = useCart();
  const client = useQueryClient();
  const [view, setView] = useState<View>({ name: 'lines' });
  const [starting, setStarting] = useState(false);

  // A confirmation is shown once: the next time the drawer opens it shows the (empty) cart again.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open && view.name === 'done') setView({ name: 'lines' });
  }

  // A guest who just proved their number: the checkout form opens with what they typed, once their
  // lines on this device have joined the account's cart (lib/guest-cart-merge.ts).
  const [guestTyped, setGuestTyped] = useState<GuestTyped | null>(null);
  const deviceLines = useGuestCart();

  const startCheckout = async (typed?: GuestTyped) => {
    const userId = cart.userId;
    if (!getToken('user') || userId === undefined) {
      toast.error(t('cart.toast.checkoutLogin'));
      return;
    }
    setStarting(true);
    try {
      const [, lastAddress] = await Promise.all([
        loadCheckout(),
        client
          .fetchQuery({ queryKey: lastAddressKey(userId), queryFn: () => fetchLastAddress(userId), staleTime: 60_000 })
          .catch(() => null),
        // The ways to pay and the delivery charges (the form asks again, and says so, if this fails).
        client.prefetchQuery({ queryKey: paymentOptionsKey, queryFn: fetchPaymentOptions, staleTime: PAYMENT_OPTIONS_STALE_MS }),
      ]);
      const user = client.getQueryData<PublicUser>(queryKeys.user(userId));
      setView({
        name: 'checkout',
        prefill: {
          lastAddress,
          fullName: typed?.fullName ?? (user ? `${user.firstName} ${user.lastName}`.trim() : undefined),
          phone: typed?.phone ?? user?.phoneNumber,
        },
      });
    } catch {
      // The form's code did not arrive (offline): the shopper can press Checkout again.
      toast.error(t('cart.toast.orderFailed'));
    } finally {
      setStarting(false);
    }
  };

  // A request for the checkout form, answered once the cart is in (the contents may mount with it,
  // loaded for it); an empty cart has nothing to check out and stays at its message.
  const answeredRequest = useRef(0);
  useEffect(() => {
    if (checkoutRequest <= answeredRequest.current || cart.isPending) return;
    answeredRequest.current = checkoutRequest;
    // Started after this commit, as a tap on Checkout would be (it sets state as it goes).
    if (view.name === 'lines' && cart.items.length > 0) queueMicrotask(() => void startCheckout());
  });

  const answeredGuest = useRef<GuestTyped | null>(null);
  useEffect(() => {
    if (!guestTyped || answeredGuest.current === guestTyped) return;
    // The device's lines are in the account's cart once the device holds none and the cart shows them.
    if (!cart.loggedIn || deviceLines.length > 0 || cart.isPending || cart.isFetching || cart.items.length === 0) return;
    answeredGuest.current = guestTyped;
    const typed = guestTyped;
    const start = view.name === 'lines';
    queueMicrotask(() => {
      setGuestTyped(null);
      if (start) void startCheckout(typed);
    });
  });

  // A guest's lines, kept on this device until they log in.
  if (!cart.loggedIn && view.name !== 'done') return <GuestCartLines onClose={onClose} onGuestVerified={setGuestTyped} />;

  if (view.name === 'done') return <OrderPlaced order={view.order} next={view.next} onClose={onClose} />;

  if (view.name === 'checkout' && cart.userId !== undefined) {
    return (
      <Suspense fallback={<CenteredSpinner label={t('cart.drawer.loadingCheckout')} />}>
        <CheckoutPanel
          userId={cart.userId}
          items={cart.items}
          prefill={view.prefill}
          onBack={() => setView({ name: 'lines' })}
          onDone={(order, next) => setView({ name: 'done', order, next })}
        />
      </Suspense>
    );
  }

  if (cart.isPending && cart.userId !== undefined) return <CenteredSpinner label={t('cart.drawer.loading')} />;

  if (cart.isError && cart.items.length === 0) {
    return (
      <CartMessage
        text={t('cart.drawer.loadFailed')}
        action={
          <Button variant="outline" onClick={() => void cart.refetch()} loading={cart.isFetching}>
            {t('cart.tryAgain')}
          </Button>
        }
      />
    );
  }

  if (cart.items.length === 0) {
    return (
      <CartMessage
        text={t('cart.emptyDrawer')}
        action={
          <ButtonLink to="/products" onClick={onClose} variant="primary">
            {t('cart.drawer.startShopping')}
          </ButtonLink>
        }
      />
    );
  }

  return <CartLines items={cart.items} onClose={onClose} onCheckout={() => void startCheckout()} starting={starting} />;
}

function CartLines({
  items,
  onClose,
  onCheckout,
  starting,
}: {
  items: readonly CartItem[];
  onClose: () => void;
  onCheckout: () => void;
  starting: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const { remove, pendingId } = useRemoveCartItem();
  const quantity = useSetCartQuantity();
  const total = cartSum(items);
  return (
    <div className="flex h-full flex-col">
      <ul className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto px-4" aria-label={t('cart.items.label')}>
        {items.map((item) => (
          <li key={item.id} className="flex gap-3 py-4" data-testid="cart-line">
            <CartThumb images={item.product.images} alt={item.product.name} />
            <div className="min-w-0 flex-1">
              <CartLineName
                item={item}
                onClick={onClose}
                className="line-clamp-2 font-medium text-slate-900 hover:text-amber-700"
              />
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm text-slate-600">
                <dt>{t('cart.line.quantity')}</dt>
                {/* The stepper on a row of its own: beside the label it is too wide for a phone's drawer. */}
                <dd className={item.product.isAvailable ? 'col-span-2 mt-1 mb-2' : undefined}>
                  {item.product.isAvailable ? (
                    <>
                      {/* The quantity as text too, for a screen reader reading the line's description. */}
                      <span className="sr-only">{localDigits(String(item.quantity), locale)}</span>
                      <CartLineStepper item={item} quantity={quantity} />
                    </>
                  ) : (
                    localDigits(String(item.quantity), locale)
                  )}
                </dd>
                <dt>{t('cart.line.price')}</dt>
                <dd>{formatPrice(item.product.price, locale)}</dd>
                <dt>{t('cart.line.total')}</dt>
                <dd className="font-semibold text-slate-900">{formatPrice(lineTotal(item), locale)}</dd>
              </dl>
              {!item.product.isAvailable && <p className="mt-1 text-sm font-medium text-red-600">{t('cart.line.unavailable')}</p>}
              <button
                type="button"
                onClick={() => remove(item.id)}
                disabled={pendingId === item.id}
                className="mt-2 -ml-1 inline-flex min-h-9 items-center gap-1.5 rounded-md px-1 text-sm font-medium text-red-600 hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
                aria-label={t('cart.line.removeLabel', { name: item.product.name })}
              >
                {pendingId === item.id ? <Spinner /> : <Trash2 className="size-4" aria-hidden="true" />}
                {t('cart.line.remove')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="shrink-0 space-y-3 border-t border-slate-200 bg-white px-4 py-4">
        <div className="flex items-baseline justify-between">
          <span className="text-base font-semibold text-slate-700">{t('cart.total')}</span>
          <span className="text-lg font-bold text-slate-900" data-testid="cart-total">
            {formatPrice(total, locale)}
          </span>
        </div>
        <Button size="lg" className="w-full" onClick={onCheckout} loading={starting}>
          {t('cart.lines.checkout')}
        </Button>
      </div>
    </div>
  );
}

function OrderPlaced({ order, next, onClose }: { order: Order; next: CheckoutNext; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const orderId = <span className="font-mono font-semibold text-slate-900" />;
  const amount = formatPrice(order.totalAmount, locale);
  const viewOrders = () => {
    onClose();
    // The tab is in the address: an open dashboard switches to it too.
    void navigate('/account?tab=orders');
  };
  if (next === 'gateway') {
    // The browser is on its way to eSewa or Khalti.
    const gateway = order.paymentMethod === 'esewa' || order.paymentMethod === 'khalti' ? order.paymentMethod : undefined;
    return (
      <div className="flex h-full flex-col items-center justify-center gap-4 px-6 py-12 text-center" role="status">
        <Spinner className="size-9 text-amber-500" />
        <div>
          <p className="text-lg font-semibold text-slate-900">
            {gateway
              ? t('cart.done.redirecting', { gateway: t(PAYMENT_METHOD_MESSAGES[gateway]) })
              : t('cart.done.redirectingPaymentPage')}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            <Msg id="cart.done.savedPayThere" values={{ orderId: order.id, amount }} components={{ 0: orderId }} />
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 px-6 py-12 text-center" role="status">
      <span className="flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <CircleCheck className="size-9" aria-hidden="true" />
      </span>
      <div>
        <p className="text-lg font-semibold text-slate-900">{t('cart.done.thanks')}</p>
        <p className="mt-1 text-sm text-slate-600">
          <Msg
            id="cart.done.placedPayCash"
            values={{ orderId: order.id, amount, city: order.city }}
            components={{ 0: orderId }}
          />
        </p>
      </div>
      <div className="flex w-full flex-col gap-2">
        <Button variant="secondary" onClick={viewOrders} className="w-full">
          {t('cart.done.viewOrders')}
        </Button>
        <Button variant="outline" onClick={onClose} className="w-full">
          {t('cart.done.continueShopping')}
        </Button>
      </div>
    </div>
  );
}

function CenteredSpinner({ label }: { label: string }) {
  return (
    <div className="flex h-full items-center justify-center py-16" role="status" aria-label={label}>
      <Spinner className="size-7 text-amber-500" />
    </div>
  );
}
