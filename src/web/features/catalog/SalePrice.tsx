import { useSyncExternalStore } from 'react';
import type { Sale } from '../../../shared/campaigns';
import { localDigits } from '../../../shared/locale';
import { formatPrice } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

const tick = (notify: () => void) => {
  const timer = setInterval(notify, SECOND);
  return () => clearInterval(timer);
};
// The same number all through one second, as useSyncExternalStore wants.
const thisSecond = () => Math.floor(Date.now() / SECOND) * SECOND;
const notInBrowser = () => null;

/** The time left until `endsAt`, ticking each second; null while the server renders (and hydration reads it). */
function useTimeLeft(endsAt: string): number | null {
  const now = useSyncExternalStore(tick, thisSecond, notInBrowser);
  return now === null ? null : Math.max(0, Date.parse(endsAt) - now);
}

const two = (n: number) => String(n).padStart(2, '0');

interface SalePriceProps {
  sale: Sale;
  /** The card's small type; the product page's large. */
  size: 'card' | 'page';
}

/**
 * A sale as the shopper reads it: the sale price, the "was" price struck through and the percent
 * saved (both measured from the lowest price of the 30 days before the sale began, and left out
 * when that was not higher), a countdown to the end, and "Lowest price in the last 30 days".
 * The countdown's line keeps its height before the browser fills it, so nothing moves.
 */
export function SalePrice({ sale, size }: SalePriceProps) {
  const t = useT();
  const locale = useLocale();
  const left = useTimeLeft(sale.endsAt);
  const card = size === 'card';
  const discount = sale.wasPrice !== null && sale.percentOff !== null && sale.percentOff > 0;
  let countdown = '';
  if (left !== null) {
    const days = Math.floor(left / DAY);
    const rest = left % DAY;
    const clock = `${two(Math.floor(rest / 3_600_000))}:${two(Math.floor((rest % 3_600_000) / 60_000))}:${two(Math.floor((rest % 60_000) / SECOND))}`;
    const time = days > 0 ? t('catalog.sale.daysAnd', { days, clock }) : clock;
    countdown = localDigits(t('catalog.sale.endsIn', { time }), locale);
  }
  return (
    <div data-testid="sale-price" className={card ? 'mt-auto pt-0.5 sm:pt-2' : 'mt-6'}>
      <p className={`flex flex-wrap items-baseline gap-x-2 gap-y-0.5 ${card ? '' : 'text-2xl'}`}>
        <span className={`font-bold text-rose-700 ${card ? 'text-sm leading-5 sm:text-lg sm:leading-7' : ''}`}>
          {card ? formatPrice(sale.price, locale) : t('catalog.sale.price', { price: formatPrice(sale.price, locale) })}
        </span>
        {discount && (
          <>
            <s className={`text-slate-600 ${card ? 'text-xs sm:text-sm' : 'text-base'}`}>
              <span className="sr-only">{t('catalog.sale.was')} </span>
              {formatPrice(sale.wasPrice!, locale)}
            </s>
            <span
              className={`rounded bg-rose-100 px-1.5 font-semibold text-rose-800 ${card ? 'text-[11px] leading-4 sm:text-xs sm:leading-5' : 'text-sm leading-6'}`}
            >
              {localDigits(t('catalog.sale.off', { percent: sale.percentOff! }), locale)}
            </span>
          </>
        )}
      </p>
      {discount && (
        <>
          <p
            data-testid="sale-countdown"
            aria-live="off"
            className={`tabular-nums text-slate-700 ${card ? 'h-4 text-[11px] leading-4 sm:h-5 sm:text-xs sm:leading-5' : 'mt-1 h-5 text-sm leading-5'}`}
          >
            {countdown}
          </p>
          <p className={`text-slate-600 ${card ? 'text-[11px] leading-4 sm:text-xs' : 'mt-0.5 text-sm'}`}>
            {localDigits(t('catalog.sale.lowest30', { price: formatPrice(sale.lowest30Days, locale) }), locale)}
          </p>
        </>
      )}
    </div>
  );
}
