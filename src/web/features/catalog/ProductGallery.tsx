import Expand from 'lucide-react/icons/expand';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { PRODUCT_MAIN_IMAGE_SIZES, PRODUCT_MAIN_IMAGE_WIDTH } from '../../../shared/catalog-media';
import { localDigits } from '../../../shared/locale';
import { usePrefersReducedMotion } from '../../lib/hooks';
import { useLocale, useT } from '../../lib/i18n';
import { ProductImage } from '../../components/ProductImage';

// Only a shopper who opens an image full screen loads the viewer (and its zoom).
const GalleryViewer = lazy(() => import('./GalleryViewer'));

/**
 * The product detail gallery: the main image and a row of thumbnails; the selected thumbnail
 * is highlighted (and aria-pressed). The main image is a row of slides that a finger
 * swipes (CSS scroll snap, no script on the way), the thumbnails follow the slide on screen, and
 * a tap on the image (or the full-screen button) opens the viewer with pinch zoom. Every slide is
 * a square box of the same width, so nothing moves as images arrive (CLS); the first image is the
 * page's largest paint: eager, high priority, the others lazy.
 * The thumbnails' row padding leaves room for the focus ring, which its scrolling would otherwise cut off.
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const t = useT();
  const locale = useLocale();
  const reduceMotion = usePrefersReducedMotion();
  const [selected, setSelected] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  const track = useRef<HTMLUListElement>(null);
  // The slide a thumbnail scrolls to: the slides passed on the way there do not select their thumbnails.
  const target = useRef<number | null>(null);
  const index = selected < images.length ? selected : 0;
  const count = localDigits(String(images.length), locale);
  const position = (i: number) => localDigits(String(i + 1), locale);
  const alt = (i: number) => (images.length > 1 ? t('products.gallery.imageAlt', { name, index: position(i), count }) : name);

  // The slide on screen, read from where the row is scrolled (a swipe, a thumbnail, the viewer).
  useEffect(() => {
    const row = track.current;
    if (!row) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (row.clientWidth === 0) return;
        const current = Math.round(row.scrollLeft / row.clientWidth);
        if (target.current !== null && current !== target.current) return;
        target.current = null;
        setSelected(current);
      });
    };
    // A finger on the row takes over from a thumbnail's scroll that is still on its way.
    const onTouch = () => {
      target.current = null;
    };
    row.addEventListener('scroll', onScroll, { passive: true });
    row.addEventListener('touchstart', onTouch, { passive: true });
    return () => {
      row.removeEventListener('scroll', onScroll);
      row.removeEventListener('touchstart', onTouch);
      cancelAnimationFrame(frame);
    };
  }, []);

  const show = useCallback(
    (i: number, smooth = true) => {
      setSelected(i);
      const row = track.current;
      if (!row || Math.round(row.scrollLeft / row.clientWidth) === i) return;
      target.current = i;
      row.scrollTo({ left: i * row.clientWidth, behavior: smooth && !reduceMotion ? 'smooth' : 'auto' });
    },
    [reduceMotion],
  );

  const closeViewer = useCallback(
    (last: number) => {
      setViewing(null);
      show(last, false);
    },
    [show],
  );

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="relative">
        <ul
          ref={track}
          aria-label={t('products.gallery.slides', { name })}
          // A keyboard scrolls the row with the arrow keys, as a finger swipes it.
          tabIndex={0}
          className="flex aspect-square w-full snap-x snap-mandatory overflow-x-auto overflow-y-hidden overscroll-x-contain rounded-2xl border border-slate-200 bg-white [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
          {(images.length > 0 ? images : [undefined]).map((address, i) => (
            <li
              key={address ?? 'none'}
              className="w-full shrink-0 snap-center snap-always"
              aria-hidden={i === index ? undefined : true}
              // A tap opens the viewer; keyboards have the full-screen button below.
              onClick={address ? () => setViewing(i) : undefined}
            >
              <ProductImage
                src={address}
                alt={alt(i)}
                sizes={PRODUCT_MAIN_IMAGE_SIZES}
                priority={i === 0}
                width={PRODUCT_MAIN_IMAGE_WIDTH}
                className={`aspect-square w-full ${address ? 'cursor-zoom-in' : ''}`}
              />
            </li>
          ))}
        </ul>
        {images.length > 0 && (
          <button
            type="button"
            onClick={() => setViewing(index)}
            aria-label={t('products.gallery.fullScreen')}
            title={t('products.gallery.fullScreen')}
            className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-white hover:text-slate-900"
          >
            <Expand className="size-5" aria-hidden="true" />
          </button>
        )}
        {images.length > 1 && (
          <p
            aria-hidden="true"
            className="pointer-events-none absolute right-2 bottom-2 rounded-full bg-slate-900/75 px-2.5 py-0.5 text-xs font-semibold text-white tabular-nums"
          >
            {position(index)} / {count}
          </p>
        )}
      </div>
      {images.length > 1 && (
        <ul aria-label={t('products.gallery.label')} className="-mx-1 -mt-1 flex gap-2 overflow-x-auto px-1 pt-1 pb-1">
          {images.map((address, i) => (
            <li key={address} className="shrink-0">
              <button
                type="button"
                aria-label={t('products.gallery.show', { index: position(i), count })}
                aria-pressed={i === index}
                onClick={() => show(i)}
                className={`block overflow-hidden rounded-xl border-2 bg-white p-0.5 transition-colors ${i === index ? 'border-amber-600 ring-2 ring-amber-600/30' : 'border-slate-200 hover:border-slate-400'}`}
              >
                <ProductImage src={address} alt="" sizes="72px" width={320} className="size-16 rounded-lg sm:size-[72px]" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewing !== null && (
        <Suspense fallback={null}>
          <GalleryViewer images={images} name={name} start={viewing} onClose={closeViewer} />
        </Suspense>
      )}
    </div>
  );
}
