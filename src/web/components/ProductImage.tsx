import ImageOff from 'lucide-react/icons/image-off';
import { useState } from 'react';
import { DEFAULT_IMAGE_WIDTH, imageSrcSet, imageVariant } from '../../shared/catalog-media';
import { useT } from '../lib/i18n';

interface ProductImageProps {
  /** One address of the product image (any width); undefined shows 'No Image Available'. */
  src: string | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Classes of the box; it fixes the size (e.g. aspect-square w-full, or h-[200px] w-full). */
  className?: string;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
  /** The page's main image (LCP): fetchpriority high. */
  priority?: boolean;
  /**
   * Fill the box, cropping the edges (cards: a product centred in a square frame, no grey bars);
   * otherwise the whole image is shown (the product page's gallery).
   */
  cover?: boolean;
  /** Width used for `src` (browsers without srcset support); srcset offers every width. */
  width?: number;
}

/**
 * A product image in a fixed box: responsive WebP (`srcset`/`sizes`), intrinsic width/height so
 * the layout never shifts, lazy below the fold, and 'No Image Available' when there is none or it
 * fails to load.
 */
export function ProductImage({
  src,
  alt,
  sizes,
  className = '',
  eager = false,
  priority = false,
  cover = false,
  width = DEFAULT_IMAGE_WIDTH,
}: ProductImageProps) {
  const t = useT();
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const box = `relative overflow-hidden bg-slate-100 ${className}`;
  if (!src || failed === src) {
    return (
      <div className={`${box} flex flex-col items-center justify-center gap-1.5 text-slate-600`}>
        <ImageOff className="size-7" aria-hidden="true" />
        <span className="text-sm font-medium">{t('catalog.image.none')}</span>
      </div>
    );
  }
  return (
    <div className={box}>
      <img
        src={imageVariant(src, width)}
        srcSet={imageSrcSet(src)}
        sizes={sizes}
        alt={alt}
        width={width}
        height={width}
        loading={eager || priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        onError={() => setFailed(src)}
        className={`absolute inset-0 size-full ${cover ? 'object-cover' : 'object-contain'}`}
      />
    </div>
  );
}
