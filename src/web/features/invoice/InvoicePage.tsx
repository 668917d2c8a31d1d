import ArrowLeft from 'lucide-react/icons/arrow-left';
import Printer from 'lucide-react/icons/printer';
import { Link, useParams } from 'react-router';
import { localDigits } from '../../../shared/locale';
import { formatOrderId } from '../../../shared/orders';
import { VAT_PERCENT } from '../../../shared/payments';
import { PaymentBadge, paymentMethodLabel } from '../../components/orders/PaymentBadge';
import { provinceName } from '../../components/orders/order-labels';
import { Button, buttonClasses } from '../../components/ui/Button';
import { LoadingBlock } from '../../components/ui/Spinner';
import { ApiError } from '../../lib/api';
import { formatDeliveryFee, formatPrice, lineTotal } from '../../lib/format';
import { formatOrderDate } from '../../lib/order-dates';
import { usePageTitle } from '../../lib/hooks';
import { useLocale, useT } from '../../lib/i18n';
import { GuardRedirect } from '../../lib/routing';
import { useAdminToken, useShopperToken } from '../../lib/session';
import { useStoreFacts } from '../../lib/store-facts';
import { type Order, useInvoiceOrder } from './api';

/**
 * The tax invoice of an order (ADR 0026), for the shopper who placed it or the admin: the store
 * (with its PAN when configured), the invoice number and date in Nepal time, the buyer and the
 * delivery address, the lines, the totals with the VAT they include, and how it is paid. Print
 * gives an A4 page without the shop's header, footer and buttons (print: styles).
 */
