import { categoryKey, imageSrcSet, imageVariant, parseImages, productListQuerySchema } from '../../../shared/catalog.js';
import {
  CARD_IMAGE_SIZES,
  DEFAULT_IMAGE_WIDTH,
  PRODUCT_MAIN_IMAGE_SIZES,
  PRODUCT_MAIN_IMAGE_WIDTH,
} from '../../../shared/catalog-media.js';
import type { Locale } from '../../../shared/locale.js';
import { apiQuery, readFilters } from '../../../shared/product-list.js';
import { escapeHtml } from '../../lib/escape-html.js';
import { paymentOptions } from '../payments/options.js';
import { staticPageMeta } from '../web/meta.js';
import type { AppContext } from '../../context.js';
import type { PageMeta } from '../web/html.js';
import type { MetaResolver } from '../web/meta.js';
import * as cq from './category-queries.js';
import { jsonLdOffers } from './json-ld-offers.js';
import type { CatalogService } from './service.js';
import { jsonLdRatings } from '../reviews/json-ld.js';
import { ReviewService } from '../reviews/service.js';

const PRODUCT_PATH = /^\/products\/([^/]+)\/?$/;
const DESCRIPTION_MAX = 160;

/**
 * Head content of the catalogue's pages, filled in by the server (features/web):
 * - /products/{id}: the product's name and description, og:image (its first image, 1024 px),
 *   og:type product, price meta tags and JSON-LD Product with an Offer in NPR (sold in variants: an
 *   AggregateOffer with an Offer per variant), its AggregateRating and newest Reviews when it has any.
 * - /products?category=…[&subcategory=…[&childcategory=…]]: the category's own name as title.
 * - /products (any filters): the first answer of the list carried in the page and its first card's
 *   image preloaded, so the list paints without waiting for a request after the code has run.
 * - /products/{id}: the product carried in the page, its main image preloaded; with it the related
 *   products and the delivery and payment options its page shows, so they are there on the first
 *   paint and nothing moves when they arrive.
 * Image and page URLs are absolute: PUBLIC_URL when set, else the address the request came to.
 * Values are plain text here; renderHead() escapes them. Titles and descriptions are in the page's
 * language; product and category names are the shop's data and stay as they are.
 */
export function catalogMetaResolver(ctx: AppContext, service: CatalogService): MetaResolver {
  const reviews = new ReviewService(ctx);
  return async (pathname, searchParams, base, locale = 'en') => {
    const productMatch = PRODUCT_PATH.exec(pathname);
    if (productMatch) {
      const raw = productMatch[1] ?? '';
      const product = /^\d{1,9}$/.test(raw) ? await service.findProduct(Number(raw)) : undefined;
      if (!product) {
        return {
          status: 404,
          ...NOT_FOUND_TEXTS[locale],
          extraHead: '<meta name="robots" content="noindex">',
        };
      }
      // As GET /api/products/:id answers it (options, variants, specifications), so the page's first paint has them.
      const detail = await service.detailOf(product);
      const addresses = parseImages(product.images);
      // Absolute already when the images come from IMAGE_BASE_URL.
      const images = addresses.map((address) => {
        const variant = imageVariant(address, 1024);
        return /^https?:\/\//.test(variant) ? variant : `${base}${variant}`;
      });
      const price = product.price.toFixed(2);
      const description = summary(product.description);
      const url = `${base}/products/${product.id}`;
      // Deleted meanwhile: the page then fetches them itself (and finds the product gone).
      const related = await service.relatedProducts(product.id).catch(() => undefined);
      const reviewPage = product.rating.count > 0 ? await reviews.list(product.id, 'newest', 1).catch(() => undefined) : undefined;
      const meta: PageMeta = {
        title: `${product.name} | Pasal`,
        description,
        type: 'product',
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: product.name,
          description,
          sku: product.sku ?? String(product.id),
          category: [product.category, product.subCategory, product.childCategory].filter(Boolean).join(' > '),
          ...(images.length > 0 ? { image: images } : {}),
          offers: jsonLdOffers(detail, url),
          ...jsonLdRatings(product.rating, reviewPage?.reviews ?? []),
        },
        extraHead: [
          `<meta property="product:price:amount" content="${price}">`,
          '<meta property="product:price:currency" content="NPR">',
          // The page's largest paint is the main image: fetch it with the HTML (same srcset and sizes
          // as ProductGallery, so the browser picks the same file).
          ...(addresses[0] ? [mainImagePreload(addresses[0])] : []),
        ].join('\n    '),
        // The product itself, as GET /api/products/:id answers it (options and variants included), so
        // the page renders it (and its image) on its first paint, and the parts under its price and below it.
        data: {
          [`/api/products/${product.id}`]: detail,
          ...(related ? { [`/api/products/${product.id}/related`]: { products: related } } : {}),
          '/api/orders/payment-options': paymentOptions(ctx.config.payments),
        },
      };
      if (images[0]) meta.image = images[0];
      return meta;
    }

    if (pathname === '/products' || pathname === '/products/') {
      const names = await categoryNames(ctx, searchParams);
      const leaf = names?.[names.length - 1] ?? '';
      const meta: PageMeta = names
        ? { title: `${names.join(' – ')} | Pasal`, description: categoryDescription(leaf, locale) }
        : { ...staticPageMeta('/products', locale) };
      return { ...meta, ...(await firstListPage(service, searchParams)) };
    }
    return undefined;
  };
}

