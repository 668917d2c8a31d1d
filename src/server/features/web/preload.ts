import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from './html.js';

/**
 * Module preloads for a page's own code. The router loads each page but Home as its own chunk
 * (src/web/app/router.tsx, lazy routes), which the browser would only ask for after the main
 * bundle has arrived and run: one more round trip before the page can paint. The page's HTML
 * names those chunks instead (<link rel="modulepreload">), so they download beside the main bundle.
 *
 * The chunk files come from Vite's manifest (dist/web/.vite/manifest.json, build.manifest).
 */

/** Page paths → the modules the router loads lazily for them (keys of Vite's manifest, relative to src/web). */
export const PAGE_MODULES: readonly { path: RegExp; modules: readonly string[] }[] = [
  { path: /^\/about\/?$/, modules: ['features/pages/AboutPage.tsx'] },
  { path: /^\/privacy-policy\/?$/, modules: ['features/pages/PrivacyPolicyPage.tsx'] },
  { path: /^\/terms-and-conditions\/?$/, modules: ['features/pages/TermsPage.tsx'] },
  { path: /^\/products\/?$/, modules: ['features/catalog/ProductsPage.tsx'] },
  { path: /^\/products\/[^/]+\/?$/, modules: ['features/catalog/ProductDetailPage.tsx'] },
  { path: /^\/login\/?$/, modules: ['features/auth/LoginPage.tsx'] },
  { path: /^\/register\/?$/, modules: ['features/auth/RegisterPage.tsx'] },
  { path: /^\/otp-verification\/?$/, modules: ['features/auth/OtpVerificationPage.tsx'] },
  // Without a session these pages send the visitor on to their login page: fetch that one too.
  { path: /^\/account\/?$/, modules: ['features/account/AccountPage.tsx', 'features/auth/LoginPage.tsx'] },
  { path: /^\/admin\/login\/?$/, modules: ['features/admin/AdminLoginPage.tsx'] },
  { path: /^\/admin\/?$/, modules: ['features/admin/AdminPage.tsx', 'features/admin/AdminLoginPage.tsx'] },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Reads the manifest of a build; undefined when there is none (an older build, or tests). */
export function readManifest(webRoot: string): Manifest | undefined {
  const file = path.join(webRoot, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** A function giving the modulepreload tags of a page path (worked out once per page at start-up). */
export function modulePreloader(manifest: Manifest | undefined): (pathname: string) => string {
  if (!manifest) return () => '';
  const closure = (keys: readonly string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  // The entry and its imports are in index.html already.
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const inIndex = closure(entries);
  const tags = PAGE_MODULES.map(({ path: pattern, modules }) => {
    const files = [...closure(modules)].filter((key) => !inIndex.has(key)).map((key) => manifest[key]?.file ?? '');
    const html = files
      .filter(Boolean)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`)
      .join('\n    ');
    return { pattern, html };
  });
  return (pathname) => tags.find(({ pattern }) => pattern.test(pathname))?.html ?? '';
}
