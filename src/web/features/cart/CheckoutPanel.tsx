import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Banknote from 'lucide-react/icons/banknote';
import Wallet from 'lucide-react/icons/wallet';
import { type FormEvent, type SelectHTMLAttributes, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { localDigits } from '../../../shared/locale';
import { NEPAL_PROVINCES, checkoutFormSchema } from '../../../shared/orders';
import {
  PAYMENT_METHODS,
  type PaymentMethodId,
  type DeliveryRates,
  deliveryFeePaisa,
  deliveryRatesOf,
  isValleyDistrict,
} from '../../../shared/payments';
import { type District, districtsOf, findDistrict } from '../../../shared/districts';
import { PAYMENT_METHOD_MESSAGES, PROVINCE_MESSAGES, messageOf } from '../../components/orders/order-labels';
import { ErrorBanner } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { TextField, inputClasses } from '../../components/ui/TextField';
import { ApiError } from '../../lib/api';
import { formatDeliveryFee, formatPrice } from '../../lib/format';
import { useSchemaForm } from '../../lib/forms';
import { type MessageId, useLocale, useT } from '../../lib/i18n';
import { Msg } from '../../lib/msg';
import { goToPayment } from '../../lib/payment-redirect';
import { queryKeys } from '../../lib/query-client';
import { getToken } from '../../lib/session';
import { toast } from '../../lib/toast';
import { cartKey } from '../../lib/cart-query';
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

type Field = 'fullName' | 'phone' | 'province' | 'district' | 'city' | 'address' | 'landmark' | 'paymentMethod';

const METHOD_HINTS = {
  cod: 'cart.checkout.hint.cod',
  esewa: 'cart.checkout.hint.esewa',
  khalti: 'cart.checkout.hint.khalti',
} as const satisfies Record<PaymentMethodId, MessageId>;

/** What happens after the order is placed: the gateway (eSewa, Khalti), the orders list, or nothing more. */
export type CheckoutNext = 'gateway' | 'orders' | 'none';

/** The delivery charges of GET /api/orders/payment-options, in paisa as shared/payments.ts reckons. */
function ratesOf(options: PaymentOptions | undefined): DeliveryRates | undefined {
  return options ? deliveryRatesOf(options.delivery) : undefined;
}

/** A province's districts for the select, by their name in the page's language. */
function districtOptions(province: string, locale: 'en' | 'ne'): District[] {
  const list = districtsOf(province);
  return locale === 'ne' ? list.sort((a, b) => a.ne.localeCompare(b.ne, 'ne')) : list;
}

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

/** Why the order was not placed: our own texts, or the server's message (in the page's language). */
type Problem = { kind: 'unverified' | 'network' } | { kind: 'refused'; message: string };

/**
 * The checkout form of the cart drawer: where to deliver (a Nepali address), how to pay (cash on
 * delivery, or now with eSewa or Khalti as the shop offers), what it costs with delivery, and the
 * order itself. Each attempt carries one Idempotency-Key, reused when the same attempt is sent
 * again after a lost answer, so a double tap or a retry never makes two orders. An online payment
 * then leaves the shop for the gateway, which sends the shopper back to their orders.
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
  const locale = useLocale();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [initial] = useState(() => initialValues(prefill));
  const form = useSchemaForm<Field, ReturnType<typeof checkoutFormSchema.parse>>(checkoutFormSchema, initial);
  const attemptKey = useRef<string | null>(null);
  const sending = useRef(false);
  /** The server's total after prices changed, which the shopper is asked to confirm. */
  const [changedTotal, setChangedTotal] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const mutation = useMutation({ mutationFn: createOrder });
  const options = useQuery({ queryKey: paymentOptionsKey, queryFn: fetchPaymentOptions, staleTime: PAYMENT_OPTIONS_STALE_MS });

  const offered = options.data?.methods ?? [];
  // A remembered wallet the shop no longer offers falls back to cash on delivery.
  const chosen: PaymentMethodId = offered.find((method) => method.id === form.values.paymentMethod)?.id ?? 'cod';

  const rates = ratesOf(options.data);
  const subtotalPaisa = Math.round(cartSum(items) * 100);
  const district = form.values.district.trim();
  const deliveryPaisa = rates ? deliveryFeePaisa(district, subtotalPaisa, rates) : undefined;
  /** Rupees: what the shopper pays (sent as totalAmount); undefined until the charges are known. */
  const total = deliveryPaisa === undefined ? undefined : (subtotalPaisa + deliveryPaisa) / 100;
  const units = items.reduce((sum, item) => sum + item.quantity, 0);
  const online = chosen === 'esewa' || chosen === 'khalti';

  const refetchCart = () => client.invalidateQueries({ queryKey: queryKeys.cart });

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
      const reply = await mutation.mutateAsync({
        idempotencyKey: attemptKey.current,
        body: { ...data, paymentMethod: chosen, userId, totalAmount: total, cartItems: cartItemsPayload(items) },
      });
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
      toast.error(t('cart.toast.orderFailed'));
      setProblem({ kind: 'network' });
      return;
    }
    attemptKey.current = null;
    const body = error instanceof ApiError ? (error.body as { code?: unknown; currentTotal?: unknown } | undefined) : undefined;
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
          {t('cart.checkout.back')}
        </button>
        <div>
          <h3 id="checkout-heading" className="text-base font-semibold text-slate-900">
            {t('cart.checkout.title')}
          </h3>
          <p className="mt-0.5 text-sm text-slate-500">{t('cart.checkout.intro')}</p>
        </div>

        {problem && (
          <ErrorBanner>
            {problem.kind === 'refused'
              ? problem.message
              : problem.kind === 'network'
                ? t('cart.checkout.problem.network')
                : t('cart.checkout.problem.unverified')}
          </ErrorBanner>
        )}

        <TextField label={t('cart.checkout.fullName')} autoComplete="name" maxLength={100} {...form.field('fullName')} />
        <TextField
          label={t('cart.checkout.phone')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          // The number's form, written the same in both languages: the field takes the digits 0-9.
          placeholder="98XXXXXXXX"
          hint={t('cart.checkout.phoneHint', { digits: localDigits('10', locale) })}
          {...form.field('phone')}
        />
        <SelectField
          label={t('cart.checkout.province')}
          autoComplete="address-level1"
          {...form.field('province')}
          onChange={(event) => {
            form.setValue('province', event.target.value);
            // Another province's district would be refused: the district is chosen again.
            if (findDistrict(form.values.district)?.province !== event.target.value) form.setValue('district', '');
          }}
        >
          <option value="">{t('cart.checkout.provinceChoose')}</option>
          {NEPAL_PROVINCES.map((province) => (
            <option key={province} value={province}>
              {t(PROVINCE_MESSAGES[province])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('cart.checkout.district')}
          autoComplete="address-level2"
          disabled={form.values.province === ''}
          {...form.field('district')}
        >
          <option value="">
            {form.values.province === '' ? t('cart.checkout.districtProvinceFirst') : t('cart.checkout.districtChoose')}
          </option>
          {districtOptions(form.values.province, locale).map((district) => (
            <option key={district.en} value={district.en}>
              {locale === 'ne' ? district.ne : district.en}
            </option>
          ))}
        </SelectField>
        <TextField label={t('cart.checkout.city')} autoComplete="address-level3" maxLength={100} {...form.field('city')} />
        <TextField
          label={t('cart.checkout.address')}
          autoComplete="street-address"
          maxLength={200}
          placeholder={t('cart.checkout.addressPlaceholder')}
          {...form.field('address')}
        />
        <TextField
          label={t('cart.checkout.landmark')}
          maxLength={200}
          placeholder={t('cart.checkout.landmarkPlaceholder')}
          {...form.field('landmark')}
        />

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
          {form.errors.paymentMethod && <p className="mt-1 text-sm text-red-600">{form.errors.paymentMethod}</p>}
        </fieldset>
      </div>

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
            units={units}
            subtotalPaisa={subtotalPaisa}
            deliveryPaisa={deliveryPaisa}
            district={district}
            options={options.data}
          />
        )}
        <Button type="submit" size="lg" loading={busy} disabled={items.length === 0 || total === undefined} className="w-full">
          {changedTotal !== null ? t('cart.checkout.confirm') : t('cart.checkout.place')}
        </Button>
        {online && total !== undefined && (
          <p className="text-center text-xs text-slate-500">
            {t('cart.checkout.payNext', { amount: formatPrice(total, locale), method: t(PAYMENT_METHOD_MESSAGES[chosen]) })}
          </p>
        )}
        {items.length === 0 && !busy && <p className="text-center text-sm text-slate-500">{t('cart.emptyDrawer')}</p>}
      </div>
    </form>
  );
}

