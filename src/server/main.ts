import v8 from 'node:v8';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { ensureBootstrapAdmin } from './features/admin/bootstrap.js';
import { CatalogService } from './features/catalog/service.js';

/**
 * Memory (docs/decisions/0005-server-memory.md). Under a steady stream of requests V8 grows its
 * young generation to 16 MB semi-spaces, and lets the old generation fill up to about four times
 * what is live before it collects it (its growing factor rises with throughput): a server with
 * ~40 MB of live objects peaked at 270-280 MB RSS on 100 000 products. Two flags keep it near
 * 180 MB at the same requests per second and CPU per request: the young generation stays at its
 * starting size (more, smaller scavenges), and the old generation may grow by half of what is live
 * after a full collection. A flag given on the node command line wins.
 */
function boundHeapGrowth(): void {
  const given = (name: string) => process.execArgv.some((arg) => arg.includes(name));
  if (!given('semi-space')) v8.setFlagsFromString('--semi-space-growth-factor=1');
  if (!given('heap-growing-percent')) v8.setFlagsFromString('--heap-growing-percent=50');
}

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
  await ensureBootstrapAdmin(app.ctx, app.log);
  // The demo seeder and its picture maker (sharp) are loaded only for an empty catalogue: start-up stays lean.
  if (config.seedDemo && (await new CatalogService(app.ctx).isEmpty())) {
    const { seedDemoCatalogue } = await import('./features/catalog/seed/seed-demo.js');
    await seedDemoCatalogue(app.ctx, app.log);
  }

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
}

main().catch((error: unknown) => {
  console.error('Pasal failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
