/**
 * A large catalogue for scale tests, on the server's own database (same environment as `npm start`):
 *
 *   npm run seed -- --products N [--reset] [--reviews M]
 *
 * Seeds the demo catalogue when the catalogue is empty, then adds N synthesized products spread
 * over the whole tree (see features/catalog/seed/bulk.ts). --reset first removes the whole
 * catalogue (products, pictures, categories); it is refused while any order exists. --reviews M
 * then adds M synthesized reviews over the live products (features/reviews/seed.ts); their orders
 * make a later --reset refused, so scale tests seed a fresh database.
 * Exit codes: 0 done, 1 failed or refused, 2 bad usage.
 * During development: `npx tsx src/server/cli/seed.ts --products 1000`.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { SeedRefused, seedBulkCatalogue } from '../features/catalog/seed/bulk.js';
import { seedReviews } from '../features/reviews/seed.js';
import { type CliIo, runWhenInvoked } from './entry.js';

export const SEED_USAGE = [
  'Usage:',
  '  npm run seed -- --products N [--reset] [--reviews M]',
  '',
  '  --products N  add N synthesized products (0 to 1 000 000) after the demo catalogue',
  '  --reset       first remove the whole catalogue (refused while any order exists)',
  '  --reviews M   then add M synthesized reviews (0 to 10 000 000) over the live products',
  '',
  'The database is the one the server uses (DATA_DIR, or DATABASE_URL).',
].join('\n');

export const SEED_PRODUCTS_MAX = 1_000_000;
export const SEED_REVIEWS_MAX = 10_000_000;

export type SeedCommand = { products: number; reset: boolean; reviews?: number } | { help: true };

/** Parses the arguments after `--`; returns an error text for bad usage. */
export function parseSeedArgs(args: readonly string[]): SeedCommand | { error: string } {
  let products: number | undefined;
  let reviews: number | undefined;
  let reset = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === '--help' || arg === '-h' || arg === 'help') return { help: true };
    if (arg === '--reset') {
      reset = true;
      continue;
    }
    let value: string | undefined;
    if (arg === '--reviews' || arg.startsWith('--reviews=')) {
      const text = (arg === '--reviews' ? (args[(i += 1)] ?? '') : arg.slice('--reviews='.length)).replace(/[_,]/g, '');
      if (!/^\d{1,8}$/.test(text) || Number(text) > SEED_REVIEWS_MAX) {
        return { error: `--reviews needs a whole number from 0 to ${SEED_REVIEWS_MAX}.` };
      }
      reviews = Number(text);
      continue;
    }
    if (arg === '--products') {
      value = args[i + 1];
      i += 1;
    } else if (arg.startsWith('--products=')) {
      value = arg.slice('--products='.length);
    } else {
      return { error: `Unknown argument '${arg}'.` };
    }
    const text = (value ?? '').replace(/[_,]/g, '');
    if (!/^\d{1,7}$/.test(text) || Number(text) > SEED_PRODUCTS_MAX) {
      return { error: `--products needs a whole number from 0 to ${SEED_PRODUCTS_MAX}.` };
    }
    products = Number(text);
  }
  if (products === undefined && reviews === undefined) return { error: 'Say how many products with --products N.' };
  return { products: products ?? 0, reset, ...(reviews === undefined ? {} : { reviews }) };
}

/** A logger for createContext that only reports warnings and errors. */
function quietLogger(io: CliIo): FastifyBaseLogger {
  const say = (...parts: unknown[]) =>
    io.stderr(parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' '));
  const quiet = () => undefined;
  const logger = {
    level: 'warn',
    fatal: say,
    error: say,
    warn: say,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => logger,
  };
  return logger as never as FastifyBaseLogger;
}

/** Runs one CLI invocation and returns its exit code; everything it says goes through `io`. */
export async function runSeedCli(args: readonly string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const parsed = parseSeedArgs(args);
  if ('error' in parsed) {
    io.stderr(`${parsed.error}\n\n${SEED_USAGE}`);
    return 2;
  }
  if ('help' in parsed) {
    io.stdout(SEED_USAGE);
    return 0;
  }

  let config;
  try {
    // ADMIN_* and SEED_DEMO mean something to the server only; this tool seeds the demo itself.
    config = loadConfig({ ...env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined, SEED_DEMO: 'false' });
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr(error.message);
      return 1;
    }
    throw error;
  }

  const where = config.databaseUrl ? 'the PostgreSQL database in DATABASE_URL' : path.join(config.dataDir, 'pasal.sqlite');
  const ctx = await createContext(config, quietLogger(io));
  try {
    io.stdout(
      `Seeding ${parsed.products.toLocaleString('en-US')} products into ${where}${parsed.reset ? ' (after --reset)' : ''}`,
    );
    const result = await seedBulkCatalogue(
      ctx,
      { products: parsed.products, reset: parsed.reset },
      { progress: (line) => io.stdout(`  ${line}`) },
    );
    io.stdout(
      `Done: added ${result.inserted.toLocaleString('en-US')} products in ${(result.ms / 1000).toFixed(1)} s; ` +
        `the catalogue has ${result.liveProducts.toLocaleString('en-US')} live products.`,
    );
    if (parsed.reviews) {
      const started = performance.now();
      const seeded = await seedReviews(ctx, parsed.reviews, (line) => io.stdout(`  ${line}`));
      io.stdout(
        `Done: added ${seeded.inserted.toLocaleString('en-US')} reviews by ${seeded.reviewers.toLocaleString('en-US')} ` +
          `reviewers in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      );
    }
    return 0;
  } catch (error) {
    io.stderr(error instanceof SeedRefused ? error.message : `Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await ctx.close();
  }
}

runWhenInvoked(import.meta.url, runSeedCli);
