import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, type ResolvedConfig, defineConfig } from 'vite';

/**
 * Build-time compression: after `vite build` has written dist/web, writes `<file>.br` (brotli,
 * quality 11) and `<file>.gz` (gzip -9) beside every text asset of at least `minBytes`, when the
 * compressed form is smaller. The server's @fastify/static (preCompressed) sends them with
 * Content-Encoding and Vary: Accept-Encoding, so no request pays for compression and the highest
 * levels (too slow per request) are used. No dependency: node:zlib.
 */
function precompress(options: { minBytes?: number; extensions?: string[] } = {}): Plugin {
  const minBytes = options.minBytes ?? 1024;
  const extensions = new Set(
    options.extensions ?? ['.js', '.mjs', '.css', '.svg', '.html', '.json', '.txt', '.xml', '.webmanifest'],
  );
  let config: ResolvedConfig;

  return {
    name: 'pasal:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      if (!fs.existsSync(outDir)) return;
      let files = 0;
      let before = 0;
      let after = 0;
      for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !extensions.has(path.extname(entry.name))) continue;
        const file = path.join(entry.parentPath, entry.name);
        const data = fs.readFileSync(file);
        if (data.length < minBytes) continue;
        const br = zlib.brotliCompressSync(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        });
        const gz = zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION });
        if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
        files += 1;
        before += data.length;
        after += Math.min(br.length, data.length);
      }
      config.logger.info(
        `pasal:precompress: ${files} files, ${(before / 1024).toFixed(1)} kB → ${(after / 1024).toFixed(1)} kB brotli (.br and .gz beside them)`,
      );
    },
  };
}

/**
 * V8's explicit compile hint on the code every first visit runs at once (the entry and the stages it
 * imports: React DOM, the router, the layout, see src/web/main.tsx): V8 then compiles it while it
 * downloads, on a background thread, instead of on the main thread at each function's first call.
 * The comment must open the file, so it is added to the written files, after Vite's last additions
 * to the chunks (and before precompress() reads them).
 */
function compileHints(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'pasal:compile-hints',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])),
      );
      const boot = new Set<string>();
      const add = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || boot.has(fileName)) return;
        boot.add(fileName);
        chunk.imports.forEach(add);
      };
      for (const chunk of chunks.values()) {
        if (chunk.isEntry) [chunk.fileName, ...chunk.dynamicImports].forEach(add);
      }
      for (const fileName of boot) {
        const file = path.join(options.dir ?? '', fileName);
        fs.writeFileSync(file, hint + fs.readFileSync(file, 'utf8'));
      }
    },
  };
}

/**
 * The service worker (src/web/service-worker.js) written to dist/web/sw.js with this build's version
 * and its hashed files named in it: a deploy whose files changed is a new worker, which the browser
 * installs beside the old one (and the page offers to reload). The version also covers the public
 * files the worker keeps (the offline pages, icons, manifests), so changing one of them is a new
 * version too.
 */
function serviceWorker(): Plugin {
  const source = path.resolve(import.meta.dirname, 'src/web/service-worker.js');
  const publicDir = path.resolve(import.meta.dirname, 'src/web/public');
  return {
    name: 'pasal:service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const assets = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/'))
        .sort()
        .map((name) => `/${name}`);
      const code = fs.readFileSync(source, 'utf8');
      const hash = crypto.createHash('sha256').update(code).update(assets.join('\n'));
      for (const entry of fs.readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) hash.update(fs.readFileSync(path.join(entry.parentPath, entry.name)));
      }
      const version = hash.digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: code
          .replace('__PASAL_VERSION__;', `${JSON.stringify(version)};`)
          .replace('__PASAL_ASSETS__)', `${JSON.stringify(assets)})`),
      });
    },
  };
}

const MESSAGES_DIR = path.resolve(import.meta.dirname, 'src/web/i18n/messages');

/**
 * Every message id (src/web/i18n/messages/en/*.json), sorted, to a short one: '0', '1' … 'a1'. Built
 * from the files alone, so the browser's build and the server renderer's agree.
 */
