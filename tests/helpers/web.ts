import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { catalogMetaResolver } from '../../src/server/features/catalog/meta.js';
import { CatalogService } from '../../src/server/features/catalog/service.js';
import { webRoutes } from '../../src/server/features/web/routes.js';
import type { TestApp } from './app.js';

/**
 * The web feature over a test app's shop, with a stand-in for the built index.html (`template`)
 * and other built `files`, and the catalogue's head resolver, as the server wires them; no page renderer. `close()` ends
 * it and removes its folder (not the test app).
 */
export async function catalogWeb(
  t: TestApp,
  template: string,
  /** More built files, by their path under the web root ('assets/x-1.js'). */
  files: Record<string, string | Buffer> = {},
): Promise<{ web: FastifyInstance; close: () => Promise<void> }> {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), template);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(webRoot, name)), { recursive: true });
    fs.writeFileSync(path.join(webRoot, name), content);
  }
  const web = Fastify({ logger: false });
  await web.register(
    webRoutes(t.app.ctx, { root: webRoot, metaResolvers: [catalogMetaResolver(t.app.ctx, new CatalogService(t.app.ctx))] }),
  );
  await web.ready();
  return {
    web,
    close: async () => {
      await web.close();
      fs.rmSync(webRoot, { recursive: true, force: true });
    },
  };
}
