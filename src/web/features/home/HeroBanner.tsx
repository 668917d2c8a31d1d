import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import { type FocusEvent, type PointerEvent, useEffect, useState } from 'react';
import { ButtonLink } from '../../components/ui/Button';
import { formatCount } from '../../lib/format';
import { usePrefersReducedMotion } from '../../lib/hooks';
import { type MessageId, useLocale, useT } from '../../lib/i18n';

/** Static hero content (id, background style, image, heading, text); the texts are message ids. */
export interface HeroSlide {
  id: number;
  background: string;
  image: string;
  imageAlt: MessageId;
  heading: MessageId;
  text: MessageId;
}

export const heroSlides: HeroSlide[] = [
  {
    id: 1,
    background: 'bg-[radial-gradient(circle_at_75%_40%,#1e3a8a_0%,#0f172a_65%)]',
    image: '/hero/technology.svg',
    imageAlt: 'home.hero.technology.alt',
    heading: 'home.hero.technology.heading',
    text: 'home.hero.technology.text',
  },
  {
    id: 2,
    background: 'bg-[radial-gradient(circle_at_75%_40%,#581c87_0%,#0f172a_65%)]',
    image: '/hero/performance.svg',
    imageAlt: 'home.hero.performance.alt',
    heading: 'home.hero.performance.heading',
    text: 'home.hero.performance.text',
  },
  {
    id: 3,
    background: 'bg-[radial-gradient(circle_at_75%_40%,#065f46_0%,#0f172a_65%)]',
    image: '/hero/upgrade.svg',
    imageAlt: 'home.hero.upgrade.alt',
    heading: 'home.hero.upgrade.heading',
    text: 'home.hero.upgrade.text',
  },
];

/** Fixed heights per breakpoint: the hero never changes size while its parts load. */
export const HERO_HEIGHT = 'h-[600px] sm:h-[520px] md:h-[440px] lg:h-[500px]';

/** One slide's content; the first slide's image is the page's LCP element (preloaded by the page head). */
function HeroSlideContent({ slide, first, showImage }: { slide: HeroSlide; first: boolean; showImage: boolean }) {
  const t = useT();
  return (
    <div className="mx-auto grid h-full max-w-7xl grid-rows-[auto_1fr] items-center gap-4 px-5 pt-10 pb-16 sm:px-8 md:grid-cols-2 md:grid-rows-1 md:gap-10 md:py-12">
      <div className="text-center text-white md:text-left">
        <p className="mb-3 text-xs font-semibold tracking-[0.2em] text-amber-400 uppercase">{t('home.hero.eyebrow')}</p>
        <h2 className="text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
          {t(slide.heading)}
        </h2>
        <p className="mx-auto mt-4 max-w-md text-base text-slate-300 sm:text-lg md:mx-0">{t(slide.text)}</p>
        <ButtonLink to="/products" size="lg" className="mt-6">
          {t('home.shopNow')}
        </ButtonLink>
      </div>
      <div className="flex h-full min-h-0 items-center justify-center">
        {showImage && (
          <img
            src={slide.image}
            alt={t(slide.imageAlt)}
            width={560}
            height={420}
            className="h-full max-h-[230px] w-auto max-w-full object-contain sm:max-h-[240px] md:max-h-[340px] lg:max-h-[400px]"
            fetchPriority={first ? 'high' : 'low'}
            decoding={first ? 'sync' : 'async'}
            draggable={false}
          />
        )}
      </div>
    </div>
  );
}

/** The hero moves on every 8000 ms, also after the shopper picked a slide. */
export const HERO_AUTOPLAY_MS = 8000;

function barClasses(active: boolean): string {
  return `block h-1.5 rounded-full transition-all duration-300 motion-reduce:transition-none ${active ? 'w-10 bg-amber-400' : 'w-6 bg-white/40 group-hover:bg-white/70'}`;
}

