import { type Insertable, sql } from 'kysely';
import { openDatabase } from '../../src/server/db/client.js';
import type { OrderItemsTable, OrdersTable } from '../../src/server/db/schema.js';
import { newUserId } from '../../src/server/features/accounts/user-ids.js';
import { random } from '../../src/server/features/catalog/seed/bulk.js';
import { vatIncludedPaisa } from '../../src/shared/payments.js';

/**
 * A year of a busy shop's orders for the dashboard benchmark, bulk-inserted straight into the
 * database of a seeded catalogue (SQLite file in DATA_DIR, or DATABASE_URL), as bench/catalog.ts
 * grows its catalogue: multi-row INSERTs, a few thousand orders per transaction. The triggers of
 * migration 019 keep the dashboard's tables as they would for the shop's own writes.
 *
 * The orders are spread evenly over the last 365 days (a "last 365 days" period holds them all),
 * each with 1–3 lines of products drawn with Zipf weights (a few products sell most, as in a real
 * shop), statuses by age (older orders delivered or cancelled, the last days' pending, confirmed,
 * shipped), 60 % cash on delivery and 40 % eSewa or Khalti with their payment states. Shoppers
 * registered over the last two years. Deterministic: the same seed, the same orders.
 */

export interface OrderSeedResult {
  orders: number;
  lines: number;
  shoppers: number;
  seconds: number;
}

const DAY_MS = 86_400_000;
const ORDERS_PER_TRANSACTION = 2_000;
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
type Status = OrdersTable['status'];

