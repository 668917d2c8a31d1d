import { useMutation, useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Banknote from 'lucide-react/icons/banknote';
import { type FormEvent, type SelectHTMLAttributes, useId, useRef, useState } from 'react';
import { NEPAL_PROVINCES, PAYMENT_METHODS, PAYMENT_METHOD_LABELS, checkoutFormSchema } from '../../../shared/orders';
import { ErrorBanner } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField, inputClasses } from '../../components/ui/TextField';
import { ApiError } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { useSchemaForm } from '../../lib/forms';
import { queryKeys } from '../../lib/query-client';
import { getToken } from '../../lib/session';
import { toast } from '../../lib/toast';
import { CART_TEXTS, type CartItem, cartKey, cartSum } from './api';
import { type LastAddress, type Order, cartItemsPayload, createOrder, newIdempotencyKey } from './checkout-api';

type Field = 'fullName' | 'phone' | 'province' | 'district' | 'city' | 'address' | 'landmark' | 'paymentMethod';

/** Wallets the shop means to take later: shown, but not selectable yet (the server accepts PAYMENT_METHODS). */
const COMING_SOON = [
  { id: 'esewa', label: 'eSewa' },
  { id: 'khalti', label: 'Khalti' },
] as const;

export interface CheckoutPrefill {
  /** The delivery fields of the shopper's last order, when there is one. */
  lastAddress: LastAddress | null;
  /** Otherwise the shopper's own name and phone number. */
  fullName?: string;
  phone?: string;
}

function initialValues(prefill: CheckoutPrefill): Record<Field, string> {
  const last = prefill.lastAddress;
  const method = PAYMENT_METHODS.find((id) => id === last?.paymentMethod) ?? 'cod';
  return {
    fullName: last?.fullName ?? prefill.fullName ?? '',
    phone: last?.phone ?? prefill.phone ?? '',
    province: last && (NEPAL_PROVINCES as readonly string[]).includes(last.province) ? last.province : '',
    district: last?.district ?? '',
    city: last?.city ?? '',
    address: last?.address ?? '',
    landmark: last?.landmark ?? '',
    paymentMethod: method,
  };
}

interface Problem {
  kind: 'unverified' | 'refused' | 'network';
  message: string;
}

