import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import FileText from 'lucide-react/icons/file-text';
import ImageOff from 'lucide-react/icons/image-off';
import { Link } from 'react-router';
import { type OrderItemDetail, formatOrderId } from '../../../shared/orders';
import { localDigits } from '../../../shared/locale';
import { type PaymentResult, VAT_PERCENT } from '../../../shared/payments';
import { PaymentBadge, paymentMethodLabel } from '../../components/orders/PaymentBadge';
import { provinceName } from '../../components/orders/order-labels';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { formatDeliveryFee, formatPrice } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { Msg } from '../../lib/msg';
import { type Order, type OrderItem, itemTotal, statusClasses, statusLabel } from './api';

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${statusClasses(status)}`}
      data-testid="order-status"
    >
      {statusLabel(status, t)}
    </span>
  );
}

/** A line's product as an order read on its own has it (picture, still in the shop); the list's lines have neither. */
type ShownItem = OrderItem | OrderItemDetail;
const detailOf = (item: ShownItem) => ('available' in item.product ? item.product : undefined);

/**
 * A line's product: its small picture and its name, one link to its page; a product no longer in the
 * shop keeps its name, without a link, beside a placeholder. Lines without pictures (the list's
 * shape) show the name alone.
 */
function LineProduct({ item }: { item: ShownItem }) {
  const t = useT();
  const product = detailOf(item);
  if (!product) return <span className="font-medium text-slate-900">{item.product.name}</span>;
  const picture = product.thumbnail ? (
    <img
      src={product.thumbnail}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className="size-12 shrink-0 rounded-md border border-slate-200 bg-white object-contain"
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex size-12 shrink-0 items-center justify-center rounded-md border border-slate-200 bg-slate-50 text-slate-400"
      data-testid="line-placeholder"
    >
      <ImageOff className="size-5" />
    </span>
  );
  if (!product.available) {
    return (
      <span className="flex items-center gap-3">
        {picture}
        <span className="min-w-0">
          <span className="block font-medium text-slate-900">{item.product.name}</span>
          <span className="block text-xs text-slate-500">{t('orders.items.unavailable')}</span>
        </span>
      </span>
    );
  }
  return (
    <Link
      to={`/products/${item.product.id}`}
      className="group flex items-center gap-3 rounded-md font-medium text-slate-900 hover:text-amber-700"
    >
      {picture}
      <span className="min-w-0 underline decoration-slate-300 underline-offset-2 group-hover:decoration-amber-600">
        {item.product.name}
      </span>
    </Link>
  );
}

/**
 * An order's items (SPEC §2: Product Name, Category, Price, Quantity, Total): a table on wider
 * screens, a list of small cards on phones; each product with its picture, linking to its page.
 */
export function OrderItemsList({
  items,
  loading = false,
  error,
  caption,
}: {
  items: readonly ShownItem[];
  loading?: boolean;
  error?: string;
  caption: string;
}) {
  const t = useT();
  const locale = useLocale();
  if (loading) {
    return (
      <p role="status" className="flex items-center gap-2 py-3 text-sm text-slate-500">
        <Spinner className="size-4 text-amber-500" />
        {t('orders.items.loading')}
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="py-3 text-sm font-medium text-red-600">
        {error}
      </p>
    );
  }
  if (items.length === 0) return <p className="py-3 text-sm text-slate-500">{t('orders.items.none')}</p>;
  return (
    <>
      <ul className="space-y-2 md:hidden" aria-label={caption}>
        {items.map((item, index) => (
          <li key={item.id ?? index} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <LineProduct item={item} />
            <p className={`text-xs text-slate-500 ${detailOf(item) ? 'mt-1' : ''}`}>{item.product.category}</p>
            <p className="mt-1 flex justify-between text-slate-700">
              <span>
                {formatPrice(item.price, locale)} × {localDigits(String(item.quantity), locale)}
              </span>
              <span className="font-semibold text-slate-900">{formatPrice(itemTotal(item), locale)}</span>
            </p>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-600">
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {t('orders.items.productName')}
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {t('orders.items.category')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t('orders.items.price')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t('orders.items.quantity')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t('orders.items.total')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item, index) => (
            <tr key={item.id ?? index}>
              <td className="px-3 py-2">
                <LineProduct item={item} />
              </td>
              <td className="px-3 py-2 text-slate-600">{item.product.category}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap">{formatPrice(item.price, locale)}</td>
              <td className="px-3 py-2 text-right">{localDigits(String(item.quantity), locale)}</td>
              <td className="px-3 py-2 text-right font-semibold whitespace-nowrap text-slate-900">
                {formatPrice(itemTotal(item), locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function PayButtons({
  onRetry,
  onPayOnDelivery,
  retrying,
  switching,
}: {
  onRetry: () => void;
  onPayOnDelivery: () => void;
  retrying: boolean;
  switching: boolean;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button size="sm" onClick={onRetry} loading={retrying} disabled={switching}>
        {t('orders.payment.tryAgain')}
      </Button>
      <Button variant="outline" size="sm" onClick={onPayOnDelivery} loading={switching} disabled={retrying}>
        {t('orders.payment.payOnDelivery')}
      </Button>
    </div>
  );
}

/**
 * The result of a payment at eSewa or Khalti, above the orders when the shopper comes back. A
 * pending result turns into the paid one as soon as the order is confirmed; a failed one offers a
 * new try or cash on delivery while the order still awaits its payment.
 */
export function PaymentResultBanner({
  result,
  order,
  onRetry,
  onPayOnDelivery,
  retrying,
  switching,
}: {
  result: PaymentResult;
  order: Order | undefined;
  onRetry?: () => void;
  onPayOnDelivery?: () => void;
  retrying: boolean;
  switching: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const orderId = <span className="font-mono" />;
  const status = order?.paymentStatus;
  const shown: PaymentResult =
    result === 'pending' && status === 'paid' ? 'paid' : result === 'pending' && status === 'failed' ? 'failed' : result;
  if (shown === 'paid') {
    return (
      <div
        role="status"
        className="mb-5 flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900"
        data-testid="payment-banner"
      >
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
        <div>
          <p className="font-semibold">{t('orders.payment.paid')}</p>
          {order && (
            <p className="mt-0.5 text-sm text-emerald-800">
              <Msg
                id="orders.payment.paidFor"
                values={{ amount: formatPrice(order.totalAmount, locale), orderId: formatOrderId(order.id) }}
                components={{ 0: orderId }}
              />
            </p>
          )}
        </div>
      </div>
    );
  }
  if (shown === 'pending') {
    return (
      <div
        role="status"
        className="mb-5 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900"
        data-testid="payment-banner"
      >
        <Spinner className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <p className="font-medium">{t('orders.payment.pending')}</p>
      </div>
    );
  }
  const canPay = order !== undefined && status === 'awaiting_payment' && onRetry !== undefined && onPayOnDelivery !== undefined;
  return (
    <div
      role="status"
      className="mb-5 flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-900"
      data-testid="payment-banner"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-3">
        <div>
          <p className="font-semibold">{t('orders.payment.failed')}</p>
          {canPay && (
            <p className="mt-0.5 text-sm text-red-800">
              <Msg
                id="orders.payment.failedSaved"
                values={{ orderId: formatOrderId(order.id), amount: formatPrice(order.totalAmount, locale) }}
                components={{ 0: orderId }}
              />
            </p>
          )}
        </div>
        {canPay && <PayButtons onRetry={onRetry} onPayOnDelivery={onPayOnDelivery} retrying={retrying} switching={switching} />}
      </div>
    </div>
  );
}

/**
 * An open order's money: how it is paid and how far, the subtotal, delivery charge, total and the
 * VAT inside it, the payment buttons while it awaits an online payment, and its invoice.
 */
export function OrderPayment({
  order,
  onRetry,
  onPayOnDelivery,
  retrying,
  switching,
}: {
  order: Order;
  onRetry: () => void;
  onPayOnDelivery: () => void;
  retrying: boolean;
  switching: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const row = 'flex items-baseline justify-between gap-3';
  const method = paymentMethodLabel(order.paymentMethod, t);
  return (
    <section
      aria-label={t('orders.payment.label', { orderId: formatOrderId(order.id) })}
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
    >
      {/* Two lists side by side (a <dl> holds only its terms and values, grouped in <div>s one deep). */}
      <div className="grid gap-x-10 gap-y-1.5 md:grid-cols-2">
        <dl className="space-y-1.5">
          <div className={row}>
            <dt className="whitespace-nowrap text-slate-500">{t('orders.payment.method')}</dt>
            <dd className="font-medium text-slate-900" data-testid="payment-method">
              {method}
            </dd>
          </div>
          <div className={row}>
            <dt className="whitespace-nowrap text-slate-500">{t('orders.payment.status')}</dt>
            <dd>
              <PaymentBadge status={order.paymentStatus} />
            </dd>
          </div>
        </dl>
        <div className="space-y-1.5 border-t border-slate-100 pt-1.5 md:border-t-0 md:pt-0">
          <dl className="space-y-1.5">
            <div className={row}>
              <dt className="text-slate-500">{t('orders.payment.subtotal')}</dt>
              <dd className="text-slate-900">{formatPrice(order.subtotal, locale)}</dd>
            </div>
            <div className={row}>
              <dt className="text-slate-500">{t('orders.payment.delivery')}</dt>
              <dd className={order.deliveryFee === 0 ? 'font-medium text-emerald-700' : 'text-slate-900'}>
                {formatDeliveryFee(order.deliveryFee, locale)}
              </dd>
            </div>
            <div className={row}>
              <dt className="font-semibold text-slate-900">{t('orders.payment.total')}</dt>
              <dd className="font-semibold text-slate-900">{formatPrice(order.totalAmount, locale)}</dd>
            </div>
          </dl>
          <p className="text-right text-xs text-slate-500">
            {t('orders.payment.vatIncluded', {
              percent: localDigits(String(VAT_PERCENT), locale),
              amount: formatPrice(order.vatAmount, locale),
            })}
          </p>
        </div>
      </div>
      {order.paymentStatus === 'awaiting_payment' && order.status !== 'cancelled' && (
        <div className="mt-3 space-y-2 border-t border-slate-100 pt-3">
          <p className="text-slate-700">
            {t('orders.payment.awaiting', { amount: formatPrice(order.totalAmount, locale), method })}
          </p>
          <PayButtons onRetry={onRetry} onPayOnDelivery={onPayOnDelivery} retrying={retrying} switching={switching} />
        </div>
      )}
      <div className="mt-3 border-t border-slate-100 pt-3">
        <Link to={`/orders/${encodeURIComponent(order.id)}/invoice`} className={buttonClasses('ghost', 'sm', '-ml-2')}>
          <FileText className="size-4" aria-hidden="true" />
          {t('orders.payment.invoice')}
        </Link>
      </div>
    </section>
  );
}

/** Where an order goes: the recipient, their phone and the address as the checkout took it. */
export function OrderAddress({ order }: { order: Order }) {
  const t = useT();
  return (
    <section
      aria-label={t('orders.address.label', { orderId: formatOrderId(order.id) })}
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
    >
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('orders.address.title')}</h4>
      <address className="mt-1 space-y-0.5 text-slate-700 not-italic" data-testid="order-address">
        <p className="font-medium text-slate-900">
          {order.fullName}, {order.phone}
        </p>
        <p>{order.address}</p>
        {order.landmark && <p>{t('orders.address.landmark', { landmark: order.landmark })}</p>}
        <p>
          {order.city}, {order.district}
        </p>
        <p>{t('orders.address.province', { province: provinceName(order.province, t) })}</p>
      </address>
    </section>
  );
}