export async function seedOrders(
  target: { dataDir: string; databaseUrl?: string | undefined },
  options: { orders: number; shoppers: number; now: number; seed?: number },
): Promise<OrderSeedResult> {
  const started = performance.now();
  const rand = random(options.seed ?? 21);
  const handle = openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  const db = handle.db;
  try {
    const products = await db
      .selectFrom('products')
      .select(['id', 'name', 'price_paisa'])
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    if (products.length === 0) throw new Error('seed the catalogue first: there are no products to order');
    const category = await db.selectFrom('categories').select('name').orderBy('id').executeTakeFirstOrThrow();
    // Zipf (s = 1) over the products in a shuffled order: product k is bought with weight 1/k.
    const ranked = [...products].sort(() => rand() - 0.5);
    const cumulative: number[] = [];
    ranked.reduce((total, _, k) => {
      cumulative.push(total + 1 / (k + 1));
      return total + 1 / (k + 1);
    }, 0);
    const weightTotal = cumulative.at(-1)!;
    const drawProduct = () => {
      const x = rand() * weightTotal;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (cumulative[mid]! < x) low = mid + 1;
        else high = mid;
      }
      return ranked[low]!;
    };

    // Shoppers first: every order needs one.
    const userIds: number[] = [];
    for (let i = 0; i < options.shoppers; i += 500) {
      const rows = [];
      for (let j = i; j < Math.min(i + 500, options.shoppers); j += 1) {
        const at = new Date(options.now - rand() * 730 * DAY_MS).toISOString();
        const id = newUserId();
        userIds.push(id);
        rows.push({
          id,
          first_name: 'Bench',
          last_name: `Shopper ${j}`,
          email: `bench.shopper.${j}@example.com`,
          phone_number: `98${String(10_000_000 + j).slice(-8)}`,
          password_hash: 'not-a-hash',
          email_verified: rand() < 0.9 ? 1 : 0,
          created_at: at,
          updated_at: at,
        });
      }
      await db.insertInto('users').values(rows).execute();
    }

    let lines = 0;
    let invoice = Number(
      (await db.selectFrom('counters').select('value').where('name', '=', 'invoice').executeTakeFirst())?.value ?? 0,
    );
    for (let first = 0; first < options.orders; first += ORDERS_PER_TRANSACTION) {
      const orders: Insertable<OrdersTable>[] = [];
      const items: Insertable<OrderItemsTable>[] = [];
      for (let n = first; n < Math.min(first + ORDERS_PER_TRANSACTION, options.orders); n += 1) {
        const ageMs = rand() * 365 * DAY_MS;
        const at = new Date(options.now - ageMs).toISOString();
        const id = `ORD-${Array.from({ length: 16 }, () => BASE32[Math.floor(rand() * 32)]).join('')}`;
        const method = rand() < 0.6 ? 'cod' : rand() < 0.62 ? 'esewa' : 'khalti';
        const status = statusByAge(ageMs / DAY_MS, rand());
        let subtotal = 0;
        let vat = 0;
        const count = 1 + Math.floor(rand() ** 2 * 3);
        const chosen = new Set<number>();
        for (let line = 0; line < count; line += 1) {
          const product = drawProduct();
          if (chosen.has(product.id)) continue;
          chosen.add(product.id);
          const quantity = rand() < 0.8 ? 1 : 2 + Math.floor(rand() * 2);
          const price = Number(product.price_paisa);
          subtotal += price * quantity;
          vat += vatIncludedPaisa(price * quantity);
          items.push({
            order_id: id,
            product_id: product.id,
            product_name: product.name,
            category_name: category.name,
            unit_price_paisa: price,
            quantity,
            stock_reserved: 0,
            vat_paisa: vatIncludedPaisa(price * quantity),
          });
        }
        const delivery = subtotal >= 500_000 ? 0 : rand() < 0.7 ? 10_000 : 20_000;
        invoice += 1;
        orders.push({
          id,
          user_id: userIds[Math.floor(rand() * userIds.length)]!,
          status,
          total_paisa: subtotal + delivery,
          subtotal_paisa: subtotal,
          delivery_fee_paisa: delivery,
          vat_paisa: vat + vatIncludedPaisa(delivery),
          invoice_no: invoice,
          payment_method: method,
          payment_status: paymentStatus(method, status, ageMs, rand()),
          payment_ref: null,
          full_name: 'Bench Shopper',
          phone: '9841234567',
          province: 'Bagmati',
          district: rand() < 0.6 ? 'Kathmandu' : 'Kaski',
          city: 'City',
          address: 'Street 1',
          landmark: null,
          idempotency_key: null,
          created_at: at,
          updated_at: at,
        });
      }
      lines += items.length;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < orders.length; i += 200)
          await trx
            .insertInto('orders')
            .values(orders.slice(i, i + 200))
            .execute();
        for (let i = 0; i < items.length; i += 500)
          await trx
            .insertInto('order_items')
            .values(items.slice(i, i + 500))
            .execute();
      });
    }
    // Checkouts after the seed take the next invoice numbers.
    await db.updateTable('counters').set({ value: invoice }).where('name', '=', 'invoice').execute();
    if (target.databaseUrl) await sql`vacuum (analyze)`.execute(db);
    else await sql`analyze`.execute(db);
    return { orders: options.orders, lines, shoppers: options.shoppers, seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}

function statusByAge(days: number, x: number): Status {
  if (days < 1) return x < 0.6 ? 'pending' : x < 0.9 ? 'confirmed' : 'cancelled';
  if (days < 3) return x < 0.1 ? 'pending' : x < 0.4 ? 'confirmed' : x < 0.9 ? 'shipped' : 'cancelled';
  if (days < 7) return x < 0.4 ? 'shipped' : x < 0.9 ? 'delivered' : 'cancelled';
  return x < 0.88 ? 'delivered' : x < 0.98 ? 'cancelled' : 'shipped';
}

function paymentStatus(method: string, status: Status, ageMs: number, x: number): string {
  if (method === 'cod') return 'unpaid';
  if (status === 'cancelled') return x < 0.7 ? 'failed' : x < 0.75 ? 'refund_due' : 'refunded';
  if (status === 'pending' && ageMs < 60 * 60_000) return 'awaiting_payment';
  return 'paid';
}
