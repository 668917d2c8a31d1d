import ImageOff from 'lucide-react/icons/image-off';
import { useState } from 'react';
import { useT } from '../lib/i18n';

/*
 * The drawer is part of every page's first load, so this file reads image addresses itself:
 * importing src/shared/catalog.ts would bring zod into that bundle. Same rules as its
 * parseImages() and imageVariant(): a JSON list of '/uploads/products/<base>-<width>.webp'.
 */
function firstImage(images: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(images);
    return Array.isArray(parsed) ? parsed.find((item): item is string => typeof item === 'string') : undefined;
  } catch {
    return undefined;
  }
}

const smallVariant = (address: string) => address.replace(/-\d+\.webp$/, '-320.webp');

/** A cart line's first product image (the small WebP width), or 'No Image Available'. */
export function CartThumb({ images, alt, className = 'size-16' }: { images: string; alt: string; className?: string }) {
  const t = useT();
  const src = firstImage(images);
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const box = `shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-50 ${className}`;
  if (!src || failed === src) {
    return (
      <div className={`${box} flex flex-col items-center justify-center gap-0.5 px-1 text-center text-slate-600`}>
        <ImageOff className="size-4" aria-hidden="true" />
        <span className="text-[10px] leading-tight font-medium">{t('cart.thumb.noImage')}</span>
      </div>
    );
  }
  return (
    <div className={box}>
      <img
        src={smallVariant(src)}
        alt={alt}
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
        className="size-full object-contain"
      />
    </div>
  );
}
