import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { NEPAL_PROVINCES, checkoutFormSchema } from '../../../shared/orders';
import {
  PAYMENT_METHODS,
  type PaymentMethodId,
  type DeliveryRates,
  deliveryFeePaisa,
  deliveryRatesOf,
} from '../../../shared/payments';
import { districtFeePaisa } from '../../../shared/delivery';
import { findDistrict } from '../../../shared/districts';
import { districtTerms, useDistrictTable } from '../../lib/district-delivery';
import { ApiError } from '../../lib/api';
import { useSchemaForm } from '../../lib/forms';
import { useT } from '../../lib/i18n';
import { goToPayment } from '../../lib/payment-redirect';
import { queryKeys } from '../../lib/query-client';
import { getToken } from '../../lib/session';
import { toast } from '../../lib/toast';
import { cartKey } from '../../lib/cart-query';
import { useCartCoupon } from './coupon-api';
import { type CartItem, cartSum } from '../../lib/cart';
import {
  type LastAddress,
  type Order,
  PAYMENT_OPTIONS_STALE_MS,
  type PaymentOptions,
  cartItemsPayload,
  createOrder,
  fetchPaymentOptions,
  newIdempotencyKey,
  paymentOptionsKey,
} from './checkout-api';

export type CheckoutField = 'fullName' | 'phone' | 'province' | 'district' | 'city' | 'address' | 'landmark' | 'paymentMethod';

/** What happens after the order is placed: the gateway (eSewa, Khalti), the orders list, or nothing more. */
export type CheckoutNext = 'gateway' | 'orders' | 'none';

export interface CheckoutPrefill {
  /** The delivery fields of the shopper's last order, when there is one. */
  lastAddress: LastAddress | null;
  /** Otherwise the shopper's own name and phone number. */
  fullName?: string;
  phone?: string;
}

/** Why the order was not placed: our own texts, or the server's message (in the page's language). */
export type CheckoutProblem = { kind: 'unverified' | 'network' } | { kind: 'refused'; message: string };

/** The delivery charges of GET /api/orders/payment-options, in paisa as shared/payments.ts reckons. */
function ratesOf(options: PaymentOptions | undefined): DeliveryRates | undefined {
  return options ? deliveryRatesOf(options.delivery) : undefined;
}

function initialValues(prefill: CheckoutPrefill): Record<CheckoutField, string> {
  const last = prefill.lastAddress;
  const method = PAYMENT_METHODS.find((id) => id === last?.paymentMethod) ?? 'cod';
  // The last order's district is chosen again when it is one of its province's (older orders
  // were typed by hand and may name none).
  const lastDistrict = last ? findDistrict(last.district) : undefined;
  return {
    fullName: last?.fullName ?? prefill.fullName ?? '',
    phone: last?.phone ?? prefill.phone ?? '',
    province: last && (NEPAL_PROVINCES as readonly string[]).includes(last.province) ? last.province : '',
    district: lastDistrict && lastDistrict.province === last?.province ? lastDistrict.en : '',
    city: last?.city ?? '',
    address: last?.address ?? '',
    landmark: last?.landmark ?? '',
    paymentMethod: method,
  };
}

export interface CheckoutInput {
  userId: number;
  items: readonly CartItem[];
  prefill: CheckoutPrefill;
  onDone: (order: Order, next: CheckoutNext) => void;
}

/**
 * The state of the checkout form: the fields, the ways to pay and the charges the shop offers, what
 * the order costs, and the sending of it. Each attempt carries one Idempotency-Key, reused when the
 * same attempt is sent again after a lost answer, so a double tap or a retry never makes two orders.
 * An online payment then leaves the shop for the gateway, which sends the shopper back to their orders.
 */
