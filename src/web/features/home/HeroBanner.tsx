import { lazy, Suspense } from 'react';
import { ButtonLink } from '../../components/ui/Button';

/** Static hero content (SPEC §3: id, background style, image, heading, text). */
export interface HeroSlide {
  id: number;
  background: string;
  image: string;
  imageAlt: string;
  heading: string;
  text: string;
}

export const heroSlides: HeroSlide[] = [
  {
    id: 1,
    background: 'bg-[radial-gradient(circle_at_75%_40%,#1e3a8a_0%,#0f172a_65%)]',
    image: '/hero/technology.svg',
    imageAlt: 'A laptop and a smartphone',
    heading: 'Discover Cutting-Edge Technology',
    text: 'The newest laptops, phones and accessories, at fair prices and delivered across Nepal.',
  },
  {
    id: 2,
    background: 'bg-[radial-gradient(circle_at_75%_40%,#581c87_0%,#0f172a_65%)]',
    image: '/hero/performance.svg',
    imageAlt: 'A gaming PC with glowing fans and a game controller',
    heading: 'Experience Ultimate Performance',
    text: 'Gaming rigs, consoles and components built to keep up with every match you play.',
  },
  {
    id: 3,
    background: 'bg-[radial-gradient(circle_at_75%_40%,#065f46_0%,#0f172a_65%)]',
    image: '/hero/upgrade.svg',
    imageAlt: 'A headset above a mechanical keyboard',
    heading: 'Upgrade Your Tech Game',
    text: 'Headsets, keyboards and gear that make every session faster, louder and more fun.',
  },
];

/** Fixed heights per breakpoint: the hero never changes size while its parts load. */
export const HERO_HEIGHT = 'h-[600px] sm:h-[520px] md:h-[440px] lg:h-[500px]';

/** One slide's content; the first slide's image is the page's LCP element. */
export function HeroSlideContent({ slide, first }: { slide: HeroSlide; first: boolean }) {
  return (
    <div className="mx-auto grid h-full max-w-7xl grid-rows-[auto_1fr] items-center gap-4 px-5 pt-10 pb-16 sm:px-8 md:grid-cols-2 md:grid-rows-1 md:gap-10 md:py-12">
      <div className="text-center text-white md:text-left">
        <p className="mb-3 text-xs font-semibold tracking-[0.2em] text-amber-400 uppercase">Pasal · Kathmandu</p>
        <h2 className="text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
          {slide.heading}
        </h2>
        <p className="mx-auto mt-4 max-w-md text-base text-slate-300 sm:text-lg md:mx-0">{slide.text}</p>
        <ButtonLink to="/products" size="lg" className="mt-6">
          Shop Now
        </ButtonLink>
      </div>
      <div className="flex h-full min-h-0 items-center justify-center">
        <img
          src={slide.image}
          alt={slide.imageAlt}
          width={560}
          height={420}
          className="h-full max-h-[230px] w-auto max-w-full object-contain sm:max-h-[240px] md:max-h-[340px] lg:max-h-[400px]"
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'low'}
          decoding={first ? 'sync' : 'async'}
          draggable={false}
        />
      </div>
    </div>
  );
}

/** The pagination bars' look; HeroSlider makes them buttons. */
export function barClasses(active: boolean): string {
  return `block h-1.5 rounded-full transition-all duration-300 ${active ? 'w-10 bg-amber-400' : 'w-6 bg-white/40 group-hover:bg-white/70'}`;
}

/**
 * The first slide exactly as the slider will show it, painted before the slider's code arrives.
 * The other slides are in the page already but hidden (their images are not fetched yet).
 */
function StaticHero() {
  return (
    <div className={`relative overflow-hidden ${HERO_HEIGHT}`}>
      {heroSlides.map((slide, index) => (
        <div
          key={slide.id}
          hidden={index > 0}
          className={`h-full ${slide.background}`}
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${heroSlides.length}`}
        >
          <HeroSlideContent slide={slide} first={index === 0} />
        </div>
      ))}
      <div className="absolute inset-x-0 bottom-5 flex justify-center gap-2" aria-hidden="true">
        {heroSlides.map((s, index) => (
          <span key={s.id} className="flex h-8 items-center px-1">
            <span className={barClasses(index === 0)} />
          </span>
        ))}
      </div>
    </div>
  );
}

const HeroSlider = lazy(() => import('./HeroSlider'));

/**
 * SPEC §2 hero banner. Swiper is the biggest library on Home, so it loads as its own chunk while the
 * first slide is already on screen; it takes over in place (same size, same image).
 */
export function HeroBanner() {
  return (
    <section aria-roledescription="carousel" aria-label="Featured offers" className="relative bg-slate-900">
      <Suspense fallback={<StaticHero />}>
        <HeroSlider />
      </Suspense>
    </section>
  );
}
