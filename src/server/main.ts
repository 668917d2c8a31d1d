import type { Kysely } from 'kysely';
import { buildApp } from './app.js';
import { withStartupLock } from './db/startup-lock.js';
import { ConfigError, loadConfig, PAYMENT_SANDBOX_WARNING } from './config.js';
import { ensureBootstrapAdmin } from './features/admin/bootstrap.js';
import { CatalogService } from './features/catalog/service.js';
import { boundHeapGrowth } from './lib/heap-flags.js';
import { trustProxyWarning } from './lib/trust-proxy-warning.js';

async function main(): Promise<void> {
  boundHeapGrowth();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });
  // Several processes starting together on one PostgreSQL database: one creates the first admin and
  // the demo catalogue, the others wait and find them there.
  await withStartupLock(app.ctx.db as Kysely<unknown>, app.ctx.dialect, async () => {
    await ensureBootstrapAdmin(app.ctx, app.log);
    // The demo seeder and its picture maker (sharp) are loaded only for an empty catalogue: start-up stays lean.
    if (config.seedDemo && (await new CatalogService(app.ctx).isEmpty())) {
      const { seedDemoCatalogue } = await import('./features/catalog/seed/seed-demo.js');
      await seedDemoCatalogue(app.ctx, app.log);
    }
  });

  // SIGTERM/SIGINT: stop taking requests, let those in flight finish, then close the database.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const bound = app.server.address();
  const proxyWarning = trustProxyWarning({ ...config, port: typeof bound === 'object' && bound ? bound.port : config.port });
  if (proxyWarning) app.log.warn(proxyWarning);
  // Fake payments must never go unnoticed: the operator reads it in capitals at every start.
  if (config.payments.sandbox) app.log.warn(PAYMENT_SANDBOX_WARNING);
}

main().catch((error: unknown) => {
  console.error('Pasal failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
