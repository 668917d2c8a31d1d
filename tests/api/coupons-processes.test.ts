import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/app.js';
import { stopChild } from '../helpers/processes.js';
import {
  type ServerProcess,
  type TestShopper,
  bearer,
  deliveryFields,
  insertProducts,
  makeShopperIn,
  openServerDatabase,
  startServerProcess,
} from '../helpers/orders.js';

/**
 * One coupon with a single use, 20 shoppers checking out at once through two server processes
 * on one database (the SQLite file, or PostgreSQL): exactly one order gets the discount.
 */
describe('a coupon’s last use across processes', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-coupon-procs-'));
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const server of servers) await stopChild(server.child);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives exactly one discounted order; the others a 409', async () => {
    const where = { dataDir, databaseUrl: database.databaseUrl };
    // The first migrates; the second starts on the migrated database.
    servers.push(await startServerProcess(where));
    servers.push(await startServerProcess(where));
    const db = openServerDatabase(where);
    try {
      const [productId] = await insertProducts(db.db, [{ name: 'Coupon Console', pricePaisa: 5_000_00, stock: 100 }]);
      const now = new Date().toISOString();
      await db.db
        .insertInto('coupons')
        .values({
          code: 'LASTONE',
          type: 'fixed',
          value: 500_00,
          min_subtotal_paisa: null,
          max_discount_paisa: null,
          starts_at: null,
          ends_at: null,
          usage_limit: 1,
          per_customer_limit: null,
          active: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const shoppers: TestShopper[] = [];
      for (let i = 0; i < 20; i += 1) {
        const shopper = await makeShopperIn(db.db, db.sessions, { firstName: `Proc${i}` });
        await db.db
          .insertInto('cart_items')
          .values({ user_id: shopper.userId, product_id: productId!, quantity: 1, created_at: now, updated_at: now })
          .execute();
        shoppers.push(shopper);
      }
      const results = await Promise.all(
        shoppers.map(async (shopper, index) => {
          const res = await fetch(`${servers[index % 2]!.baseUrl}/api/orders/create`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...bearer(shopper.token) },
            body: JSON.stringify({ userId: shopper.userId, totalAmount: 4500, couponCode: 'lastone', ...deliveryFields() }),
          });
          return { status: res.status, body: (await res.json()) as { code?: string; order?: { discount: number } } };
        }),
      );
      const statuses = results.map((result) => result.status).sort();
      expect(
        statuses.filter((status) => status === 201),
        JSON.stringify(results),
      ).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      expect(results.find((result) => result.status === 201)!.body.order!.discount).toBe(500);
      for (const result of results.filter((r) => r.status === 409)) expect(result.body.code).toBe('COUPON_USED_UP');
      const coupon = await db.db
        .selectFrom('coupons')
        .select('used_count')
        .where('code', '=', 'LASTONE')
        .executeTakeFirstOrThrow();
      expect(Number(coupon.used_count)).toBe(1);
      const discounted = await db.db.selectFrom('orders').select('id').where('coupon_code', '=', 'LASTONE').execute();
      expect(discounted).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 180_000);
});
