import { Link } from 'react-router';
import type { CartItem } from '../../shared/cart';

/**
 * A cart line's product name, a link to its page (to its variant there, when the line holds one),
 * and under it the variant's label ("256 GB / Black"): the drawer's lines and the account's Cart tab.
 */
export function CartLineName({ item, onClick, className }: { item: CartItem; onClick?: () => void; className: string }) {
  const { variantId, variantLabel } = item;
  const to = variantId ? `/products/${item.product.id}?variant=${variantId}` : `/products/${item.product.id}`;
  return (
    <>
      <Link to={to} onClick={onClick} className={className}>
        {item.product.name}
      </Link>
      {variantLabel && (
        <span data-testid="cart-line-variant" className="block text-sm text-slate-600">
          {variantLabel}
        </span>
      )}
    </>
  );
}
