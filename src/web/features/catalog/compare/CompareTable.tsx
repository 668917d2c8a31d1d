import EqualNot from 'lucide-react/icons/equal-not';
import X from 'lucide-react/icons/x';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { CARD_IMAGE_SIZES, parseImages } from '../../../../shared/catalog-media';
import type { ProductDetail } from '../../../../shared/product-detail';
import { ProductImage } from '../../../components/ProductImage';
import { ButtonLink } from '../../../components/ui/Button';
import { formatCount, formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { stockState } from '../stock';
import { brandOf } from '../product-specs';
import { differs, specRows } from './compare-rows';

/**
 * Column widths. On a phone two products fill the screen beside the row names (6 rem with their
 * padding): each product's column is half of what is left of the width (the page's 2 rem of
 * padding, the names, its own 1 rem of padding), and the table scrolls sideways for a third and
 * fourth, the names staying put (sticky). Wider screens give every column room of its own.
 */
const NAME_WIDTH = 'w-20 sm:w-36';
const PRODUCT_WIDTH = 'w-[calc((100vw-10.25rem)/2)] sm:w-44 lg:w-52';

interface Row {
  key: string;
  label: string;
  cells: ReactNode[];
  differs: boolean;
}

/**
 * The products side by side: a column each (image, name, Add to Cart to its page, remove), then
 * price, availability, brand and every specification as rows aligned by name, a dash where a
 * product has none. A row whose values differ is bold and its name says "Differs" (an icon and a
 * word, not colour alone).
 */
export function CompareTable({ products, onRemove }: { products: readonly ProductDetail[]; onRemove: (id: number) => void }) {
  const t = useT();
  const locale = useLocale();
  const captionId = useId();
  const nameIds = useId();
  const none = (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t('compare.table.none')}</span>
    </>
  );
  const prices = products.map((product) => formatPrice(product.price, locale));
  const stocks = products.map((product) => {
    const stock = stockState(product.stock, product.lowStockThreshold);
    if (stock.kind === 'out') return t('products.detail.outOfStock');
    if (stock.kind === 'few') return t('products.card.fewLeft', { count: formatCount(stock.left, locale) });
    return t('products.detail.inStock');
  });
  const brands = products.map(brandOf);
  const overview: Row[] = [
    { key: 'price', label: t('compare.table.price'), cells: prices, differs: differs(prices) },
    { key: 'stock', label: t('compare.table.stock'), cells: stocks, differs: differs(stocks) },
  ];
  if (brands.some(Boolean)) {
    overview.push({ key: 'brand', label: t('compare.table.brand'), cells: brands.map((brand) => brand ?? none), differs: differs(brands) });
  }
  const specs: Row[] = specRows(products).map((row) => ({
    key: `spec-${row.name}`,
    label: row.name,
    cells: row.values.map((value) => value ?? none),
    differs: row.differs,
  }));

  return (
    // A region that scrolls takes the keyboard's focus, so it can be scrolled without a pointer; positioned, so
    // that the screen-reader texts of cells scrolled out of sight stay inside it, not widening the page.
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="relative mt-6 w-fit max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="border-separate border-spacing-0 text-left text-sm">
        <caption id={captionId} className="sr-only">
          {t('compare.table.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-10 border-b border-slate-200 bg-white px-2 py-3 align-bottom">
              <div className={`${NAME_WIDTH} text-xs font-semibold text-slate-500`}>{t('compare.table.feature')}</div>
            </th>
            {products.map((product) => {
              const nameId = `${nameIds}-${product.id}`;
              return (
                <th key={product.id} scope="col" className="border-b border-slate-200 px-2 py-3 align-top font-normal">
                  <div className={`${PRODUCT_WIDTH} flex flex-col gap-2`}>
                    <div className="relative">
                      <Link to={`/products/${product.id}`} tabIndex={-1} aria-hidden="true" className="block">
                        <ProductImage
                          src={parseImages(product.images)[0]}
                          alt=""
                          sizes={CARD_IMAGE_SIZES}
                          cover
                          className="aspect-square w-full rounded-lg"
                        />
                      </Link>
                      <button
                        type="button"
                        onClick={() => onRemove(product.id)}
                        aria-label={t('compare.table.remove', { name: product.name })}
                        title={t('compare.table.remove', { name: product.name })}
                        className="absolute top-1 right-1 inline-flex size-9 items-center justify-center rounded-full border border-slate-200 bg-white/95 text-slate-700 shadow-sm hover:bg-white hover:text-slate-950"
                      >
                        <X className="size-4" aria-hidden="true" />
                      </button>
                    </div>
                    <Link
                      id={nameId}
                      to={`/products/${product.id}`}
                      className="line-clamp-3 text-[13px] leading-4 font-semibold text-slate-900 hover:text-amber-700 hover:underline sm:text-sm sm:leading-5"
                    >
                      {product.name}
                    </Link>
                    <ButtonLink
                      to={`/products/${product.id}`}
                      variant="secondary"
                      size="xs"
                      className="mt-auto w-full sm:h-9 sm:text-sm"
                      aria-describedby={nameId}
                    >
                      {t('catalog.addToCart')}
                    </ButtonLink>
                  </div>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {overview.map((row) => (
            <CompareRow key={row.key} row={row} />
          ))}
        </tbody>
        {specs.length > 0 && (
          <tbody>
            <tr>
              <th scope="colgroup" colSpan={products.length + 1} className="border-b border-slate-200 bg-slate-50 px-2 pt-4 pb-2">
                <span className="sticky left-2 text-xs font-bold tracking-wide text-slate-700 uppercase">{t('compare.table.specs')}</span>
              </th>
            </tr>
            {specs.map((row) => (
              <CompareRow key={row.key} row={row} />
            ))}
          </tbody>
        )}
      </table>
    </div>
  );
}

function CompareRow({ row }: { row: Row }) {
  const t = useT();
  const tint = row.differs ? 'bg-amber-50' : 'bg-white';
  return (
    <tr>
      <th scope="row" className={`sticky left-0 z-10 border-b border-slate-100 px-2 py-2.5 align-top font-medium text-slate-600 ${tint}`}>
        <div className={`${NAME_WIDTH} break-words`}>
          {row.label}
          {row.differs && (
            <span className="mt-0.5 flex items-center gap-1 text-xs font-bold text-amber-900">
              <EqualNot className="size-3.5 shrink-0" aria-hidden="true" />
              {t('compare.table.differs')}
            </span>
          )}
        </div>
      </th>
      {row.cells.map((cell, index) => (
        <td
          key={index}
          className={`border-b border-slate-100 px-2 py-2.5 align-top break-words ${tint} ${row.differs ? 'font-semibold text-slate-900' : 'text-slate-700'}`}
        >
          <div className={PRODUCT_WIDTH}>{cell}</div>
        </td>
      ))}
    </tr>
  );
}
