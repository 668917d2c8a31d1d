import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Quote from 'lucide-react/icons/quote';
import Star from 'lucide-react/icons/star';
import { useState } from 'react';
import { formatCount } from '../../lib/format';
import { type MessageId, useLocale, useT } from '../../lib/i18n';

/** Static testimonials (id, name, role, content, rating); no server entity. Role and content are message ids. */
interface Testimonial {
  id: number;
  name: string;
  role: MessageId;
  content: MessageId;
  rating: number;
  avatarColor: string;
}

export const testimonials: Testimonial[] = [
  {
    id: 1,
    name: 'Aarav Shrestha',
    role: 'home.testimonials.1.role',
    content: 'home.testimonials.1.content',
    rating: 5,
    avatarColor: 'bg-sky-600',
  },
  {
    id: 2,
    name: 'Sita Gurung',
    role: 'home.testimonials.2.role',
    content: 'home.testimonials.2.content',
    rating: 4,
    avatarColor: 'bg-emerald-600',
  },
  {
    id: 3,
    name: 'Bikash Thapa',
    role: 'home.testimonials.3.role',
    content: 'home.testimonials.3.content',
    rating: 5,
    avatarColor: 'bg-violet-500',
  },
];

type Direction = 'next' | 'prev';

function Stars({ rating }: { rating: number }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div
      className="flex justify-center gap-0.5"
      role="img"
      aria-label={t('home.testimonials.rating', { rating: formatCount(rating, locale), max: formatCount(5, locale) })}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={`size-5 ${n <= rating ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-200'}`}
          aria-hidden="true"
        />
      ))}
    </div>
  );
}

/**
 * Previous/next with wrap-around and dot buttons; the slide enters from the side it moves
 * towards, or at once with reduced motion. It never moves by itself (nothing to pause): only a button
 * changes the testimonial, which the live region then reads out.
 */
export function Testimonials() {
  const t = useT();
  const locale = useLocale();
  const [{ index, direction }, setState] = useState<{ index: number; direction: Direction }>({ index: 0, direction: 'next' });
  const count = testimonials.length;
  const go = (target: number, dir: Direction) => setState({ index: (target + count) % count, direction: dir });
  const current = testimonials[index]!;

  const arrow =
    'flex size-11 shrink-0 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-sm transition-colors hover:border-amber-400 hover:text-slate-950';

  return (
    <section aria-labelledby="testimonials-heading" className="bg-white py-14 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <p className="text-center text-sm font-semibold tracking-wider text-amber-700 uppercase">
          {t('home.testimonials.eyebrow')}
        </p>
        <h2 id="testimonials-heading" className="mt-2 text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('home.testimonials.heading')}
        </h2>
        <div className="mx-auto mt-10 flex max-w-3xl items-center gap-2 sm:gap-4">
          <button
            type="button"
            aria-label={t('home.testimonials.previous')}
            className={`${arrow} hidden sm:flex`}
            onClick={() => go(index - 1, 'prev')}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <div className="min-w-0 flex-1 overflow-hidden" aria-live="polite">
            <figure
              key={current.id}
              data-direction={direction}
              className={`rounded-2xl border border-slate-100 bg-slate-50 px-5 py-8 text-center shadow-sm sm:px-10 ${direction === 'next' ? 'animate-slide-from-right' : 'animate-slide-from-left'} motion-reduce:animate-none`}
            >
              <div className="relative mx-auto w-fit">
                <span
                  className={`flex size-16 items-center justify-center rounded-full text-xl font-bold text-white ring-4 ring-white ${current.avatarColor}`}
                  aria-hidden="true"
                >
                  {current.name
                    .split(' ')
                    .map((part) => part[0])
                    .join('')}
                </span>
                <Quote
                  className="absolute -right-2 -bottom-1 size-6 rounded-full bg-amber-400 p-1 text-slate-950"
                  aria-hidden="true"
                />
              </div>
              <div className="mt-4">
                <Stars rating={current.rating} />
              </div>
              <blockquote className="mt-4 text-base leading-relaxed text-slate-700 sm:text-lg">“{t(current.content)}”</blockquote>
              <figcaption className="mt-5">
                <span className="block font-semibold text-slate-900">{current.name}</span>
                <span className="block text-sm text-slate-500">{t(current.role)}</span>
              </figcaption>
            </figure>
          </div>
          <button
            type="button"
            aria-label={t('home.testimonials.next')}
            className={`${arrow} hidden sm:flex`}
            onClick={() => go(index + 1, 'next')}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="mt-6 flex items-center justify-center gap-3">
          <button
            type="button"
            aria-label={t('home.testimonials.previous')}
            className={`${arrow} sm:hidden`}
            onClick={() => go(index - 1, 'prev')}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <div className="flex items-center">
            {testimonials.map((item, i) => (
              <button
                key={item.id}
                type="button"
                aria-label={t('home.testimonials.show', { number: formatCount(i + 1, locale) })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => i !== index && go(i, i > index ? 'next' : 'prev')}
                className="flex size-8 items-center justify-center"
              >
                <span
                  className={`block rounded-full transition-all motion-reduce:transition-none ${i === index ? 'size-3 bg-amber-600' : 'size-2.5 bg-control hover:bg-slate-500'}`}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            aria-label={t('home.testimonials.next')}
            className={`${arrow} sm:hidden`}
            onClick={() => go(index + 1, 'next')}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>
    </section>
  );
}
