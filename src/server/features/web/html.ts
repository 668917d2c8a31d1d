import { LOCALES, LOCALE_QUERY, type Locale } from '../../../shared/locale.js';
import { escapeHtml } from '../../lib/escape-html.js';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute or root-relative image address for Open Graph. */
  image?: string;
  type?: 'website' | 'product';
  /** Structured data, serialised into a JSON-LD script. */
  jsonLd?: Record<string, unknown>;
  /** HTTP status of the page (404 for a product that does not exist). */
  status?: number;
  /** Extra tags for the head, already escaped (preloads, for example). */
  extraHead?: string;
  /**
   * API answers the page needs first, by API path ("/api/products/7" → that answer), written into
   * the body as JSON (<script type="application/json" id="pasal-data">) so the client renders them
   * at once instead of asking for them after its code has run (src/web/lib/initial-data.ts).
   */
  data?: Record<string, unknown>;
}

/** The id of the page's initial-data script; src/web/lib/initial-data.ts reads it. */
export const INITIAL_DATA_ID = 'pasal-data';

const HEAD_MARKER = '<!--app-head-->';
const MANIFEST_LINK = /<link rel="manifest" href="[^"]*"/;
/** The web app manifest of each language (src/web/public). */
export const MANIFESTS: Readonly<Record<Locale, string>> = { en: '/manifest.webmanifest', ne: '/manifest.ne.webmanifest' };
const EMPTY_ROOT = '<div id="root"></div>';

/** JSON inside <script> must not be able to close the tag. */
function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** A page's address in a language: English at the plain address (also x-default), Nepali at `?lang=ne`. */
export function localeUrl(url: string, locale: Locale): string {
  return locale === 'en' ? url : `${url}?${LOCALE_QUERY}=${locale}`;
}

/** Where the page is, in which language: its address in it (canonical) and in each language (hreflang). */
export interface PageAddress {
  /** The page's absolute address, without a query. */
  url: string;
  locale: Locale;
}

export function renderHead(meta: PageMeta, address: PageAddress): string {
  const url = localeUrl(address.url, address.locale);
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="Pasal">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...LOCALES.map(
      (locale) => `<link rel="alternate" hreflang="${locale}" href="${escapeHtml(localeUrl(address.url, locale))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(address.url)}">`,
  ];
  if (address.locale === 'ne') tags.push(`<meta property="og:locale" content="ne_NP">`);
  if (meta.image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(meta.image)}">`);
    tags.push(`<meta name="twitter:card" content="summary_large_image">`);
  }
  if (meta.jsonLd) tags.push(`<script type="application/ld+json">${safeJson(meta.jsonLd)}</script>`);
  if (meta.extraHead) tags.push(meta.extraHead);
  return tags.join('\n    ');
}

/**
 * index.html with the page's head, `scripts` (module preloads) at the end of the head, after the
 * stylesheet, which the first paint waits for, and, when the server rendered it, the page's markup
 * in #root.
 */
export function renderPage(template: string, meta: PageMeta, address: PageAddress, markup?: string, scripts?: string): string {
  const withoutTitle = template
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<html[^>]*>/, () => `<html lang="${address.locale}">`)
    // The installed app's name and language follow the page's: पसल from a Nepali page.
    .replace(MANIFEST_LINK, () => `<link rel="manifest" href="${MANIFESTS[address.locale]}"`);
  const withScripts = scripts ? withoutTitle.replace('</head>', () => `  ${scripts}\n  </head>`) : withoutTitle;
  const withHead = withScripts.replace(HEAD_MARKER, () => renderHead(meta, address));
  const page = markup ? withHead.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`) : withHead;
  if (!meta.data) return page;
  // Inert JSON (not run, so the CSP does not apply), before the module script runs at the end of parsing.
  const data = `<script type="application/json" id="${INITIAL_DATA_ID}">${safeJson(meta.data)}</script>`;
  return page.replace('</body>', () => `${data}\n  </body>`);
}
