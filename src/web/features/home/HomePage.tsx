import { usePageTitle } from '../../lib/hooks';
import { useT } from '../../lib/i18n';
import { FeaturedCategories } from './FeaturedCategories';
import { FeaturedProducts } from './FeaturedProducts';
import { HeroBanner } from './HeroBanner';
import { Newsletter } from './Newsletter';
import { PicksStrip } from './PicksStrip';
import { PromoBanners } from './PromoBanners';
import { Testimonials } from './Testimonials';
import { WhyChooseUs } from './WhyChooseUs';

/** Home, in its order: hero, a strip of featured picks, featured categories, promos, why-choose-us, testimonials, newsletter, featured products. */
export default function HomePage() {
  const t = useT();
  usePageTitle(t('home.title'));
  return (
    <>
      <h1 className="sr-only">{t('home.heading')}</h1>
      <HeroBanner />
      <PicksStrip />
      <FeaturedCategories />
      <PromoBanners />
      <WhyChooseUs />
      <Testimonials />
      <Newsletter />
      <FeaturedProducts />
    </>
  );
}
