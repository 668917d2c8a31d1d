import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { useCartQuery, unitCount } from '../../lib/cart-query';
import { useAfterFirstPaint } from '../../lib/first-paint';
import { guestUnits, useGuestCart } from '../../lib/guest-cart';
import { formatCount } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';

/** More than this shows as "99+": the badge stays the size of two digits. */
const BADGE_MAX = 99;

/**
 * The header's cart button, with the number of units in the logged-in shopper's cart: a badge on
 * the icon and in the button's name ("Open cart, 2 items"); a guest's, in the cart kept on this
 * device. An empty cart, it is just "Open cart".
 *
 * The count comes from the cart's own query (lib/cart-query.ts), so an add, a change or a removal
 * updates it. The server draws every page logged out (the token is in local storage): the first
 * paint and hydration have no badge, which then appears, absolutely placed on the icon so nothing
 * moves. On a page the browser draws itself it waits for the first paint, not to compete with the
 * page's own requests.
 */
export function CartButton({ className, onOpen }: { className: string; onOpen: () => void }) {
  const t = useT();
  const locale = useLocale();
  const painted = useAfterFirstPaint();
  const { query, userId } = useCartQuery({ enabled: painted });
  const guest = useGuestCart();
  // A guest's units are those of the cart kept on this device.
  const units = userId === undefined ? guestUnits(guest) : unitCount(query.data ?? []);
  const items = formatCount(units, locale);
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={units > 0 ? t('common.nav.openCartWithItems', { count: units, items }) : t('common.nav.openCart')}
      title={t('common.nav.cart')}
      className={className}
    >
      <ShoppingCart className="size-[22px]" aria-hidden="true" />
      {units > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="pointer-events-none absolute top-0.5 right-0 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-amber-400 px-1 text-xs leading-none font-bold text-slate-950 ring-2 ring-slate-900"
        >
          {units > BADGE_MAX ? `${formatCount(BADGE_MAX, locale)}+` : items}
        </span>
      )}
    </button>
  );
}
