/**
 * The shop's two languages (ADR 0019): English, the original texts, and Nepali. Shared by the
 * web app (the switch, the catalogues) and the server (which language a page, a mail or an error
 * is written in).
 */
export const LOCALES = ['en', 'ne'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that remembers a visitor's choice (a year); the server reads it to render the first paint. */
export const LOCALE_COOKIE = 'pasal_lang';
/** `?lang=ne` opens a page in Nepali (the hreflang alternates and the sitemap link to it). */
export const LOCALE_QUERY = 'lang';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Each language named in its own script, as the switch shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', ne: 'नेपाली' };

/** BCP 47 tags for Intl and hreflang. */
export const LOCALE_TAGS: Readonly<Record<Locale, string>> = { en: 'en-NP', ne: 'ne-NP' };

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'ne';
}

/**
 * The shop's language a browser asks for first in its Accept-Language header ("ne-NP,ne;q=0.9,en;q=0.8"
 * → ne), by q-value, the header's order breaking ties; undefined when it names neither.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0];
    if (!isLocale(language)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: language, q };
  }
  return best?.locale;
}

/** A page's language: the address's `?lang=`, then the remembered choice, then the browser's languages. */
export function chooseLocale(sources: { query?: string | null; cookie?: string; acceptLanguage?: string }): Locale {
  if (isLocale(sources.query)) return sources.query;
  if (isLocale(sources.cookie)) return sources.cookie;
  return localeFromAcceptLanguage(sources.acceptLanguage) ?? DEFAULT_LOCALE;
}

const DEVANAGARI_DIGITS = '०१२३४५६७८९';

/** '1,23,456' → '१,२३,४५६': Nepali writes its own digits (grouping and signs stay). */
export function toNepaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => DEVANAGARI_DIGITS[Number(digit)] ?? digit);
}

/** Digits as the language writes them. */
export function localDigits(text: string, locale: Locale): string {
  return locale === 'ne' ? toNepaliDigits(text) : text;
}
