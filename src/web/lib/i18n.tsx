import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale, isLocale } from '../../shared/locale';
import type enAccount from '../i18n/messages/en-account';
import type enAdmin from '../i18n/messages/en-admin';
import type enCart from '../i18n/messages/en-cart';
import type enMain from '../i18n/messages/en-main';

/**
 * The web app's texts in English and Nepali (ADR 0019), through Lingui: ICU messages
 * (plurals, values, <0>tags</0>) kept in src/web/i18n/messages/<locale>/<area>.json, compiled when
 * built (vite.config.ts, compiledMessages), and only the page's language loaded.
 *
 * Components call useT() (`t('home.shopNow')`) or render <Msg id=… /> (lib/msg.tsx) for a message with markup.
 * The ids are typed: an id missing from the English catalogue does not compile, and
 * tests/api/i18n-catalogue.test.ts fails on one missing in Nepali or used nowhere.
 *
 * The catalogue comes in parts, so that Home's first visit carries only what Home and the layout
 * say: `main` (layout, home, product cards, content pages; every page), `cart` (the products
 * pages, the cart drawer, the checkout, payment and province names), `account` (login, account,
 * orders, invoice) and `admin`.
 * app/router.tsx loads a page's parts with its code, the cart drawer its part with its contents.
 */
export type MessageId = keyof (typeof enMain & typeof enCart & typeof enAccount & typeof enAdmin);
export type MessageValues = Record<string, string | number | undefined>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

export type MessagePart = 'main' | 'cart' | 'account' | 'admin';

type CatalogueModule = Promise<{ default: unknown }>;
const CATALOGUES: Record<Locale, Record<MessagePart, () => CatalogueModule>> = {
  en: {
    main: () => import('../i18n/messages/en-main'),
    cart: () => import('../i18n/messages/en-cart'),
    account: () => import('../i18n/messages/en-account'),
    admin: () => import('../i18n/messages/en-admin'),
  },
  ne: {
    main: () => import('../i18n/messages/ne-main'),
    cart: () => import('../i18n/messages/ne-cart'),
    account: () => import('../i18n/messages/ne-account'),
    admin: () => import('../i18n/messages/ne-admin'),
  },
};

/** One part of a language's catalogue, as a chunk of its own: a page loads only its language's texts. */
export function loadMessages(locale: Locale, part: MessagePart = 'main'): Promise<Messages> {
  return CATALOGUES[locale][part]().then((module) => module.default as Messages);
}

let active: I18n | undefined;
let activate: ((i18n: I18n) => void) | undefined;
/** The browser's I18n, once app/start.tsx has made it; the server renders each page with its own. */
const activeReady: Promise<I18n> | undefined =
  typeof window === 'undefined' ? undefined : new Promise<I18n>((resolve) => (activate = resolve));
/** The parts each I18n holds, so a language switch loads the same parts in the other language. */
const partsOf = new WeakMap<I18n, Map<MessagePart, Promise<void>>>();

/** An I18n for `locale` with its messages (the main part); in the browser also the one translate() uses. */
export function createI18n(locale: Locale, messages: Messages): I18n {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  partsOf.set(i18n, new Map([['main', Promise.resolve()]]));
  if (typeof window !== 'undefined') {
    active = i18n;
    activate?.(i18n);
  }
  return i18n;
}

/** Loads a part of the catalogue into `i18n` in its language (once); resolves when it is there. */
export function ensureMessages(i18n: I18n, part: MessagePart): Promise<void> {
  const parts = partsOf.get(i18n) ?? new Map<MessagePart, Promise<void>>();
  partsOf.set(i18n, parts);
  let loaded = parts.get(part);
  if (!loaded) {
    const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
    loaded = loadMessages(locale, part).then((messages) => i18n.load(locale, messages));
    loaded.catch(() => parts.delete(part)); // a failed download is tried again at the next render
    parts.set(part, loaded);
  }
  return loaded;
}

/**
 * Loads parts of the catalogue into the browser's I18n, waiting for it to be made when a page's code
 * is fetched before (app/start.tsx fetches both at once); nothing on the server, whose renders have
 * what they need.
 */
export async function ensureActiveMessages(parts: readonly MessagePart[]): Promise<void> {
  const i18n = active ?? (await activeReady);
  if (i18n) await Promise.all(parts.map((part) => ensureMessages(i18n, part)));
}

/** The language the server wrote the page in (<html lang>), the one the app starts in. */
export function documentLocale(): Locale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** The page's language for code outside React (the API client's Accept-Language, for one). */
export function currentLocale(): Locale {
  const locale = active?.locale;
  return isLocale(locale) ? locale : documentLocale();
}

/**
 * A message outside React (toasts from a session module, for one). Browser only: the server renders
 * each page with its own I18n, through useT().
 */
export const translate: Translate = (id, values) => (active ? active._(id, values) : id);

/** Hands the app the I18n of a language switched to (switchLocale); set while a LocaleProvider is mounted. */
let showLocale: ((i18n: I18n) => void) | undefined;

/**
 * The page's language to the components below. A switch replaces the I18n (React state) instead of
 * changing the one on screen in place: parts of the page the browser has not hydrated yet are then
 * hydrated with the language the server wrote them in, and switched after (a tap on the switch while
 * a slow phone still hydrates gave React a page in the other language to hydrate against the
 * server's HTML: error #418).
 */
export function LocaleProvider({ i18n: first, children }: { i18n: I18n; children: ReactNode }) {
  const [i18n, setI18n] = useState(first);
  useEffect(() => {
    showLocale = (next) => startTransition(() => setI18n(next));
    return () => {
      showLocale = undefined;
    };
  }, []);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** `t(id, values)`: a message of the page's language. */
export function useT(): Translate {
  const { _ } = useLingui();
  return _;
}

export function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/**
 * Switches the page to `locale` without a reload: loads its catalogue (the parts the page holds),
 * remembers the choice in a cookie (the server renders the next first paint in it), sets <html lang>
 * and hands the app a new I18n in that language. Browser only.
 */
export async function switchLocale(locale: Locale): Promise<void> {
  const current = active ?? (await activeReady);
  if (!current) return;
  const names = [...(partsOf.get(current)?.keys() ?? ['main' as const])];
  const loaded = await Promise.all(names.map((part) => loadMessages(locale, part)));
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  document.documentElement.lang = locale;
  const next = createI18n(locale, Object.assign({}, ...loaded) as Messages);
  partsOf.set(next, new Map(names.map((part) => [part, Promise.resolve()])));
  showLocale?.(next);
}
