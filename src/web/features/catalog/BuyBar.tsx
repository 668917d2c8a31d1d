import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { Button } from '../../components/ui/Button';
import { useT } from '../../lib/i18n';

/** A sold-out button reads plainly (grey on grey at full strength), not as a faded Add to Cart. */
const SOLD_OUT = 'disabled:bg-slate-100! disabled:text-slate-700! disabled:opacity-100!';

/** What the page's Add to Cart does now: add, say it is sold out, or ask for an option still to choose. */
export type BuyState = { kind: 'add' } | { kind: 'soldOut' } | { kind: 'choose'; option: string };

export interface AddButtonProps {
  state: BuyState;
  adding: boolean;
  onAdd: () => void;
  /** "Choose Storage": takes the shopper to that option. */
  onChoose: () => void;
  className?: string;
  /** The name a screen reader hears for Add to Cart (the phone bar's carries the price). */
  addLabel?: string;
}

/**
 * Add to Cart, as the page and its phone bar show it. An empty product's (or variant's) button
 * says why it cannot be pressed; a product with variants asks for the option still to be chosen
 * and takes the shopper to it.
 */
export function AddButton({ state, adding, onAdd, onChoose, className = '', addLabel }: AddButtonProps) {
  const t = useT();
  const soldOut = state.kind === 'soldOut';
  return (
    <Button
      variant={soldOut ? 'outline' : state.kind === 'choose' ? 'secondary' : 'primary'}
      size="lg"
      className={`${className} ${soldOut ? SOLD_OUT : ''}`}
      loading={adding}
      disabled={soldOut}
      onClick={state.kind === 'choose' ? onChoose : onAdd}
      aria-label={state.kind === 'add' ? addLabel : undefined}
    >
      {!adding && state.kind === 'add' && <ShoppingCart className="size-5" aria-hidden="true" />}
      {state.kind === 'soldOut'
        ? t('products.detail.soldOut')
        : state.kind === 'choose'
          ? t('products.detail.choose', { option: state.option })
          : t('catalog.addToCart')}
    </Button>
  );
}

interface BuyBarProps extends Omit<AddButtonProps, 'className' | 'addLabel'> {
  price: string;
}

/**
 * Phones only (under lg, where the page is one column): the price and Add to Cart at the bottom of
 * the screen, within the thumb's reach, doing what the page's button does (the quantity chosen
 * there, 'Please login' for a guest). Sticky at the end of the page's own box rather than
 * fixed: it rides the bottom edge while the page scrolls and comes to rest above the footer, so it
 * never covers the page's last lines or the footer, and it takes its own height in the page.
 * Its button's name carries the price (and so differs from the page's own button).
 */
export function BuyBar({ price, ...button }: BuyBarProps) {
  const t = useT();
  return (
    <div
      data-testid="buy-bar"
      className="sticky bottom-0 z-30 -mx-4 mt-8 -mb-6 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 pt-2.5 pb-[max(0.625rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(15_23_42/0.06)] backdrop-blur sm:-mx-6 sm:-mb-10 sm:px-6 lg:hidden"
    >
      <p className="min-w-0 flex-1 truncate text-lg font-bold text-slate-900" aria-hidden="true">
        {price}
      </p>
      <AddButton {...button} className="min-w-40 shrink-0" addLabel={t('products.buyBar.add', { price })} />
    </div>
  );
}
