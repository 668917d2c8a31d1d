import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/app.js';
import {
  type ServerProcess,
  type TestShopper,
  auditOrders,
  bearer,
  deliveryFields,
  insertProducts,
  makeShopperIn,
  openServerDatabase,
  startServerProcess,
} from '../helpers/orders.js';

/**
 * Crash safety: a burst of checkouts against the real server process, killed with SIGKILL in
 * the middle, then restarted on the same data. Every order must be whole, every answered order
 * must have survived, each shopper's checkout happened completely or not at all, and stock adds
 * up: initial stock = remaining stock + units held by orders.
 */
describe('checkout survives SIGKILL mid-burst', () => {
  const SHOPPERS = 300;
  const PRODUCTS = 6;
  const STOCK = 40;

  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-crash-'));
    database = await createTestDatabase();
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every order whole and the stock exact', async () => {
    const where = { dataDir, databaseUrl: database.databaseUrl };
    server = await startServerProcess(where);
    const db = openServerDatabase(where);
    try {
      // A deterministic mix of carts over a few scarce products.
      let seed = 20240623;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % n;
      };
      const prices = Array.from({ length: PRODUCTS }, () => 10_000 + random(5_000_000));
      const productIds = await insertProducts(
        db.db,
        prices.map((pricePaisa, index) => ({ name: `Crash Product ${index}`, pricePaisa, stock: STOCK })),
      );
      const initialStock = new Map(productIds.map((id) => [id, STOCK]));

      const shoppers: { shopper: TestShopper; lines: { productId: number; quantity: number }[]; total: number }[] = [];
      for (let i = 0; i < SHOPPERS; i += 1) {
        const shopper = await makeShopperIn(db.db, db.sessions, { firstName: `Burst${i}` });
        const picked = new Set<number>();
        const count = 1 + random(3);
        while (picked.size < count) picked.add(random(PRODUCTS));
        const lines = [...picked].map((index) => ({ productId: productIds[index]!, quantity: 1 + random(2) }));
        const total = lines.reduce((sum, line) => sum + prices[productIds.indexOf(line.productId)]! * line.quantity, 0);
        shoppers.push({ shopper, lines, total });
      }
      const now = new Date().toISOString();
      await db.db
        .insertInto('cart_items')
        .values(
          shoppers.flatMap(({ shopper, lines }) =>
            lines.map((line) => ({
              user_id: shopper.userId,
              product_id: line.productId,
              quantity: line.quantity,
              created_at: now,
              updated_at: now,
            })),
          ),
        )
        .execute();

      // The burst. The process is killed once a few orders have been answered.
      const running = server;
      let answered = 0;
      let created = 0;
      const outcomes = await Promise.all(
        shoppers.map(async ({ shopper, total }) => {
          try {
            const res = await fetch(`${running.baseUrl}/api/orders/create`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...bearer(shopper.token) },
              body: JSON.stringify({ userId: shopper.userId, totalAmount: total / 100, cartItems: [], ...deliveryFields() }),
            });
            const body = (await res.json()) as { order?: { id: string }; code?: string };
            answered += 1;
            if (res.status === 201) created += 1;
            if (created >= 20 || answered >= 150) running.child.kill('SIGKILL');
            return { userId: shopper.userId, status: res.status, orderId: body.order?.id, code: body.code };
          } catch {
            return { userId: shopper.userId, status: 0, orderId: undefined, code: undefined };
          }
        }),
      );
      expect((await running.exited).signal).toBe('SIGKILL');
      const acknowledged = outcomes.filter((outcome) => outcome.status === 201);
      const cutOff = outcomes.filter((outcome) => outcome.status === 0);
      expect(acknowledged.length).toBeGreaterThan(0);
      // The kill really happened mid-burst: some requests never got an answer.
      expect(cutOff.length).toBeGreaterThan(0);
      for (const outcome of outcomes.filter((o) => o.status !== 201 && o.status !== 0)) {
        expect([409, 400], JSON.stringify(outcome)).toContain(outcome.status);
      }

      // Restart on the same data: it comes back and serves the orders it answered.
      server = await startServerProcess(where);
      const restarted = server;
      const health = await fetch(`${restarted.baseUrl}/api/health`);
      expect(health.status).toBe(200);

      const audit = await auditOrders(db.db, initialStock);
      expect(audit.problems).toEqual([]);
      expect(audit.orders).toBeGreaterThanOrEqual(acknowledged.length);

      const orders = await db.db.selectFrom('orders').select(['id', 'user_id']).execute();
      const orderIds = new Set(orders.map((order) => order.id));
      for (const outcome of acknowledged) expect(orderIds.has(outcome.orderId!)).toBe(true);

      // All or nothing per shopper: an order and an empty cart, or no order and the cart as it was.
      const carts = await db.db.selectFrom('cart_items').select(['user_id', 'product_id', 'quantity']).execute();
      for (const { shopper, lines } of shoppers) {
        const theirOrders = orders.filter((order) => order.user_id === shopper.userId);
        const theirCart = carts
          .filter((row) => row.user_id === shopper.userId)
          .map((row) => ({ productId: row.product_id, quantity: row.quantity }))
          .sort((a, b) => a.productId - b.productId);
        expect(theirOrders.length).toBeLessThanOrEqual(1);
        if (theirOrders.length === 1) expect(theirCart).toEqual([]);
        else expect(theirCart).toEqual([...lines].sort((a, b) => a.productId - b.productId));
      }

      const sample = acknowledged[0]!;
      const owner = shoppers.find(({ shopper }) => shopper.userId === sample.userId)!.shopper;
      const read = await fetch(`${restarted.baseUrl}/api/orders/user/${owner.userId}/order/${sample.orderId}`, {
        headers: bearer(owner.token),
      });
      expect(read.status).toBe(200);

      restarted.child.kill('SIGTERM');
      expect((await restarted.exited).code).toBe(0);
    } finally {
      await db.close();
    }
  }, 60_000);
});