export default function InvoicePage() {
  const t = useT();
  const { orderId = '' } = useParams();
  const shopper = useShopperToken();
  const admin = useAdminToken();
  const signedIn = shopper !== null || admin !== null;
  const order = useInvoiceOrder(orderId, signedIn);
  usePageTitle(
    order.data?.invoiceNumber ? t('invoice.pageTitle', { number: order.data.invoiceNumber }) : t('invoice.pageTitleLoading'),
  );

  if (!signedIn) return <GuardRedirect to="/login" />;

  const back = shopper ? '/account' : '/admin';
  let content;
  if (order.isPending) {
    content = <LoadingBlock label={t('invoice.loading')} className="py-24" />;
  } else if (order.isError) {
    const missing = order.error instanceof ApiError && (order.error.status === 403 || order.error.status === 404);
    content = (
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white px-6 py-16 text-center">
        <p role="alert" className="font-medium text-red-600">
          {missing ? t('invoice.notFound') : t('invoice.loadFailed')}
        </p>
        {!missing && (
          <Button variant="outline" onClick={() => void order.refetch()} loading={order.isFetching}>
            {t('invoice.tryAgain')}
          </Button>
        )}
      </div>
    );
  } else if (order.data.invoiceNumber === null) {
    content = <NoInvoice order={order.data} />;
  } else {
    content = (
      <>
        <Invoice order={order.data} invoiceNumber={order.data.invoiceNumber} />
        {order.data.creditNoteNumber && <CreditNote order={order.data} creditNoteNumber={order.data.creditNoteNumber} />}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-3 py-6 sm:px-6 sm:py-10 print:max-w-none print:p-0">
      <div className="mb-4 flex items-center justify-between gap-3 print:hidden">
        <Link to={back} className={buttonClasses('ghost', 'sm', '-ml-2')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {shopper ? t('invoice.back.orders') : t('invoice.back.admin')}
        </Link>
        {order.data?.invoiceNumber && (
          <Button variant="secondary" size="sm" onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden="true" />
            {t('invoice.print')}
          </Button>
        )}
      </div>
      {content}
    </div>
  );
}

/**
 * An order without a tax invoice: cancelled before the sale (it never gets one), or not sold yet
 * (the number comes with the online payment, or when the shop confirms cash on delivery). Says so,
 * with no number and no totals.
 */
function NoInvoice({ order }: { order: Order }) {
  const t = useT();
  return (
    <section
      aria-labelledby="no-invoice-title"
      data-testid="no-invoice"
      className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-16 text-center"
    >
      <h1 id="no-invoice-title" className="text-xl font-bold text-slate-900">
        {t('invoice.none.title')}
      </h1>
      <p className="max-w-md text-slate-700">
        {order.status === 'cancelled' ? t('invoice.none.cancelled') : t('invoice.none.notYet')}
      </p>
      <p className="text-sm text-slate-600">
        {t('invoice.orderId')} <span className="font-mono text-xs break-all">{formatOrderId(order.id)}</span>
      </p>
    </section>
  );
}

/** The VOID stamp of an invoice whose sale was reversed (cancelled or refunded; see its credit note). */
function VoidStamp() {
  const t = useT();
  return (
    <p
      data-testid="invoice-void"
      className="mt-2 inline-block -rotate-6 rounded border-4 border-red-700 px-3 py-0.5 text-2xl font-black tracking-widest text-red-700 uppercase"
    >
      {t('invoice.void')}
    </p>
  );
}

const articleClasses =
  'rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-800 shadow-sm sm:p-8 print:rounded-none print:border-0 print:p-0 print:text-[11pt] print:shadow-none';

/** The money lines of an invoice or a credit note: the taxable amount, the VAT on it and the total, each its own line. */
function TaxLines({ order, testIdPrefix }: { order: Order; testIdPrefix: string }) {
  const t = useT();
  const locale = useLocale();
  const vatPercent = localDigits(String(VAT_PERCENT), locale);
  // The VAT is inside the prices: the taxable amount is what remains of the total without it.
  const taxable = Math.round((order.totalAmount - order.vatAmount) * 100) / 100;
  return (
    <>
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-1">
        <dt className="text-slate-600">{t('invoice.taxable')}</dt>
        <dd data-testid={`${testIdPrefix}-taxable`}>{formatPrice(taxable, locale)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t('invoice.vat', { percent: vatPercent })}</dt>
        <dd data-testid={`${testIdPrefix}-vat`}>{formatPrice(order.vatAmount, locale)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 text-base font-bold text-slate-900">
        <dt>{t('invoice.total')}</dt>
        <dd data-testid={`${testIdPrefix}-total`}>{formatPrice(order.totalAmount, locale)}</dd>
      </div>
    </>
  );
}

/** The credit note that reverses a voided invoice: its number and date, the invoice it cancels, and the amount. */
function CreditNote({ order, creditNoteNumber }: { order: Order; creditNoteNumber: string }) {
  const t = useT();
  const locale = useLocale();
  const store = useStoreFacts();
  return (
    <article
      aria-labelledby="credit-note-title"
      data-testid="credit-note"
      className={`mt-6 print:mt-0 print:break-before-page ${articleClasses}`}
    >
      <header className="flex flex-col gap-3 border-b border-slate-200 pb-4 sm:flex-row sm:items-start sm:justify-between print:flex-row print:justify-between">
        <div className="min-w-0">
          <p className="text-lg font-bold text-slate-900">{store.name}</p>
          {store.pan && <p className="font-medium text-slate-900">{t('invoice.pan', { pan: store.pan })}</p>}
          {store.ecommerceRegistration && (
            <p className="font-medium text-slate-900">
              {t('invoice.ecommerceRegistration', { number: store.ecommerceRegistration })}
            </p>
          )}
        </div>
        <div className="sm:text-right print:text-right">
          <h2 id="credit-note-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {t('invoice.creditNote.title')}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            <dt className="whitespace-nowrap text-slate-500">{t('invoice.creditNote.number')}</dt>
            <dd className="font-semibold text-slate-900" data-testid="credit-note-number">
              {creditNoteNumber}
            </dd>
            <dt className="text-slate-500">{t('invoice.date')}</dt>
            <dd className="whitespace-nowrap">{formatOrderDate(order.creditNoteDate ?? order.updatedAt, locale, true)}</dd>
            <dt className="whitespace-nowrap text-slate-500">{t('invoice.creditNote.against')}</dt>
            <dd className="font-semibold text-slate-900">{order.invoiceNumber}</dd>
          </dl>
        </div>
      </header>
      <p className="mt-4">{t('invoice.creditNote.reason', { buyer: order.fullName })}</p>
      <div className="mt-4 flex justify-end">
        <dl className="w-full max-w-xs space-y-1">
          <TaxLines order={order} testIdPrefix="credit-note" />
        </dl>
      </div>
    </article>
  );
}

function Invoice({ order, invoiceNumber }: { order: Order; invoiceNumber: string }) {
  const t = useT();
  const locale = useLocale();
  const store = useStoreFacts();
  const vatPercent = localDigits(String(VAT_PERCENT), locale);
  const label = 'text-xs font-semibold tracking-wide text-slate-500 uppercase';
  return (
    <article aria-labelledby="invoice-title" data-testid="invoice" className={articleClasses}>
      <header className="flex flex-col gap-4 border-b border-slate-200 pb-5 sm:flex-row sm:items-start sm:justify-between print:flex-row print:items-start print:justify-between">
        <div className="min-w-0">
          <p className="text-xl font-bold text-slate-900">{store.name}</p>
          <p className="mt-1 text-slate-600">{store.address}</p>
          <p className="flex flex-wrap gap-x-3 text-slate-600">
            {store.phones.map((phone) => (
              <span key={phone} className="whitespace-nowrap">
                {phone}
              </span>
            ))}
          </p>
          <p className="break-all text-slate-600">{store.email}</p>
          {store.pan && <p className="mt-1 font-medium text-slate-900">{t('invoice.pan', { pan: store.pan })}</p>}
          {store.ecommerceRegistration && (
            <p className="font-medium text-slate-900">
              {t('invoice.ecommerceRegistration', { number: store.ecommerceRegistration })}
            </p>
          )}
        </div>
        <div className="sm:text-right print:text-right">
          <h1 id="invoice-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {/* Paid through the payment sandbox: no money moved, so no sale to tax. */}
            {order.testPayment ? t('invoice.testTitle') : t('invoice.title')}
          </h1>
          {order.invoiceVoid && <VoidStamp />}
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 sm:justify-end print:justify-end">
            <dt className="whitespace-nowrap text-slate-500">{t('invoice.number')}</dt>
            <dd className="font-semibold text-slate-900" data-testid="invoice-number">
              {invoiceNumber}
            </dd>
            <dt className="text-slate-500">{t('invoice.date')}</dt>
            <dd className="whitespace-nowrap">{formatOrderDate(order.invoiceDate ?? order.createdAt, locale, true)}</dd>
            <dt className="whitespace-nowrap text-slate-500">{t('invoice.orderId')}</dt>
            <dd className="font-mono text-xs leading-5 break-all" data-testid="invoice-order-id">
              {formatOrderId(order.id)}
            </dd>
            {order.number !== null && (
              <>
                <dt className="whitespace-nowrap text-slate-500">{t('invoice.orderNumber')}</dt>
                <dd className="font-semibold" data-testid="invoice-order-number">
                  #{order.number}
                </dd>
              </>
            )}
          </dl>
        </div>
      </header>

      <div className="grid gap-4 border-b border-slate-200 py-5 sm:grid-cols-2 print:grid-cols-2">
        <section aria-label={t('invoice.buyer')}>
          <h2 className={label}>{t('invoice.buyer')}</h2>
          <p className="mt-1 font-medium text-slate-900">{order.fullName}</p>
          <p>{order.phone}</p>
          <p className="break-all">{order.user.email}</p>
        </section>
        <section aria-label={t('invoice.deliveryAddress')}>
          <h2 className={label}>{t('invoice.deliverTo')}</h2>
          <p className="mt-1">{order.address}</p>
          {order.landmark && <p>{t('invoice.landmark', { landmark: order.landmark })}</p>}
          <p>
            {order.city}, {order.district}
          </p>
          <p>{t('invoice.province', { province: provinceName(order.province, t) })}</p>
        </section>
      </div>

      <table className="mt-5 w-full text-sm">
        <caption className="sr-only">{t('invoice.itemsCaption', { number: invoiceNumber })}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-slate-600">
            <th scope="col" className="py-2 pr-2 text-left font-semibold">
              {t('invoice.product')}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {t('invoice.quantity')}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {t('invoice.unitPrice')}
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-semibold">
              {t('invoice.amount')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {order.orderItems.map((item) => (
            <tr key={item.id} className="align-top">
              <td className="py-2 pr-2 text-slate-900">
                {item.product.name}
                {'units' in item && item.units.length > 0 && (
                  <span className="block font-mono text-xs break-all text-slate-600" data-testid="invoice-serials">
                    {t('invoice.serials', { serials: item.units.map((unit) => unit.serial).join(', ') })}
                  </span>
                )}
              </td>
              <td className="px-2 py-2 text-right">{localDigits(String(item.quantity), locale)}</td>
              <td className="px-2 py-2 text-right whitespace-nowrap">{formatPrice(item.price, locale)}</td>
              <td className="py-2 pl-2 text-right whitespace-nowrap text-slate-900">
                {formatPrice(lineTotal(item.price, item.quantity), locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="mt-4 flex justify-end border-t border-slate-300 pt-3">
        <div className="w-full max-w-xs space-y-1">
          <dl className="space-y-1">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">{t('invoice.subtotal')}</dt>
              <dd>{formatPrice(order.subtotal, locale)}</dd>
            </div>
            {order.discount > 0 && (
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">{t('invoice.discount', { code: order.couponCode ?? '' })}</dt>
                <dd data-testid="invoice-discount">−{formatPrice(order.discount, locale)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">{t('invoice.delivery')}</dt>
              <dd>{formatDeliveryFee(order.deliveryFee, locale)}</dd>
            </div>
            <TaxLines order={order} testIdPrefix="invoice" />
          </dl>
        </div>
      </div>

      <section
        aria-label={t('invoice.payment')}
        className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-2 border-t border-slate-200 pt-4"
      >
        <p>
          <span className="text-slate-500">{t('invoice.paymentMethod')} </span>
          <span className="font-medium text-slate-900">{paymentMethodLabel(order.paymentMethod, t)}</span>
        </p>
        <p className="flex items-center gap-2">
          <span className="text-slate-500">{t('invoice.paymentStatus')}</span>
          <PaymentBadge status={order.paymentStatus} />
        </p>
        {order.paymentRef && (
          <p className="break-all">
            <span className="text-slate-500">{t('invoice.reference')} </span>
            <span className="font-mono text-xs">{order.paymentRef}</span>
          </p>
        )}
      </section>
      <p className="mt-6 text-center text-xs text-slate-500">{t('invoice.footer', { percent: vatPercent, store: store.name })}</p>
    </article>
  );
}
