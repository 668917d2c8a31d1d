import type { PageMeta } from './html.js';

const SHOP_DESCRIPTION =
  'Pasal is a Kathmandu shop for laptops, gaming consoles, PC parts, phones and accessories, with prices in rupees and delivery across Nepal.';

/** Head content of the pages that need no database. Catalogue pages add their own resolvers. */
const staticPages: Record<string, PageMeta> = {
  '/': {
    title: 'Pasal | Electronics and gaming gear in Nepal',
    description: SHOP_DESCRIPTION,
    // The first hero slide's image is Home's largest paint: fetch it with the HTML, not after the
    // JavaScript has rendered the page (src/web/features/home/HeroBanner.tsx, heroSlides[0]).
    extraHead: '<link rel="preload" as="image" href="/hero/technology.svg" fetchpriority="high">',
  },
  '/about': {
    title: 'About Us | Pasal',
    description: 'Founded in Kathmandu in 2015, Pasal brings gamers and tech lovers across Nepal the gear they want.',
  },
  '/products': { title: 'Our Products | Pasal', description: SHOP_DESCRIPTION },
  '/privacy-policy': { title: 'Privacy Policy | Pasal', description: 'How Pasal collects, uses and protects your information.' },
  '/terms-and-conditions': { title: 'Terms and Conditions | Pasal', description: 'The terms that govern shopping at Pasal.' },
  '/login': { title: 'Login | Pasal', description: 'Log in to your Pasal account.' },
  '/register': { title: 'Create an account | Pasal', description: 'Create your Pasal account to shop and track your orders.' },
  '/otp-verification': { title: 'Verify OTP | Pasal', description: 'Verify your Pasal account.' },
  '/forgot-password': {
    title: 'Forgot password | Pasal',
    description: 'Reset the password of your Pasal account with a code sent to its email.',
  },
  '/account': { title: 'My Account | Pasal', description: 'Your Pasal account, cart and orders.' },
  '/admin': { title: 'Admin | Pasal', description: 'Pasal administration.' },
  '/admin/login': { title: 'Admin Login | Pasal', description: 'Pasal administration.' },
};

/** Head content of a page that needs no database (a feature's resolver may start from it). */
export function staticPageMeta(pathname: string): PageMeta {
  return staticPages[pathname] ?? { title: 'Pasal', description: SHOP_DESCRIPTION };
}

/** `origin` is the shop's public address (PUBLIC_URL, else the request's), for absolute image and page URLs. */
export type MetaResolver = (pathname: string, searchParams: URLSearchParams, origin: string) => Promise<PageMeta | undefined>;

/** Head content for a page: the first feature resolver that knows the path, else the static table. */
export async function metaFor(
  resolvers: MetaResolver[],
  pathname: string,
  searchParams: URLSearchParams,
  origin: string,
): Promise<PageMeta> {
  for (const resolver of resolvers) {
    const meta = await resolver(pathname, searchParams, origin);
    if (meta) return meta;
  }
  return staticPageMeta(pathname);
}
