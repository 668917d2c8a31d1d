import ArrowLeft from 'lucide-react/icons/arrow-left';
import X from 'lucide-react/icons/x';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { imageSrcSet, imageVariant } from '../../../shared/catalog-media';
import { localDigits } from '../../../shared/locale';
import { useDialogFocus } from '../../components/ui/dialog-focus';
import { useLocale, useT } from '../../lib/i18n';
import { usePinchZoom } from './use-pinch-zoom';

interface GalleryViewerProps {
  images: string[];
  name: string;
  /** The image it opens on. */
  start: number;
  /** Closed (Escape, the close button): with the image it was on, for the page's gallery to follow. */
  onClose: (last: number) => void;
}

/**
 * The product's images full screen: a modal dialog (focus moves to its close button
 * and stays inside, Escape closes, focus returns to what opened it), the images a row of slides
 * that swipe like the page's, arrows and the keyboard's ← → for the others, and pinch zoom (or a
 * double tap, a double click) on the one on screen. Loaded on first use (ProductGallery).
 */
export default function GalleryViewer({ images, name, start, onClose }: GalleryViewerProps) {
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(start);
  // The slide the scroll handler last saw, so that it resets the zoom only when the slide changes.
  const shown = useRef(start);
  const zoom = usePinchZoom();
  const { reset } = zoom;
  const close = () => onClose(current);
  useDialogFocus(true, panel, close, (root) => root.querySelector<HTMLElement>('[data-close]'));

  const go = (i: number) => {
    const row = track.current;
    if (!row || i < 0 || i >= images.length) return;
    reset();
    shown.current = i;
    setCurrent(i);
    row.scrollTo({ left: i * row.clientWidth, behavior: 'auto' });
  };

  // Opens on the image the page showed, before the first paint.
  useLayoutEffect(() => {
    const row = track.current;
    if (row) row.scrollLeft = start * row.clientWidth;
  }, [start]);

  useEffect(() => {
    const row = track.current;
    if (!row) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (row.clientWidth === 0) return;
        const next = Math.round(row.scrollLeft / row.clientWidth);
        if (next === shown.current) return;
        shown.current = next;
        reset();
        setCurrent(next);
      });
    };
    row.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      row.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [reset]);

  const count = localDigits(String(images.length), locale);
  const position = (i: number) => localDigits(String(i + 1), locale);
  const arrow =
    'absolute top-1/2 z-10 hidden size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 disabled:opacity-30 sm:inline-flex';

  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        // One picture a key press (not the row's own scrolling by a few pixels).
        event.preventDefault();
        go(event.key === 'ArrowLeft' ? current - 1 : current + 1);
      }}
      className="fixed inset-0 z-50 flex flex-col bg-slate-950 text-white outline-none"
    >
      <div className="flex shrink-0 items-center gap-3 py-2 pr-2 pl-4">
        <h2 id={titleId} className="min-w-0 flex-1 truncate text-sm font-semibold">
          {name}
        </h2>
        {images.length > 1 && (
          <p className="shrink-0 text-sm text-slate-300 tabular-nums" aria-live="polite">
            {t('products.gallery.position', { index: position(current), count })}
          </p>
        )}
        <button
          type="button"
          data-close
          onClick={close}
          aria-label={t('products.gallery.close')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15"
        >
          <X className="size-6" aria-hidden="true" />
        </button>
      </div>
      <div className="relative min-h-0 flex-1">
        <ul
          ref={track}
          // Focusable like the page's row (the arrow keys turn the pictures), so a keyboard reaches it.
          tabIndex={0}
          aria-label={t('products.gallery.slides', { name })}
          className={`flex size-full snap-x snap-mandatory overscroll-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden ${zoom.zoomed ? 'overflow-hidden' : 'overflow-x-auto overflow-y-hidden'}`}
        >
          {images.map((address, i) => (
            <li
              key={address}
              className="flex size-full shrink-0 snap-center snap-always items-center justify-center overflow-hidden"
              aria-hidden={i === current ? undefined : true}
              {...(i === current ? zoom.handlers : { style: { touchAction: 'pan-x' } })}
            >
              <img
                src={imageVariant(address, 1024)}
                srcSet={imageSrcSet(address)}
                sizes="100vw"
                alt={images.length > 1 ? t('products.gallery.imageAlt', { name, index: position(i), count }) : name}
                width={1024}
                height={1024}
                loading={Math.abs(i - start) <= 1 ? 'eager' : 'lazy'}
                draggable={false}
                style={i === current ? zoom.pictureStyle : undefined}
                className={`size-full object-contain select-none ${zoom.zoomed && i === current ? 'cursor-grab' : 'cursor-zoom-in'}`}
              />
            </li>
          ))}
        </ul>
        {images.length > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(current - 1)}
              disabled={current === 0}
              aria-label={t('products.gallery.previous')}
              className={`${arrow} left-3`}
            >
              <ArrowLeft className="size-7" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => go(current + 1)}
              disabled={current === images.length - 1}
              aria-label={t('products.gallery.next')}
              className={`${arrow} right-3`}
            >
              {/* The page's own arrow turned round: no icon of Home's is shared (it would leave Home's chunk). */}
              <ArrowLeft className="size-7 rotate-180" aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      <p className="shrink-0 px-4 pt-1 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-center text-xs text-slate-400">
        {t('products.gallery.zoomHint')}
      </p>
    </div>
  );
}
