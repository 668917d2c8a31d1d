import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../../../shared/locale.js';
import { PAGE_DECLARATIONS, type PagePart, pagePattern } from '../../../shared/pages.js';
import { escapeHtml } from '../../lib/escape-html.js';

/**
 * Module preloads for a page's own code. The router loads each page as its own chunk
 * (src/web/app/router.tsx, lazy routes), which the browser would only ask for after the main
 * bundle has arrived and run: one more round trip before the page can paint. The page's HTML
 * names those chunks instead (<link rel="modulepreload">), so they download beside the main bundle.
 *
 * The chunk files come from Vite's manifest (dist/web/.vite/manifest.json, build.manifest).
 */

/**
 * Page paths → the modules the router loads lazily for them (keys of Vite's manifest, relative to
 * src/web), and the parts of the message catalogue it loads with them: from the page declarations
 * (src/shared/pages.ts). The not-found page is not named ahead.
 */
export const PAGE_MODULES: readonly { path: RegExp; modules: readonly string[]; parts: readonly PagePart[] }[] =
  PAGE_DECLARATIONS.flatMap(({ path: route, module, parts = [], preloadAlso = [] }) => {
    const pattern = pagePattern(route);
    return pattern ? [{ path: pattern, modules: [module, ...preloadAlso], parts }] : [];
  });

/** A part of a language's message catalogue (src/web/lib/i18n.tsx loadMessages): a page preloads its own language's. */
const catalogueModule = (locale: Locale, part: PagePart | 'main') => `i18n/messages/${locale}-${part}.ts`;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Reads the manifest of a build; undefined when there is none (an older build, or tests). */
export function readManifest(webRoot: string): Manifest | undefined {
  const file = path.join(webRoot, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/**
 * A function giving the modulepreload tags of a page path in a language (worked out once per page at
 * start-up): the modules the entry imports in stages on every page (src/web/main.tsx: its dynamic
 * imports and theirs), the language's catalogue, then the page's own.
 */
export function modulePreloader(manifest: Manifest | undefined): (pathname: string, locale?: Locale) => string {
  if (!manifest) return () => '';
  const closure = (keys: readonly string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const tagsOf = (keys: Iterable<string>) =>
    [...keys]
      .map((key) => manifest[key]?.file ?? '')
      .filter(Boolean)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`)
      .join('\n    ');
  // The entry and its imports are in index.html already.
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const inIndex = closure(entries);
  const stages = [...closure(entries.flatMap((key) => manifest[key]?.dynamicImports ?? []))].filter(
    (key) => !inIndex.has(key) && !/^i18n\/messages\//.test(key),
  );
  const everyPage = new Set([...inIndex, ...stages]);
  const boot = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      [tagsOf(stages), tagsOf([...closure([catalogueModule(locale, 'main')])].filter((key) => !everyPage.has(key)))]
        .filter(Boolean)
        .join('\n    '),
    ]),
  ) as Record<Locale, string>;
  const own = PAGE_MODULES.map(({ path: pattern, modules, parts }) => ({
    pattern,
    html: Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        tagsOf(
          [...closure([...modules, ...parts.map((part) => catalogueModule(locale, part))])].filter((key) => !everyPage.has(key)),
        ),
      ]),
    ) as Record<Locale, string>,
  }));
  return (pathname, locale = 'en') => {
    const page = own.find(({ pattern }) => pattern.test(pathname))?.html[locale] ?? '';
    return [boot[locale], page].filter(Boolean).join('\n    ');
  };
}
