import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALE_QUERY,
  type Locale,
  chooseLocale,
  isLocale,
  localeFromAcceptLanguage,
} from '../../shared/locale.js';

/** The value of cookie `name` in the request's Cookie header. */
function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * The language of a page request: `?lang=` (the hreflang alternates), then the visitor's remembered
 * choice (cookie), then the browser's Accept-Language; English when none names Nepali.
 */
export function pageLocale(request: FastifyRequest, searchParams: URLSearchParams): Locale {
  return chooseLocale({
    query: searchParams.get(LOCALE_QUERY),
    cookie: cookieValue(request, LOCALE_COOKIE),
    acceptLanguage: request.headers['accept-language'],
  });
}

/** A `?lang=` in the address is a choice: remembered like the switch's (src/web/lib/i18n.tsx). */
export function rememberLocale(reply: FastifyReply, searchParams: URLSearchParams): void {
  const chosen = searchParams.get(LOCALE_QUERY);
  if (!isLocale(chosen)) return;
  void reply.header('set-cookie', `${LOCALE_COOKIE}=${chosen}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`);
}

/**
 * The language of an API request (error messages): the web app sends its page's language as
 * Accept-Language; other clients get theirs, or English.
 */
export function apiLocale(request: FastifyRequest): Locale {
  return localeFromAcceptLanguage(request.headers['accept-language']) ?? 'en';
}
