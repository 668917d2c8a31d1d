import Shield from 'lucide-react/icons/shield';
import Truck from 'lucide-react/icons/truck';
import CreditCard from 'lucide-react/icons/credit-card';
import { useId } from 'react';
import type { DeliveryDays } from '../../../shared/payments';
import { districtFeePaisa } from '../../../shared/delivery';
import { deliveryRatesOf, placeFeePaisa } from '../../../shared/money';
import { districtTerms, useDistrictTable, useSavedDistrict } from '../../lib/district-delivery';
import { PAYMENT_METHOD_MESSAGES } from '../../components/orders/order-labels';
import { formatCount, formatDeliveryFee, formatPrice } from '../../lib/format';
import { type MessageId, type Translate, useLocale, useT } from '../../lib/i18n';
import { usePaymentOptions } from './payment-options';
import type { Locale } from '../../../shared/locale';
import { type DeliveryPlace, useDeliveryPlace } from './delivery-place';

const PLACES = [
  { place: 'valley', label: 'products.info.valley' },
  { place: 'outside', label: 'products.info.outside' },
] as const satisfies readonly { place: DeliveryPlace; label: MessageId }[];

/** '1–2 days', '3 days' (a single number when the shop says one). */
function daysText(days: DeliveryDays, t: Translate, locale: Locale): string {
  return days.min === days.max
    ? t('products.info.days', { count: days.min, days: formatCount(days.min, locale) })
    : t('products.info.daysRange', { min: formatCount(days.min, locale), max: formatCount(days.max, locale) });
}

/**
 * Under the price: what delivery costs and how long it takes where the shopper is
 * (inside the Kathmandu valley or outside, their pick remembered), the ways to pay this shop
 * offers, and the product's warranty when it has one. The charges and days are the checkout's own
 * (GET /api/orders/payment-options, in the page's HTML on a first visit); while they load, their
 * lines keep their height, so nothing below moves. The charge is the one checkout makes for this
 * product alone (`price`, rupees): free when it reaches the free-delivery amount by itself.
 */
export function BuyingInfo({ price, warranty }: { price: number; warranty: string | null }) {
  const t = useT();
  const locale = useLocale();
  const headingId = useId();
  const [place, choosePlace] = useDeliveryPlace();
  const { data: options } = usePaymentOptions();
  const delivery = options?.delivery;
  // A shopper with a saved address (their last order's district) is told that district's terms.
  const savedDistrict = useSavedDistrict();
  const table = useDistrictTable(savedDistrict !== undefined);
  const saved = savedDistrict ? districtTerms(table.data, savedDistrict) : undefined;
  const feePaisa = saved
    ? districtFeePaisa(Math.round(saved.fee * 100), Math.round(price * 100), Math.round((table.data?.freeFrom ?? 0) * 100))
    : delivery && placeFeePaisa(place === 'valley', Math.round(price * 100), deliveryRatesOf(delivery));
  const fee = feePaisa === undefined ? undefined : feePaisa / 100;
  const days = saved
    ? { min: saved.daysMin, max: saved.daysMax }
    : delivery && (place === 'valley' ? delivery.valleyDays : delivery.outsideDays);
  const row = 'flex gap-3 py-3';
  const icon = 'mt-0.5 size-5 shrink-0 text-amber-700';

  return (
    <section
      aria-labelledby={headingId}
      data-testid="buying-info"
      className="mt-5 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white px-4 text-sm text-slate-700"
    >
      <h2 id={headingId} className="sr-only">
        {t('products.info.title')}
      </h2>
      <div className={row}>
        <Truck className={icon} aria-hidden="true" />
        <div className="min-w-0 flex-1">
          {saved ? (
            <p className="font-semibold text-slate-900" data-testid="delivery-district">
              {t('products.info.deliverToDistrict', { district: locale === 'ne' ? saved.ne : saved.district })}
            </p>
          ) : (
            <fieldset>
              <legend className="font-semibold text-slate-900">{t('products.info.deliverTo')}</legend>
              <div className="mt-2 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
                {PLACES.map(({ place: value, label }) => (
                  <label
                    key={value}
                    className="flex min-h-10 cursor-pointer items-center justify-center rounded-md px-2 text-center text-[13px] leading-4 font-medium text-slate-700 has-checked:bg-white has-checked:text-slate-900 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2"
                  >
                    <input
                      type="radio"
                      name="delivery-place"
                      value={value}
                      checked={place === value}
                      onChange={() => choosePlace(value)}
                      className="sr-only"
                    />
                    {t(label)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <p className="mt-2 min-h-5" data-testid="delivery-estimate" aria-live="polite">
            {fee !== undefined && days ? (
              <>
                <span className={`font-semibold ${fee === 0 ? 'text-emerald-700' : 'text-slate-900'}`}>
                  {fee === 0 ? t('products.info.chargeFree') : t('products.info.charge', { fee: formatDeliveryFee(fee, locale) })}
                </span>
                {' · '}
                {daysText(days, t, locale)}
              </>
            ) : (
              <span className="text-slate-500">{t('catalog.loading')}</span>
            )}
          </p>
          {saved && !saved.cod && (
            <p className="mt-0.5 text-xs text-slate-700" data-testid="delivery-no-cod">
              {t('products.info.noCod')}
            </p>
          )}
          {delivery && delivery.freeFrom > 0 && (
            <p className="mt-0.5 text-xs text-slate-500" data-testid="delivery-free-from">
              {fee === 0
                ? t('cart.summary.freeOnOrdersFrom', { amount: formatPrice(delivery.freeFrom, locale) })
                : t('cart.summary.freeFrom', { amount: formatPrice(delivery.freeFrom, locale) })}
            </p>
          )}
        </div>
      </div>
      {(!options || options.methods.length > 0) && (
        <div className={row}>
          <CreditCard className={icon} aria-hidden="true" />
          <p className="min-w-0" data-testid="payment-methods">
            <span className="font-semibold text-slate-900">{t('products.info.pay')}</span>{' '}
            {options ? (
              options.methods
                .filter((method) => !(saved && !saved.cod && method.id === 'cod'))
                .map((method) => t(PAYMENT_METHOD_MESSAGES[method.id]))
                .join(' · ')
            ) : (
              <span className="text-slate-500">{t('catalog.loading')}</span>
            )}
          </p>
        </div>
      )}
      {warranty && (
        <div className={row} data-testid="product-warranty">
          <Shield className={icon} aria-hidden="true" />
          <p className="min-w-0 break-words">
            <span className="font-semibold text-slate-900">{t('products.info.warranty')}</span> {warranty}
          </p>
        </div>
      )}
    </section>
  );
}