const NOT_FOUND_TEXTS: Record<Locale, Pick<PageMeta, 'title' | 'description'>> = {
  en: { title: 'Product not found | Pasal', description: 'This product is not available at Pasal.' },
  ne: { title: 'सामान भेटिएन | Pasal', description: 'यो सामान Pasal मा उपलब्ध छैन।' },
};

function categoryDescription(category: string, locale: Locale): string {
  return locale === 'ne'
    ? `काठमाडौंको Pasal बाट ${category} किन्नुहोस्: मूल्य रुपैयाँमा र नेपालभर डेलिभरी।`
    : `Shop ${category} at Pasal in Kathmandu: prices in rupees and delivery across Nepal.`;
}

/** Display names of the requested category path, or undefined when there is none or it does not exist. */
async function categoryNames(ctx: AppContext, params: URLSearchParams): Promise<string[] | undefined> {
  const category = params.get('category');
  if (!category?.trim()) return undefined;
  const cat = await cq.findByKey(ctx.db, 'categories', categoryKey(category.slice(0, 200)));
  if (!cat) return undefined;
  const names = [cat.name];
  const subcategory = params.get('subcategory');
  if (subcategory?.trim()) {
    const sub = await cq.findByKey(ctx.db, 'sub_categories', categoryKey(subcategory.slice(0, 200)), cat.id);
    if (!sub) return names;
    names.push(sub.name);
    const childcategory = params.get('childcategory');
    if (childcategory?.trim()) {
      const child = await cq.findByKey(ctx.db, 'child_categories', categoryKey(childcategory.slice(0, 200)), sub.id);
      if (child) names.push(child.name);
    }
  }
  return names;
}

/**
 * The list the page shows first: the same GET /api/products query the page makes (shared
 * product-list.ts reads the page URL the same way), carried in the page, and the first card's
 * image preloaded (same srcset and sizes as ProductCard).
 */
async function firstListPage(service: CatalogService, params: URLSearchParams): Promise<Pick<PageMeta, 'data' | 'extraHead'>> {
  const query = apiQuery(readFilters(params));
  const parsed = productListQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
  if (!parsed.success) return {};
  const page = await service.listing.listPage(parsed.data);
  const first = page.products[0] && parseImages(page.products[0].images)[0];
  return {
    data: { [`/api/products?${query}`]: page },
    ...(first ? { extraHead: imagePreload(first, DEFAULT_IMAGE_WIDTH, CARD_IMAGE_SIZES) } : {}),
  };
}

function mainImagePreload(address: string): string {
  return imagePreload(address, PRODUCT_MAIN_IMAGE_WIDTH, PRODUCT_MAIN_IMAGE_SIZES);
}

function imagePreload(address: string, width: number, sizes: string): string {
  const href = escapeHtml(imageVariant(address, width));
  return `<link rel="preload" as="image" href="${href}" imagesrcset="${escapeHtml(imageSrcSet(address))}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high">`;
}

function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}
