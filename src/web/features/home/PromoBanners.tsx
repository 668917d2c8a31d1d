import Laptop from 'lucide-react/icons/laptop';
import Sparkles from 'lucide-react/icons/sparkles';
import { ButtonLink } from '../../components/ui/Button';
import { useT } from '../../lib/i18n';

export function PromoBanners() {
  const t = useT();
  return (
    <section aria-label={t('home.promos.label')} className="mx-auto max-w-7xl px-4 sm:px-6">
      <div className="grid gap-4 md:grid-cols-2">
        <article className="on-brand relative overflow-hidden rounded-2xl bg-amber-500 bg-linear-to-br from-amber-400 to-orange-500 p-6 text-slate-950 shadow-sm sm:p-8">
          <Laptop className="absolute -right-6 -bottom-8 size-44 text-white/25" aria-hidden="true" strokeWidth={1.25} />
          <p className="text-xs font-bold tracking-wider uppercase opacity-80">{t('home.promos.sale.eyebrow')}</p>
          <h2 className="mt-2 text-2xl font-extrabold tracking-tight sm:text-3xl">{t('home.promos.sale.heading')}</h2>
          <p className="mt-2 max-w-xs text-sm font-medium opacity-90">{t('home.promos.sale.text')}</p>
          <ButtonLink to="/products" variant="secondary" className="relative mt-6">
            {t('home.shopNow')}
          </ButtonLink>
        </article>
        <article className="on-dark relative overflow-hidden rounded-2xl bg-slate-900 bg-linear-to-br from-slate-800 to-slate-950 p-6 text-white shadow-sm sm:p-8">
          <Sparkles className="absolute -right-6 -bottom-8 size-44 text-amber-400/20" aria-hidden="true" strokeWidth={1.25} />
          <p className="text-xs font-bold tracking-wider text-amber-400 uppercase">{t('home.promos.new.eyebrow')}</p>
          <h2 className="mt-2 text-2xl font-extrabold tracking-tight sm:text-3xl">{t('home.promos.new.heading')}</h2>
          <p className="mt-2 max-w-xs text-sm text-slate-300">{t('home.promos.new.text')}</p>
          <ButtonLink to="/products" variant="primary" className="relative mt-6">
            {t('home.promos.new.cta')}
          </ButtonLink>
        </article>
      </div>
    </section>
  );
}
