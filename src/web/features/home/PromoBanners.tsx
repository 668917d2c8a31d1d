import Laptop from 'lucide-react/icons/laptop';
import Sparkles from 'lucide-react/icons/sparkles';
import { ButtonLink } from '../../components/ui/Button';

export function PromoBanners() {
  return (
    <section aria-label="Offers" className="mx-auto max-w-7xl px-4 sm:px-6">
      <div className="grid gap-4 md:grid-cols-2">
        <article className="on-brand relative overflow-hidden rounded-2xl bg-amber-500 bg-linear-to-br from-amber-400 to-orange-500 p-6 text-slate-950 shadow-sm sm:p-8">
          <Laptop className="absolute -right-6 -bottom-8 size-44 text-white/25" aria-hidden="true" strokeWidth={1.25} />
          <p className="text-xs font-bold tracking-wider uppercase opacity-80">Limited time</p>
          <h2 className="mt-2 text-2xl font-extrabold tracking-tight sm:text-3xl">Big Sale on Laptops</h2>
          <p className="mt-2 max-w-xs text-sm font-medium opacity-90">
            Work, study and gaming laptops at our best prices of the season.
          </p>
          <ButtonLink to="/products" variant="secondary" className="relative mt-6">
            Shop Now
          </ButtonLink>
        </article>
        <article className="on-dark relative overflow-hidden rounded-2xl bg-slate-900 bg-linear-to-br from-slate-800 to-slate-950 p-6 text-white shadow-sm sm:p-8">
          <Sparkles className="absolute -right-6 -bottom-8 size-44 text-amber-400/20" aria-hidden="true" strokeWidth={1.25} />
          <p className="text-xs font-bold tracking-wider text-amber-400 uppercase">Just arrived</p>
          <h2 className="mt-2 text-2xl font-extrabold tracking-tight sm:text-3xl">Latest Tech Gadgets</h2>
          <p className="mt-2 max-w-xs text-sm text-slate-300">Smartwatches, earbuds and smart-home gear, fresh in stock.</p>
          <ButtonLink to="/products" variant="primary" className="relative mt-6">
            Explore Now
          </ButtonLink>
        </article>
      </div>
    </section>
  );
}
