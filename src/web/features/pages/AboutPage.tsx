import Check from 'lucide-react/icons/check';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Headset from 'lucide-react/icons/headset';
import LayoutGrid from 'lucide-react/icons/layout-grid';
import Rocket from 'lucide-react/icons/rocket';
import { ButtonLink } from '../../components/ui/Button';
import { usePageTitle } from '../../lib/hooks';
import { useLocale, useT } from '../../lib/i18n';
import { aboutNe } from './about/AboutNe';

/**
 * The page's body texts in one language. They live with the page's code (aboutNe beside it, in the
 * same chunk) rather than in the message catalogue that every page loads.
 */
export interface AboutTexts {
  heading: string;
  lead: string;
  storyTitle: string;
  story: readonly string[];
  missionTitle: string;
  mission: readonly string[];
  whyTitle: string;
  /** The three Why Choose cards, in the order of REASON_ICONS. */
  reasons: readonly { title: string; text: string }[];
  communityTitle: string;
  communityText: string;
  join: string;
}

const mission = [
  'Bring the latest gaming gear and electronics to Nepal at fair, transparent prices in rupees.',
  'Sell only genuine products with proper warranty, and stand behind every one of them.',
  'Give honest, expert advice so every customer buys what truly fits their needs and budget.',
  "Grow Nepal's gaming community through events, tournaments and a place to share the passion.",
];

const reasons = [
  {
    title: 'Cutting-Edge Products',
    text: 'From the newest graphics cards to high-refresh monitors and consoles, we stock the gear gamers and creators ask for, often on release day.',
  },
  {
    title: 'Expert Support',
    text: 'Our team are gamers and builders themselves. We help you choose, set up and troubleshoot, before and long after you buy.',
  },
  {
    title: 'Wide Range',
    text: 'Laptops, PC components, peripherals, phones, audio and accessories: everything for your setup, in one shop.',
  },
];

const REASON_ICONS = [Rocket, Headset, LayoutGrid];

const aboutEn: AboutTexts = {
  heading: 'Gear for gamers, from Kathmandu since 2015',
  lead: 'Pasal is a Nepali shop for gaming gear and electronics, built by people who love playing as much as you do.',
  storyTitle: 'Our Story',
  story: [
    'Pasal was founded in 2015 in Kathmandu by a small group of friends who were tired of waiting months for a decent keyboard or graphics card to reach Nepal, and of paying too much when it finally did.',
    'We started with a single counter of gaming gear. Word spread through LAN parties and online forums, and today we serve gamers, students, creators and offices across the country, while still testing and recommending every product the way we did on day one.',
  ],
  missionTitle: 'Our Mission',
  mission,
  whyTitle: 'Why Choose Pasal?',
  reasons,
  communityTitle: 'Join Our Gaming Community',
  communityText: 'Get early access to launches, member-only deals and invitations to our tournaments and meet-ups in Kathmandu.',
  join: 'Join Now',
};

/** The About page: Our Story, Our Mission (4 bullets), three Why Choose cards, the community call to action. */
export default function AboutPage() {
  const t = useT();
  const text = useLocale() === 'ne' ? aboutNe : aboutEn;
  usePageTitle(t('pages.about.title'));
  return (
    <div>
      <section className="on-dark bg-slate-900 text-white">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <p className="text-sm font-semibold tracking-wider text-amber-400 uppercase">{t('pages.about.title')}</p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{text.heading}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-base text-slate-300 sm:text-lg">{text.lead}</p>
        </div>
      </section>

      <div className="mx-auto max-w-5xl space-y-14 px-4 py-14 sm:px-6 sm:py-20">
        <section aria-labelledby="story-heading" className="grid gap-8 md:grid-cols-[1fr_1.4fr] md:items-center">
          <div className="flex aspect-[2/1] items-center justify-center rounded-2xl md:aspect-[4/3] bg-linear-to-br from-amber-400 to-orange-500 shadow-sm">
            <Gamepad2 className="size-28 text-slate-950/80" strokeWidth={1.25} aria-hidden="true" />
          </div>
          <div>
            <h2 id="story-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {text.storyTitle}
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
              {text.story.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="mission-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <h2 id="mission-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {text.missionTitle}
          </h2>
          <ul className="mt-6 space-y-4">
            {text.mission.map((line) => (
              <li key={line} className="flex gap-3 text-slate-700">
                <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700">
                  <Check className="size-4" aria-hidden="true" />
                </span>
                <span className="leading-relaxed">{line}</span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="why-pasal-heading">
          <h2 id="why-pasal-heading" className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {text.whyTitle}
          </h2>
          <div className="mt-8 grid gap-4 md:grid-cols-3">
            {text.reasons.map(({ title, text: reason }, index) => {
              const Icon = REASON_ICONS[index] ?? Rocket;
              return (
                <article key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                  <span className="flex size-12 items-center justify-center rounded-xl bg-slate-900 text-amber-400">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{reason}</p>
                </article>
              );
            })}
          </div>
        </section>

        <section
          aria-labelledby="community-heading"
          className="on-dark overflow-hidden rounded-2xl bg-slate-900 bg-[radial-gradient(circle_at_80%_20%,#1e3a8a_0%,#0f172a_60%)] px-6 py-12 text-center text-white shadow-sm sm:px-12"
        >
          <h2 id="community-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {text.communityTitle}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-300">{text.communityText}</p>
          <ButtonLink to="/login" size="lg" className="mt-8">
            {text.join}
          </ButtonLink>
        </section>
      </div>
    </div>
  );
}