/**
 * The checkout form of the cart drawer: where to deliver (a Nepali address), how to pay, and the
 * order itself. Each attempt carries one Idempotency-Key, reused when the same attempt is sent
 * again after a lost answer, so a double tap or a retry never makes two orders.
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
  onDone: (order: Order) => void;
}) {
  const client = useQueryClient();
  const [initial] = useState(() => initialValues(prefill));
  const form = useSchemaForm<Field, ReturnType<typeof checkoutFormSchema.parse>>(checkoutFormSchema, initial);
  const attemptKey = useRef<string | null>(null);
  const sending = useRef(false);
  /** The server's total after prices changed, which the shopper is asked to confirm. */
  const [changedTotal, setChangedTotal] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const mutation = useMutation({ mutationFn: createOrder });

  const cartTotal = cartSum(items);
  const total = changedTotal ?? cartTotal;
  const units = items.reduce((sum, item) => sum + item.quantity, 0);

  const refetchCart = () => client.invalidateQueries({ queryKey: queryKeys.cart });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    if (!getToken('user')) {
      toast.error(CART_TEXTS.checkoutLogin);
      return;
    }
    const data = form.validate();
    if (!data) return;
    attemptKey.current ??= newIdempotencyKey();
    sending.current = true;
    setProblem(null);
    try {
      const order = await mutation.mutateAsync({
        idempotencyKey: attemptKey.current,
        body: { ...data, userId, totalAmount: total, cartItems: cartItemsPayload(items) },
      });
      attemptKey.current = null;
      toast.success(CART_TEXTS.orderCreated);
      client.setQueryData(cartKey(userId), []);
      void refetchCart();
      void client.invalidateQueries({ queryKey: queryKeys.orders });
      onDone(order);
    } catch (error) {
      handleFailure(error);
    } finally {
      sending.current = false;
    }
  };

  const handleFailure = (error: unknown) => {
    const status = error instanceof ApiError ? error.status : 0;
    // No answer or a server fault: the order may exist. A retry of this attempt keeps its key.
    if (status === 0 || status >= 500) {
      toast.error(CART_TEXTS.orderFailed);
      setProblem({
        kind: 'network',
        message: 'We could not confirm your order. Check your connection and try again; it will not be placed twice.',
      });
      return;
    }
    attemptKey.current = null;
    const body = error instanceof ApiError ? (error.body as { code?: unknown; currentTotal?: unknown } | undefined) : undefined;
    if (status === 403) {
      toast.error(CART_TEXTS.notVerified);
      setProblem({
        kind: 'unverified',
        message: 'Verify your account from the Account tab of My Account, then place your order.',
      });
      return;
    }
    if (status === 409 && body?.code === 'TOTAL_CHANGED' && typeof body.currentTotal === 'number') {
      setChangedTotal(body.currentTotal);
      void refetchCart();
      return;
    }
    toast.error(CART_TEXTS.orderFailed);
    const fields = error instanceof ApiError ? error.fieldErrors : {};
    if (Object.keys(fields).length > 0) form.setErrors(fields);
    const message = error instanceof ApiError ? error.serverMessage : undefined;
    if (message) setProblem({ kind: 'refused', message });
    void refetchCart();
  };

  const busy = mutation.isPending;
  return (
    <form onSubmit={submit} noValidate className="flex h-full flex-col" aria-labelledby="checkout-heading">
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-4">
        <button
          type="button"
          onClick={onBack}
          disabled={busy}
          className="-ml-1 inline-flex min-h-10 items-center gap-1.5 rounded-lg px-1 text-sm font-medium text-slate-600 hover:text-slate-900 disabled:opacity-50"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to cart
        </button>
        <div>
          <h3 id="checkout-heading" className="text-base font-semibold text-slate-900">
            Delivery details
          </h3>
          <p className="mt-0.5 text-sm text-slate-500">Where should we bring your order? We call before delivery.</p>
        </div>

        {problem && <ErrorBanner>{problem.message}</ErrorBanner>}

        <TextField label="Full Name" autoComplete="name" maxLength={100} {...form.field('fullName')} />
        <TextField
          label="Phone Number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          placeholder="98XXXXXXXX"
          hint="10 digits, for the delivery call"
          {...form.field('phone')}
        />
        <SelectField label="Province" autoComplete="address-level1" {...form.field('province')}>
          <option value="">Choose a province</option>
          {NEPAL_PROVINCES.map((province) => (
            <option key={province} value={province}>
              {province}
            </option>
          ))}
        </SelectField>
        <TextField label="District" autoComplete="address-level2" maxLength={60} {...form.field('district')} />
        <TextField label="City or Municipality" autoComplete="address-level3" maxLength={100} {...form.field('city')} />
        <TextField
          label="Street Address"
          autoComplete="street-address"
          maxLength={200}
          placeholder="Tole, ward number, house"
          {...form.field('address')}
        />
        <TextField
          label="Landmark (optional)"
          maxLength={200}
          placeholder="Near a school, temple, chowk…"
          {...form.field('landmark')}
        />

        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-700">Payment Method</legend>
          <div className="space-y-2">
            {PAYMENT_METHODS.map((id) => (
              <label
                key={id}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-amber-500 bg-amber-50 px-3 text-sm font-medium text-slate-900"
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  value={id}
                  checked={form.values.paymentMethod === id}
                  onChange={() => form.setValue('paymentMethod', id)}
                  className="size-4 accent-amber-600"
                />
                <Banknote className="size-5 text-amber-700" aria-hidden="true" />
                {PAYMENT_METHOD_LABELS[id]}
              </label>
            ))}
            {COMING_SOON.map(({ id, label }) => (
              <label
                key={id}
                className="flex min-h-12 cursor-not-allowed items-center gap-3 rounded-lg border border-slate-200 px-3 text-sm text-slate-400"
              >
                <input type="radio" name="paymentMethod" value={id} disabled className="size-4" />
                {label}
                <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-500">
                  coming soon
                </span>
              </label>
            ))}
          </div>
          {form.errors.paymentMethod && <p className="mt-1 text-sm text-red-600">{form.errors.paymentMethod}</p>}
        </fieldset>
      </div>

      <div className="shrink-0 space-y-3 border-t border-slate-200 bg-white px-4 py-4">
        {changedTotal !== null && (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
            Prices in your cart have changed. The new total is <strong>{formatPrice(changedTotal)}</strong>. Please confirm your
            order again.
          </div>
        )}
        <div className="flex items-baseline justify-between">
          <span className="text-sm text-slate-600">
            Total ({units} {units === 1 ? 'item' : 'items'})
          </span>
          <span className="text-lg font-bold text-slate-900" data-testid="checkout-total">
            {formatPrice(total)}
          </span>
        </div>
        <Button type="submit" size="lg" loading={busy} disabled={items.length === 0} className="w-full">
          {changedTotal !== null ? 'Confirm Order' : 'Place Order'}
        </Button>
        {items.length === 0 && !busy && <p className="text-center text-sm text-slate-500">{CART_TEXTS.emptyDrawer}</p>}
      </div>
    </form>
  );
}

function SelectField({
  label,
  error,
  id,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClasses} ${error ? 'border-red-500' : 'border-slate-300'}`}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
