import { productCount } from '../lib/format';
import { useLocale, useT } from '../lib/i18n';

/** "24 products" above a list (the shop's and the admin's), in the page's language. */
export function ProductCount({ page }: { page: { total: number; totalAtLeast?: boolean | undefined } }) {
  const t = useT();
  const locale = useLocale();
  return <>{productCount(page, t, locale)}</>;
}
