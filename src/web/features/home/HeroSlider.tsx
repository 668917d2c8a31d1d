import 'swiper/css';
import 'swiper/css/effect-fade';
import { useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { Autoplay, EffectFade } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { HERO_HEIGHT, HeroSlideContent, barClasses, heroSlides } from './HeroBanner';

export const HERO_AUTOPLAY_MS = 8000;

/**
 * SPEC §2/§4: 3 slides looping with a fade, autoplay every 8000 ms that keeps going after the shopper
 * interacts, and pagination bars to jump to a slide. Only the visible slide is exposed to assistive
 * technology and the keyboard.
 */
export default function HeroSlider() {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [active, setActive] = useState(0);

  return (
    <>
      <Swiper
        modules={[Autoplay, EffectFade]}
        effect="fade"
        fadeEffect={{ crossFade: true }}
        loop
        speed={700}
        autoplay={{ delay: HERO_AUTOPLAY_MS, disableOnInteraction: false }}
        onSwiper={setSwiper}
        onRealIndexChange={(instance) => setActive(instance.realIndex)}
        className={HERO_HEIGHT}
      >
        {heroSlides.map((slide, index) => {
          const isActive = index === active;
          return (
            <SwiperSlide
              key={slide.id}
              className={slide.background}
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${heroSlides.length}`}
              aria-hidden={!isActive}
              inert={!isActive}
            >
              <HeroSlideContent slide={slide} first={index === 0} />
            </SwiperSlide>
          );
        })}
      </Swiper>
      <div className="absolute inset-x-0 bottom-5 z-10 flex justify-center gap-2">
        {heroSlides.map((slide, index) => (
          <button
            key={slide.id}
            type="button"
            aria-label={`Go to slide ${index + 1}`}
            aria-current={index === active ? 'true' : undefined}
            onClick={() => swiper?.slideToLoop(index)}
            className="group flex h-8 items-center px-1"
          >
            <span className={barClasses(index === active)} />
          </button>
        ))}
      </div>
    </>
  );
}