export function useCheckout({ userId, items, prefill, onDone }: CheckoutInput) {
  const t = useT();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [initial] = useState(() => initialValues(prefill));
  const form = useSchemaForm<CheckoutField, ReturnType<typeof checkoutFormSchema.parse>>(checkoutFormSchema, initial);
  const attemptKey = useRef<string | null>(null);
  const sending = useRef(false);
  /** The server's total after prices changed, which the shopper is asked to confirm. */
  const [changedTotal, setChangedTotal] = useState<number | null>(null);
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const mutation = useMutation({ mutationFn: createOrder });
  const options = useQuery({ queryKey: paymentOptionsKey, queryFn: fetchPaymentOptions, staleTime: PAYMENT_OPTIONS_STALE_MS });

  const districts = useDistrictTable();
  const district = form.values.district.trim();
  // The chosen district's terms (its fee, and whether cash on delivery is offered there).
  const terms = districtTerms(districts.data, district);
  const codRefused = terms?.cod === false;
  const offered = (options.data?.methods ?? []).filter((method) => !(codRefused && method.id === 'cod'));
  // A remembered wallet the shop no longer offers falls back to cash on delivery, or to the first
  // way offered where cash on delivery is not.
  const chosen: PaymentMethodId =
    offered.find((method) => method.id === form.values.paymentMethod)?.id ?? offered[0]?.id ?? 'cod';

  const rates = ratesOf(options.data);
  const coupon = useCartCoupon(userId, items);
  const subtotalPaisa = Math.round(cartSum(items) * 100);
  // The coupon's discount as the server worked it out; delivery is charged by what is left.
  const discountPaisa = Math.min(coupon.discountPaisa, subtotalPaisa);
  // By the district's own fee once the table is there; before a district is chosen, by its place.
  const itemsPaisa = subtotalPaisa - discountPaisa;
  const deliveryPaisa = terms
    ? districtFeePaisa(Math.round(terms.fee * 100), itemsPaisa, Math.round((districts.data?.freeFrom ?? 0) * 100))
    : district && findDistrict(district)
      ? undefined
      : rates
        ? deliveryFeePaisa(district, itemsPaisa, rates)
        : undefined;
  /** Rupees: what the shopper pays (sent as totalAmount); undefined until the charges are known. */
  const total = deliveryPaisa === undefined ? undefined : (subtotalPaisa - discountPaisa + deliveryPaisa) / 100;
  const units = items.reduce((sum, item) => sum + item.quantity, 0);

  const refetchCart = () => client.invalidateQueries({ queryKey: queryKeys.cart });

  const placed = (reply: Awaited<ReturnType<typeof createOrder>>) => {
    const { order, payment } = reply;
    attemptKey.current = null;
    toast.success(t('cart.toast.orderCreated'));
    client.setQueryData(cartKey(userId), []);
    void refetchCart();
    void client.invalidateQueries({ queryKey: queryKeys.orders });
    if (payment) {
      onDone(order, 'gateway');
      goToPayment(payment);
    } else if (order.paymentStatus === 'awaiting_payment') {
      // The gateway could not be reached: the order is saved, awaiting payment; it can be paid from the orders.
      onDone(order, 'orders');
      if (reply.paymentMessage) toast.info(reply.paymentMessage);
      void navigate(`/account?${new URLSearchParams({ tab: 'orders', order: order.id }).toString()}`);
    } else {
      onDone(order, 'none');
    }
  };

  const handleFailure = (error: unknown) => {
    const status = error instanceof ApiError ? error.status : 0;
    // No answer or a server fault: the order may exist. A retry of this attempt keeps its key.
    if (status === 0 || status >= 500) {
      toast.error(t('cart.toast.orderFailed'));
      setProblem({ kind: 'network' });
      return;
    }
    attemptKey.current = null;
    const body = error instanceof ApiError ? (error.body as { code?: unknown; currentTotal?: unknown } | undefined) : undefined;
    // The coupon ran out (or changed) meanwhile: its refreshed state shows why.
    if (typeof body?.code === 'string' && body.code.startsWith('COUPON_')) void coupon.query.refetch();
    if (status === 403) {
      toast.error(t('cart.toast.notVerified'));
      setProblem({ kind: 'unverified' });
      return;
    }
    if (status === 409 && body?.code === 'TOTAL_CHANGED' && typeof body.currentTotal === 'number') {
      setChangedTotal(body.currentTotal);
      void refetchCart();
      return;
    }
    toast.error(t('cart.toast.orderFailed'));
    const fields = error instanceof ApiError ? error.fieldErrors : {};
    if (Object.keys(fields).length > 0) form.setErrors(fields);
    const message = error instanceof ApiError ? error.serverMessage : undefined;
    if (message) setProblem({ kind: 'refused', message });
    void refetchCart();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    if (!getToken('user')) {
      toast.error(t('cart.toast.checkoutLogin'));
      return;
    }
    const data = form.validate();
    if (!data || total === undefined) return;
    attemptKey.current ??= newIdempotencyKey();
    sending.current = true;
    setProblem(null);
    try {
      placed(
        await mutation.mutateAsync({
          idempotencyKey: attemptKey.current,
          body: { ...data, paymentMethod: chosen, userId, totalAmount: total, cartItems: cartItemsPayload(items) },
        }),
      );
    } catch (error) {
      handleFailure(error);
    } finally {
      sending.current = false;
    }
  };

  return {
    form,
    options,
    offered,
    chosen,
    subtotalPaisa,
    discountPaisa,
    coupon,
    district,
    terms,
    codRefused,
    deliveryPaisa,
    total,
    units,
    online: chosen === 'esewa' || chosen === 'khalti',
    changedTotal,
    problem,
    busy: mutation.isPending,
    submit,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
