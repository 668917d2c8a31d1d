import { type Locale, toNepaliDigits } from '../../../shared/locale.js';
import type { StaticPagePathname } from '../../../shared/pages.js';
import type { PageMeta } from './html.js';

const SHOP_DESCRIPTION =
  'Pasal is a Kathmandu shop for laptops, gaming consoles, PC parts, phones and accessories, with prices in rupees and delivery across Nepal.';
const SHOP_DESCRIPTION_NE = 'Pasal काठमाडौंको पसल हो: ल्यापटप, गेमिङ कन्सोल, PC पार्ट्स, फोन र एक्सेसरिज, मूल्य रुपैयाँमा र नेपालभर डेलिभरी।';
const FOUNDED = 2015;

/**
 * Head content of the pages that need no database, in both languages (the Nepali titles as the pages
 * set them in the browser, src/web/i18n/messages/ne); the rest of the head is the same in both.
 * Keyed by the declared pages without parameters (src/shared/pages.ts): a page added there without
 * its head here does not compile. Catalogue pages add their own resolvers.
 */
const staticPages: Record<StaticPagePathname, { en: PageMeta; ne: Pick<PageMeta, 'title' | 'description'> }> = {
  '/': {
    en: {
      title: 'Pasal | Electronics and gaming gear in Nepal',
      description: SHOP_DESCRIPTION,
      // The first hero slide's image is Home's largest paint: fetch it with the HTML, not after the
      // JavaScript has rendered the page (src/web/features/home/HeroBanner.tsx, heroSlides[0]).
      extraHead: '<link rel="preload" as="image" href="/hero/technology.svg" fetchpriority="high">',
    },
    ne: { title: 'Pasal | नेपालमा इलेक्ट्रोनिक्स र गेमिङ सामान', description: SHOP_DESCRIPTION_NE },
  },
  '/about': {
    en: {
      title: 'About Us | Pasal',
      description: `Founded in Kathmandu in ${FOUNDED}, Pasal brings gamers and tech lovers across Nepal the gear they want.`,
    },
    ne: {
      title: 'हाम्रो बारेमा | Pasal',
      description: `सन् ${toNepaliDigits(String(FOUNDED))} मा काठमाडौंमा सुरु भएको Pasal ले नेपालभरका गेमर र प्रविधिप्रेमीलाई उनीहरूले खोजेका सामान पुर्‍याउँछ।`,
    },
  },
  '/products': {
    en: { title: 'Our Products | Pasal', description: SHOP_DESCRIPTION },
    ne: { title: 'हाम्रा सामानहरू | Pasal', description: SHOP_DESCRIPTION_NE },
  },
  '/compare': {
    // Any choice of products, under one address: not a page for search engines.
    en: {
      title: 'Compare products | Pasal',
      description: 'Compare products of Pasal side by side: price, availability, brand and specifications.',
      extraHead: '<meta name="robots" content="noindex">',
    },
    ne: {
      title: 'सामानहरूको तुलना | Pasal',
      description: 'Pasal का सामानहरू छेउछाउ राखेर तुलना गर्नुहोस्: मूल्य, उपलब्धता, ब्रान्ड र स्पेसिफिकेसन।',
    },
  },
  '/privacy-policy': {
    en: { title: 'Privacy Policy | Pasal', description: 'How Pasal collects, uses and protects your information.' },
    ne: { title: 'गोपनीयता नीति | Pasal', description: 'Pasal ले तपाईंको जानकारी कसरी सङ्कलन, प्रयोग र सुरक्षित गर्छ।' },
  },
  '/terms-and-conditions': {
    en: { title: 'Terms and Conditions | Pasal', description: 'The terms that govern shopping at Pasal.' },
    ne: { title: 'नियम तथा सर्तहरू | Pasal', description: 'Pasal मा किनमेल गर्दा लागू हुने नियम तथा सर्तहरू।' },
  },
  '/login': {
    en: { title: 'Login | Pasal', description: 'Log in to your Pasal account.' },
    ne: { title: 'लगइन | Pasal', description: 'आफ्नो Pasal खातामा लगइन गर्नुहोस्।' },
  },
  '/register': {
    en: { title: 'Create an account | Pasal', description: 'Create your Pasal account to shop and track your orders.' },
    ne: { title: 'खाता खोल्नुहोस् | Pasal', description: 'किनमेल गर्न र आफ्ना अर्डर ट्र्याक गर्न Pasal मा खाता खोल्नुहोस्।' },
  },
  '/otp-verification': {
    en: { title: 'Verify OTP | Pasal', description: 'Verify your Pasal account.' },
    ne: { title: 'OTP प्रमाणित गर्नुहोस् | Pasal', description: 'आफ्नो Pasal खाता प्रमाणित गर्नुहोस्।' },
  },
  '/forgot-password': {
    en: {
      title: 'Forgot password | Pasal',
      description: 'Reset the password of your Pasal account with a code sent to its email.',
    },
    ne: {
      title: 'पासवर्ड बिर्सनुभयो | Pasal',
      description: 'खाताको इमेलमा पठाइएको कोडले आफ्नो Pasal खाताको पासवर्ड रिसेट गर्नुहोस्।',
    },
  },
  '/account': {
    en: { title: 'My Account | Pasal', description: 'Your Pasal account, cart and orders.' },
    ne: { title: 'मेरो खाता | Pasal', description: 'तपाईंको Pasal खाता, कार्ट र अर्डरहरू।' },
  },
  '/admin': {
    en: { title: 'Admin | Pasal', description: 'Pasal administration.' },
    ne: { title: 'एडमिन | Pasal', description: 'Pasal को व्यवस्थापन।' },
  },
  '/admin/login': {
    en: { title: 'Admin Login | Pasal', description: 'Pasal administration.' },
    ne: { title: 'एडमिन लगइन | Pasal', description: 'Pasal को व्यवस्थापन।' },
  },
};

const isStaticPage = (pathname: string): pathname is StaticPagePathname => Object.hasOwn(staticPages, pathname);

/** Head content of a page that needs no database (a feature's resolver may start from it), in `locale`. */
export function staticPageMeta(pathname: string, locale: Locale = 'en'): PageMeta {
  if (!isStaticPage(pathname)) {
    return { title: 'Pasal', description: locale === 'ne' ? SHOP_DESCRIPTION_NE : SHOP_DESCRIPTION };
  }
  const { en, ne } = staticPages[pathname];
  return locale === 'ne' ? { ...en, ...ne } : en;
}

/**
 * `origin` is the shop's public address (PUBLIC_URL, else the request's), for absolute image and
 * page URLs; `locale` the page's language, which its title and description are written in.
 */
export type MetaResolver = (
  pathname: string,
  searchParams: URLSearchParams,
  origin: string,
  locale: Locale,
) => Promise<PageMeta | undefined>;

/** Head content for a page: the first feature resolver that knows the path, else the static table. */
export async function metaFor(
  resolvers: MetaResolver[],
  pathname: string,
  searchParams: URLSearchParams,
  origin: string,
  locale: Locale = 'en',
): Promise<PageMeta> {
  for (const resolver of resolvers) {
    const meta = await resolver(pathname, searchParams, origin, locale);
    if (meta) return meta;
  }
  return staticPageMeta(pathname, locale);
}
