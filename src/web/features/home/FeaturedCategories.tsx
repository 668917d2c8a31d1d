import Cpu from 'lucide-react/icons/cpu';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Headphones from 'lucide-react/icons/headphones';
import Keyboard from 'lucide-react/icons/keyboard';
import Laptop from 'lucide-react/icons/laptop';
import Smartphone from 'lucide-react/icons/smartphone';
import { Link } from 'react-router';
import { productsUrl } from '../../lib/format';
import { type MessageId, useT } from '../../lib/i18n';

// `name` is the category's name in the catalogue (the link's filter); `label` what the page says.
const featured: { name: string; label: MessageId; icon: typeof Laptop }[] = [
  { name: 'Laptops', label: 'common.category.laptops', icon: Laptop },
  { name: 'Gaming', label: 'common.category.gaming', icon: Gamepad2 },
  { name: 'Smartphones', label: 'common.category.smartphones', icon: Smartphone },
  { name: 'Audio', label: 'common.category.audio', icon: Headphones },
  { name: 'Accessories', label: 'common.category.accessories', icon: Keyboard },
  { name: 'Components', label: 'common.category.components', icon: Cpu },
];

/** Home's "featured categories" block (its content is ours to choose). */
export function FeaturedCategories() {
  const t = useT();
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex items-end justify-between gap-4">
        <h2 id="categories-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('home.categories.heading')}
        </h2>
        <Link to="/products" className="shrink-0 text-sm font-semibold text-amber-700 hover:text-amber-800">
          {t('home.categories.viewAll')} <span aria-hidden="true">→</span>
        </Link>
      </div>
      <ul className="mt-6 grid grid-cols-3 gap-3 sm:grid-cols-6 sm:gap-4">
        {featured.map(({ name, label, icon: Icon }) => (
          <li key={name}>
            <Link
              to={productsUrl({ category: name })}
              className="group flex flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white px-2 py-4 text-center shadow-sm transition-all hover:-translate-y-0.5 hover:border-amber-300 hover:shadow-md sm:py-6"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-slate-100 text-slate-700 transition-colors group-hover:bg-amber-100 group-hover:text-amber-700 sm:size-14">
                <Icon className="size-6 sm:size-7" aria-hidden="true" />
              </span>
              <span className="text-xs font-semibold text-slate-800 sm:text-sm">{t(label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
