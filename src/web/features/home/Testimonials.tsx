import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Quote from 'lucide-react/icons/quote';
import Star from 'lucide-react/icons/star';
import { useState } from 'react';

/** SPEC §3: static testimonials (id, name, role, content, rating); no server entity. */
interface Testimonial {
  id: number;
  name: string;
  role: string;
  content: string;
  rating: number;
  avatarColor: string;
}

export const testimonials: Testimonial[] = [
  {
    id: 1,
    name: 'Aarav Shrestha',
    role: 'Competitive gamer, Lalitpur',
    content:
      'My gaming laptop arrived in two days, sealed and with the official warranty card. The team even helped me tune it for tournaments.',
    rating: 5,
    avatarColor: 'bg-sky-600',
  },
  {
    id: 2,
    name: 'Sita Gurung',
    role: 'Software engineer, Pokhara',
    content:
      'Fair prices and honest advice. I asked which monitor suits coding and they recommended a cheaper one than I had picked. Great service.',
    rating: 4,
    avatarColor: 'bg-emerald-600',
  },
  {
    id: 3,
    name: 'Bikash Thapa',
    role: 'Content creator, Kathmandu',
    content:
      'Ordered a microphone and a capture card late at night and support answered my questions right away. Everything worked out of the box.',
    rating: 5,
    avatarColor: 'bg-violet-500',
  },
];

type Direction = 'next' | 'prev';

function Stars({ rating }: { rating: number }) {
  return (
    <div className="flex justify-center gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
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
 * SPEC §2/§4: previous/next with wrap-around and dot buttons; the slide enters from the side it moves
 * towards, or at once with reduced motion. It never moves by itself (nothing to pause): only a button
 * changes the testimonial, which the live region then reads out.
 */
export function Testimonials() {
  const [{ index, direction }, setState] = useState<{ index: number; direction: Direction }>({ index: 0, direction: 'next' });
  const count = testimonials.length;
  const go = (target: number, dir: Direction) => setState({ index: (target + count) % count, direction: dir });
  const current = testimonials[index]!;

  const arrow =
    'flex size-11 shrink-0 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-sm transition-colors hover:border-amber-400 hover:text-slate-950';

  return (
    <section aria-labelledby="testimonials-heading" className="bg-white py-14 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <p className="text-center text-sm font-semibold tracking-wider text-amber-700 uppercase">Testimonials</p>
        <h2 id="testimonials-heading" className="mt-2 text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          What Our Customers Say
        </h2>
        <div className="mx-auto mt-10 flex max-w-3xl items-center gap-2 sm:gap-4">
          <button
            type="button"
            aria-label="Previous testimonial"
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
              <blockquote className="mt-4 text-base leading-relaxed text-slate-700 sm:text-lg">“{current.content}”</blockquote>
              <figcaption className="mt-5">
                <span className="block font-semibold text-slate-900">{current.name}</span>
                <span className="block text-sm text-slate-500">{current.role}</span>
              </figcaption>
            </figure>
          </div>
          <button
            type="button"
            aria-label="Next testimonial"
            className={`${arrow} hidden sm:flex`}
            onClick={() => go(index + 1, 'next')}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="mt-6 flex items-center justify-center gap-3">
          <button
            type="button"
            aria-label="Previous testimonial"
            className={`${arrow} sm:hidden`}
            onClick={() => go(index - 1, 'prev')}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <div className="flex items-center">
            {testimonials.map((t, i) => (
              <button
                key={t.id}
                type="button"
                aria-label={`Show testimonial ${i + 1}`}
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
            aria-label="Next testimonial"
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
