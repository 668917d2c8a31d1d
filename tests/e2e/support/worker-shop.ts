import { inject } from 'vitest';
import type { WorkerShop } from './constants.js';

/**
 * The shop this test file talks to. The global setup starts one shop per test worker, and vitest
 * numbers its workers 1…maxWorkers (VITEST_POOL_ID), no two files at once under the same number:
 * two files running side by side never share a database, a mailbox or an admin's settings, and a
 * file sees only the files before it in its own worker, as when they all ran one after another.
 */
export function workerShop(): WorkerShop {
  const shops = inject('shops');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const shop = shops[(worker - 1) % shops.length];
  if (!shop) throw new Error(`no shop for test worker ${worker} (${shops.length} started)`);
  return shop;
}
