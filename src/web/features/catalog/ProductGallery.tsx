import { useState } from 'react';
import { PRODUCT_MAIN_IMAGE_SIZES, PRODUCT_MAIN_IMAGE_WIDTH } from '../../../shared/catalog-media';
import { localDigits } from '../../../shared/locale';
import { useLocale, useT } from '../../lib/i18n';
import { ProductImage } from './ProductImage';

/**
 * SPEC §2 product detail gallery: the main image and a row of thumbnails; the selected thumbnail
 * is highlighted (and aria-pressed). The first image is the page's largest paint: eager, high priority.
 * The row's padding leaves room for the focus ring, which its scrolling would otherwise cut off.
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const t = useT();
  const locale = useLocale();
  const [selected, setSelected] = useState(0);
  const index = selected < images.length ? selected : 0;
  const main = images[index];
  const count = localDigits(String(images.length), locale);
  const position = (i: number) => localDigits(String(i + 1), locale);
  return (
    <div className="flex flex-col gap-3">
      <ProductImage
        key={main ?? 'none'}
        src={main}
        alt={images.length > 1 ? t('products.gallery.imageAlt', { name, index: position(index), count }) : name}
        sizes={PRODUCT_MAIN_IMAGE_SIZES}
        priority
        width={PRODUCT_MAIN_IMAGE_WIDTH}
        className="aspect-square w-full rounded-2xl border border-slate-200 bg-white"
      />
      {images.length > 1 && (
        <ul aria-label={t('products.gallery.label')} className="-mx-1 -mt-1 flex gap-2 overflow-x-auto px-1 pt-1 pb-1">
          {images.map((address, i) => (
            <li key={address} className="shrink-0">
              <button
                type="button"
                aria-label={t('products.gallery.show', { index: position(i), count })}
                aria-pressed={i === index}
                onClick={() => setSelected(i)}
                className={`block overflow-hidden rounded-xl border-2 bg-white p-0.5 transition-colors ${i === index ? 'border-amber-600 ring-2 ring-amber-600/30' : 'border-slate-200 hover:border-slate-400'}`}
              >
                <ProductImage src={address} alt="" sizes="72px" width={320} className="size-16 rounded-lg sm:size-[72px]" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
