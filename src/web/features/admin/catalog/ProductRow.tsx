import History from 'lucide-react/icons/history';
import Pencil from 'lucide-react/icons/pencil';
import Star from 'lucide-react/icons/star';
import StarOff from 'lucide-react/icons/star-off';
import Trash2 from 'lucide-react/icons/trash-2';
import { Link } from 'react-router';
import { imageVariant, parseImages } from '../../../../shared/catalog';
import { localDigits } from '../../../../shared/locale';
import { Button } from '../../../components/ui/Button';
import { formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { Product } from './api';
import { useCan } from '../permissions';

/** One product of the admin's table: picture, name and place, price, stock, featured, and its actions. */
export function ProductRow({
  product,
  busy,
  onEdit,
  onFeature,
  onHistory,
  onDelete,
}: {
  product: Product;
  busy: string | null;
  onEdit: () => void;
  onFeature: () => void;
  onHistory: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const image = parseImages(product.images)[0];
  const path = [product.category, product.subCategory, product.childCategory].filter(Boolean).join(' › ');
  const canWrite = useCan('catalog.write');
  return (
    <tr className="max-md:grid max-md:grid-cols-[3.5rem_1fr_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:px-5 max-md:py-3">
      <td className="py-2.5 pr-3 pl-5 max-md:contents sm:pl-6">
        <div className="flex items-center gap-3 max-md:contents">
          {image ? (
            <img
              src={imageVariant(image, 320)}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              className="size-14 shrink-0 rounded-lg border border-slate-200 bg-white object-contain max-md:row-span-2"
            />
          ) : (
            <span className="size-14 shrink-0 rounded-lg bg-slate-100 max-md:row-span-2" aria-hidden="true" />
          )}
          <div className="min-w-0 max-md:col-span-2">
            <Link to={`/products/${product.id}`} className="font-semibold text-slate-900 hover:text-amber-700 hover:underline">
              {product.name}
            </Link>
            <p className="truncate text-xs text-slate-500">{path}</p>
            <button
              type="button"
              onClick={onHistory}
              aria-label={t('admin-catalog.products.row.historyLabel', { name: product.name })}
              className="mt-0.5 inline-flex min-h-6 items-center gap-1 text-xs font-medium text-slate-600 underline decoration-slate-300 underline-offset-2 hover:text-amber-700 hover:decoration-amber-500"
            >
              <History className="size-3.5" aria-hidden="true" />
              {t('admin-catalog.products.row.history')}
            </button>
          </div>
        </div>
      </td>
      <td className="px-3 py-2.5 font-medium whitespace-nowrap text-slate-900 max-md:p-0">
        {formatPrice(product.price, locale)}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap text-slate-600 max-md:p-0 max-md:text-xs">
        <span className="md:hidden">{t('admin-catalog.products.row.stock')} </span>
        {product.stock === null ? t('admin-catalog.products.row.notTracked') : localDigits(String(product.stock), locale)}
      </td>
      <td className="px-3 py-2.5 max-md:hidden">
        {product.isFeatured ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
            <Star className="size-3" fill="currentColor" aria-hidden="true" />
            {t('admin-catalog.products.row.featured')}
          </span>
        ) : (
          <span className="text-xs text-slate-500">{t('admin-catalog.products.row.no')}</span>
        )}
      </td>
      <td className="py-2.5 pr-5 pl-3 max-md:col-span-3 max-md:p-0 max-md:pt-1 sm:pr-6">
        <div className="flex justify-end gap-1.5 max-md:flex-wrap max-md:justify-start">
          {canWrite && (
            <>
              <Button size="sm" variant="primary" onClick={onEdit}>
                <Pencil className="size-4" aria-hidden="true" />
                {t('admin-catalog.products.row.edit')}
              </Button>
              <Button size="sm" variant="outline" loading={busy === `f${product.id}`} onClick={onFeature}>
                {busy !== `f${product.id}` &&
                  (product.isFeatured ? (
                    <StarOff className="size-4" aria-hidden="true" />
                  ) : (
                    <Star className="size-4" aria-hidden="true" />
                  ))}
                {product.isFeatured ? t('admin-catalog.products.row.unfeature') : t('admin-catalog.products.row.feature')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-red-600! hover:bg-red-50!"
                disabled={busy === `d${product.id}`}
                onClick={onDelete}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                {t('admin-catalog.products.row.delete')}
              </Button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