/**
 * The hero banner: 3 slides looping with a fade, autoplay every 8000 ms that keeps going after
 * the shopper interacts (a picked slide gets its full 8 s), and pagination bars to jump to a slide.
 * The slides are stacked and cross-fade by opacity (no slider library: this is the page's LCP area,
 * and the slide content is in the first paint). Only the slide on show is exposed to assistive
 * technology and the keyboard. The next slide's image loads once the page has loaded (never before
 * the first slide's, the LCP image); a picked slide's at once.
 *
 * Autoplay waits while a mouse is over the banner or the keyboard's focus is in it (WCAG 2.2.2), and
 * starts a full 8 s again when they leave; a tap or a click alone does not stop it (it goes
 * on after an interaction). Its own button stops it until pressed again (2.2.2 asks for a visible
 * way to pause, which a phone, with no hover, has no other). With reduced motion there is no autoplay
 * and no fade: the slides change only when picked.
 */
export function HeroBanner() {
  const t = useT();
  const locale = useLocale();
  const [active, setActive] = useState(0);
  // Restarted by a pick, so the picked slide stays its full time.
  const [cycle, setCycle] = useState(0);
  // False on the first render, as on the server (the page's HTML is rendered there): the effect below
  // turns it on once the page has loaded, or at once when Home is reached by a later navigation.
  const [loadRest, setLoadRest] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const paused = hovered || focused || reducedMotion || stopped;

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => setActive((index) => (index + 1) % heroSlides.length), HERO_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [active, cycle, paused]);

  useEffect(() => {
    if (loadRest) return;
    const onLoad = () => setLoadRest(true);
    if (document.readyState === 'complete') return onLoad();
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loadRest]);

  const show = (index: number) => {
    setActive(index);
    setCycle((n) => n + 1);
    setLoadRest(true);
  };

  // A mouse pointer pauses; a finger's touch (which "enters" and never leaves) does not.
  const onPointerEnter = (event: PointerEvent) => setHovered(event.pointerType === 'mouse' || event.pointerType === 'pen');
  const onPointerLeave = () => setHovered(false);
  // Focus from the keyboard pauses (:focus-visible); the focus a click leaves on a bar does not.
  const onFocus = (event: FocusEvent) => setFocused(event.target.matches(':focus-visible'));
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      aria-roledescription={t('home.hero.carousel')}
      aria-label={t('home.hero.label')}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={onFocus}
      onBlur={onBlur}
      className={`on-dark relative overflow-hidden bg-slate-900 ${HERO_HEIGHT}`}
    >
      {heroSlides.map((slide, index) => {
        const isActive = index === active;
        return (
          <div
            key={slide.id}
            className={`absolute inset-0 transition-opacity duration-700 ease-in-out motion-reduce:transition-none ${slide.background} ${isActive ? 'z-[1] opacity-100' : 'opacity-0'}`}
            aria-roledescription={t('home.hero.slideRole')}
            aria-label={t('home.hero.slide', {
              number: formatCount(index + 1, locale),
              total: formatCount(heroSlides.length, locale),
            })}
            aria-hidden={!isActive}
            inert={!isActive}
          >
            <HeroSlideContent
              slide={slide}
              first={index === 0}
              showImage={index === 0 || isActive || (loadRest && index === (active + 1) % heroSlides.length)}
            />
          </div>
        );
      })}
      <div className="absolute inset-x-0 bottom-5 z-10 flex items-center justify-center gap-2">
        {!reducedMotion && (
          <button
            type="button"
            aria-label={t(stopped ? 'home.hero.play' : 'home.hero.pause')}
            onClick={() => setStopped((value) => !value)}
            className="mr-2 inline-flex size-8 items-center justify-center rounded-full text-white/80 transition-colors hover:bg-white/10 hover:text-white"
          >
            {stopped ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
          </button>
        )}
        {heroSlides.map((slide, index) => (
          <button
            key={slide.id}
            type="button"
            aria-label={t('home.hero.goTo', { number: formatCount(index + 1, locale) })}
            aria-current={index === active ? 'true' : undefined}
            onClick={() => show(index)}
            className="group flex h-8 items-center px-1"
          >
            <span className={barClasses(index === active)} />
          </button>
        ))}
      </div>
    </section>
  );
}