function shortMessageIds(): Map<string, string> {
  const ids = fs
    .readdirSync(path.join(MESSAGES_DIR, 'en'))
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => Object.keys(JSON.parse(fs.readFileSync(path.join(MESSAGES_DIR, 'en', file), 'utf8')) as object))
    .sort();
  return new Map(ids.map((id, index) => [id, index.toString(36)]));
}

/**
 * The message catalogues (src/web/i18n/messages/<locale>/<area>.json, ICU messages) compiled when
 * built: each message becomes Lingui's compiled form (JSON still), so the browser gets no message
 * parser (~6 KB) and does no parsing at start-up. The output stays JSON for Vite's own JSON plugin.
 *
 * A build also gives each message a short id, in the catalogues and in the code that names it
 * ('common.cartDrawer.loginRequired' → '2f'): the long ids are for people, and were about 4 KB of
 * every first visit (in the code and in the catalogue). The code's ids are whole string literals
 * (docs/i18n.md), which is what is replaced; the tests, which run the sources, use the long ones.
 */
function compiledMessages(): Plugin {
  const catalogue = /[\\/]src[\\/]web[\\/]i18n[\\/]messages[\\/](en|ne)[\\/][\w-]+\.json$/;
  const webCode = /[\\/]src[\\/]web[\\/].*\.tsx?$/;
  let short: Map<string, string> | undefined;
  return {
    name: 'pasal:compiled-messages',
    enforce: 'pre',
    configResolved(config) {
      short = config.command === 'build' ? shortMessageIds() : undefined;
    },
    async transform(code, id) {
      if (catalogue.test(id)) {
        const { compileMessage } = await import('@lingui/message-utils/compileMessage');
        const messages = JSON.parse(code) as Record<string, string>;
        const compiled = Object.fromEntries(
          Object.entries(messages).map(([key, message]) => [short?.get(key) ?? key, compileMessage(message)]),
        );
        return { code: JSON.stringify(compiled), map: null };
      }
      if (!short || !webCode.test(id)) return undefined;
      const ids = short;
      const replaced = code.replace(/(['"])([a-z][\w-]*(?:\.[\w-]+)+)\1/g, (literal, quote: string, key: string) => {
        const to = ids.get(key);
        return to === undefined ? literal : `${quote}${to}${quote}`;
      });
      return replaced === code ? undefined : { code: replaced, map: null };
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// `vite build` makes the browser's bundle in dist/web; `vite build --ssr` (npm run build:ssr) makes
// the server's renderer of the same pages in dist/ssr (src/web/entry-server.tsx, ADR 0007). The
// renderer carries its libraries inside (react and the rest are build-time dependencies only) and
// React's production build whatever NODE_ENV the shop is started with.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  resolve: {
    alias: { 'use-sync-external-store/shim': path.resolve(import.meta.dirname, 'src/web/lib/react-sync-external-store.ts') },
  },
  publicDir: isSsrBuild ? false : 'public',
  plugins: [compiledMessages(), react(), tailwindcss(), ...(isSsrBuild ? [] : [compileHints(), serviceWorker(), precompress()])],
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') }, ssr: { noExternal: true } } : {}),
  build: isSsrBuild
    ? {
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        sourcemap: false,
        rolldownOptions: {
          input: path.resolve(import.meta.dirname, 'src/web/entry-server.tsx'),
          output: { entryFileNames: 'entry-server.js' },
        },
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        assetsDir: 'assets',
        // .vite/manifest.json: the server reads it to preload a page's own chunks with its HTML.
        manifest: true,
        sourcemap: false,
        rolldownOptions: {
          treeshake: {
            // Building a zod schema has no side effects: an unused schema (src/shared/store.ts beside the
            // store defaults the footer needs) must not pull zod into the first-visit bundle.
            manualPureFunctions: ['z'],
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/sitemap.xml': apiTarget,
    },
  },
}));
