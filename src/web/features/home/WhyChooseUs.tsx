import Headset from 'lucide-react/icons/headset';
import Leaf from 'lucide-react/icons/leaf';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Zap from 'lucide-react/icons/zap';
import { type MessageId, useT } from '../../lib/i18n';

const reasons: { title: MessageId; text: MessageId; icon: typeof Zap; tint: string }[] = [
  {
    title: 'home.why.energy.title',
    text: 'home.why.energy.text',
    icon: Zap,
    tint: 'bg-amber-100 text-amber-700',
  },
  {
    title: 'home.why.warranty.title',
    text: 'home.why.warranty.text',
    icon: ShieldCheck,
    tint: 'bg-sky-100 text-sky-700',
  },
  {
    title: 'home.why.support.title',
    text: 'home.why.support.text',
    icon: Headset,
    tint: 'bg-violet-100 text-violet-700',
  },
  {
    title: 'home.why.eco.title',
    text: 'home.why.eco.text',
    icon: Leaf,
    tint: 'bg-emerald-100 text-emerald-700',
  },
];

export function WhyChooseUs() {
  const t = useT();
  return (
    <section aria-labelledby="why-heading" className="py-14 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <p className="text-center text-sm font-semibold tracking-wider text-amber-700 uppercase">{t('home.why.eyebrow')}</p>
        <h2 id="why-heading" className="mt-2 text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('home.why.heading')}
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map(({ title, text, icon: Icon, tint }) => (
            <li
              key={title}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md sm:block sm:p-6"
            >
              <span className={`flex size-12 shrink-0 items-center justify-center rounded-xl ${tint}`}>
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900 sm:mt-4">{t(title)}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-600 sm:mt-2">{t(text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
