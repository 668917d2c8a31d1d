import { localDigits } from '../../../shared/locale';
import { isValleyDistrict } from '../../../shared/payments';
import { formatDeliveryFee, formatPrice } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import type { PaymentOptions } from './checkout-api';

/** Subtotal, the delivery charge for the district typed so far, and the total the shopper pays. */
export function OrderSummary({
  units,
  subtotalPaisa,
  discountPaisa = 0,
  deliveryPaisa,
  district,
  options,
}: {
  units: number;
  subtotalPaisa: number;
  /** The coupon's discount off the items (0: none). */
  discountPaisa?: number;
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
      {discountPaisa > 0 && (
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-slate-600">{t('cart.summary.discount')}</dt>
          <dd className="font-medium text-emerald-700" data-testid="checkout-discount">
            −{formatPrice(discountPaisa / 100, locale)}
          </dd>
        </div>
      )}
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
          {deliveryPaisa === undefined
            ? '…'
            : formatPrice((subtotalPaisa - discountPaisa + (known ? deliveryPaisa : 0)) / 100, locale)}
        </dd>
      </div>
    </dl>
  );
}