/** Subtotal, the delivery charge for the district typed so far, and the total the shopper pays. */
function OrderSummary({
  units,
  subtotalPaisa,
  deliveryPaisa,
  district,
  options,
}: {
  units: number;
  subtotalPaisa: number;
  deliveryPaisa: number | undefined;
  district: string;
  options: PaymentOptions | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const freeFrom = options?.delivery.freeFrom ?? 0;
  const free = deliveryPaisa === 0;
  // Until the district is known the charge is not either (unless the order is delivered free anyway).
  const known = deliveryPaisa !== undefined && (free || district !== '');
  let deliveryLabel = t('cart.summary.delivery');
  if (known && !free && district !== '') {
    deliveryLabel = isValleyDistrict(district) ? t('cart.summary.deliveryValley') : t('cart.summary.deliveryOutside');
  }
  let deliveryText: string;
  if (deliveryPaisa === undefined) deliveryText = '…';
  else if (free) deliveryText = formatDeliveryFee(0, locale);
  else if (!known) deliveryText = t('cart.summary.enterDistrict');
  else deliveryText = formatPrice(deliveryPaisa / 100, locale);
  return (
    <dl className="space-y-1 text-sm" aria-label={t('cart.summary.label')}>
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-slate-600">
          {t('cart.summary.subtotal', { count: units, units: localDigits(String(units), locale) })}
        </dt>
        <dd className="font-medium text-slate-900" data-testid="checkout-subtotal">
          {formatPrice(subtotalPaisa / 100, locale)}
        </dd>
      </div>
      {/* The free-delivery note is a second value of Delivery: a <dl> holds only terms and values. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <dt className="text-slate-600">{deliveryLabel}</dt>
        <dd
          className={`text-right font-medium ${free ? 'text-emerald-700' : known ? 'text-slate-900' : 'text-slate-500'}`}
          data-testid="checkout-delivery"
        >
          {deliveryText}
        </dd>
        {freeFrom > 0 && (
          <dd className="basis-full text-xs text-slate-500">
            {free
              ? t('cart.summary.freeOnOrdersFrom', { amount: formatPrice(freeFrom, locale) })
              : t('cart.summary.freeFrom', { amount: formatPrice(freeFrom, locale) })}
          </dd>
        )}
      </div>
      <div className="flex items-baseline justify-between gap-3 border-t border-slate-200 pt-2">
        <dt className="text-base font-semibold text-slate-900">{t('cart.total')}</dt>
        <dd className="text-lg font-bold text-slate-900" data-testid="checkout-total">
          {deliveryPaisa === undefined ? '…' : formatPrice((subtotalPaisa + (known ? deliveryPaisa : 0)) / 100, locale)}
        </dd>
      </div>
    </dl>
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
        className={`${inputClasses} ${error ? 'border-red-500' : 'border-control'}`}
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
