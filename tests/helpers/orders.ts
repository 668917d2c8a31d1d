import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../src/server/db/client.js';
import type { Database } from '../../src/server/db/schema.js';
import { CatalogService } from '../../src/server/features/catalog/service.js';
import { systemClock } from '../../src/server/lib/clock.js';
import { SessionService } from '../../src/server/lib/sessions.js';
import { TokenService } from '../../src/server/lib/tokens.js';
import type { CheckoutFormInput } from '../../src/shared/orders.js';
import type { TestApp } from './app.js';
import { entryPointArgs } from './processes.js';
import { newUserId } from '../../src/server/features/accounts/user-ids.js';

/**
 * Helpers for the cart and order tests: shoppers and products made through the data layer
 * (no argon2, no image processing), carts filled directly, and the checkout body.
 */

export interface TestShopper {
  userId: number;
  token: string;
  email: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let sequence = 0;
const unique = () => `${process.pid % 10000}${(sequence += 1)}${crypto.randomBytes(2).toString('hex')}`;

/** Inserts a shopper (verified unless told otherwise) and starts a session for them. */
export async function makeShopperIn(
  db: Kysely<Database>,
  sessions: SessionService,
  options: { verified?: boolean; firstName?: string; lastName?: string; email?: string; phoneNumber?: string } = {},
): Promise<TestShopper> {
  const tag = unique();
  const now = new Date().toISOString();
  const firstName = options.firstName ?? 'Sita';
  const lastName = options.lastName ?? 'Sharma';
  const email = options.email ?? `buyer.${tag}@example.com`;
  const phoneNumber = options.phoneNumber ?? `98${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
  const row = await db
    .insertInto('users')
    .values({
      id: newUserId(),
      first_name: firstName,
      last_name: lastName,
      email,
      phone_number: phoneNumber,
      password_hash: 'unused',
      email_verified: options.verified === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await sessions.start('user', row.id);
  return { userId: row.id, token, email, phoneNumber, firstName, lastName };
}

export function makeShopper(t: TestApp, options: Parameters<typeof makeShopperIn>[2] = {}): Promise<TestShopper> {
  return makeShopperIn(t.app.ctx.db, t.app.ctx.sessions, options);
}

export interface TestProduct {
  id: number;
  name: string;
  price: number;
  pricePaisa: number;
  stock: number | null;
  category: string;
}

const categoryIds = new WeakMap<object, Map<string, number>>();

/** A category by name, created once per app. */
export async function categoryId(t: TestApp, name = 'Gaming Gear'): Promise<number> {
  let byName = categoryIds.get(t.app);
  if (!byName) {
    byName = new Map();
    categoryIds.set(t.app, byName);
  }
  const known = byName.get(name);
  if (known !== undefined) return known;
  const { category } = await new CatalogService(t.app.ctx).createCategory(name);
  byName.set(name, category.id);
  return category.id;
}

/** A 32-hex image base name stored on the product (no files are written: the API only lists addresses). */
export const fakeImageBase = () => crypto.randomBytes(16).toString('hex');

/** Inserts a product through the catalogue's bulk path (no image processing). price in rupees; stock null = untracked. */
export async function makeProduct(
  t: TestApp,
  options: {
    name?: string;
    price?: number;
    pricePaisa?: number;
    stock?: number | null;
    category?: string;
    images?: string[];
  } = {},
): Promise<TestProduct> {
  const category = options.category ?? 'Gaming Gear';
  const pricePaisa = options.pricePaisa ?? Math.round((options.price ?? 1500) * 100);
  const name = options.name ?? `Product ${unique()}`;
  const stock = options.stock === undefined ? 10 : options.stock;
  const [id] = await new CatalogService(t.app.ctx).insertProductsBulk([
    {
      name,
      description: `${name} description`,
      pricePaisa,
      categoryId: await categoryId(t, category),
      stock,
      imageBaseNames: options.images ?? [fakeImageBase()],
    },
  ]);
  return { id: id!, name, price: pricePaisa / 100, pricePaisa, stock, category };
}

/** Puts lines straight into a shopper's cart (bypassing the API's stock checks). */
export async function fillCart(
  db: Kysely<Database>,
  userId: number,
  lines: { productId: number; quantity: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  const now = new Date().toISOString();
  await db
    .insertInto('cart_items')
    .values(
      lines.map((line) => ({
        user_id: userId,
        product_id: line.productId,
        quantity: line.quantity,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

export function deliveryFields(overrides: Partial<CheckoutFormInput> = {}): CheckoutFormInput {
  return {
    fullName: 'Sita Sharma',
    phone: '9841234567',
    province: 'Bagmati',
    district: 'Kathmandu',
    city: 'Kathmandu Metropolitan City',
    address: 'Thamel Marg 12',
    landmark: 'Near Garden of Dreams',
    paymentMethod: 'cod',
    ...overrides,
  };
}

/** The body of POST /api/orders/create. */
export function orderBody(userId: number, totalAmount: number | string, overrides: Record<string, unknown> = {}) {
  return { userId, totalAmount, cartItems: [], ...deliveryFields(), ...overrides };
}

export async function stockOf(db: Kysely<Database>, productId: number): Promise<number | null> {
  const row = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
  return row.stock;
}

export async function countRows(
  db: Kysely<Database>,
  table: 'orders' | 'order_items' | 'cart_items' | 'order_status_history',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Every order is whole (has lines; stored total = sum of unit price × quantity) and stock adds
 * up: for each product, initial stock = current stock + units its live order lines hold.
 */
export async function auditOrders(
  db: Kysely<Database>,
  initialStock: Map<number, number>,
): Promise<{ orders: number; problems: string[] }> {
  const problems: string[] = [];
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'total_paisa', 'subtotal_paisa', 'discount_paisa', 'delivery_fee_paisa', 'status'])
    .execute();
  const items = await db
    .selectFrom('order_items')
    .select(['order_id', 'product_id', 'unit_price_paisa', 'quantity', 'stock_reserved'])
    .execute();
  const byOrder = new Map<string, typeof items>();
  for (const item of items) byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
  for (const order of orders) {
    const lines = byOrder.get(order.id) ?? [];
    if (lines.length === 0) problems.push(`${order.id} has no lines`);
    const sum = lines.reduce((acc, line) => acc + Number(line.unit_price_paisa) * line.quantity, 0);
    if (sum !== Number(order.subtotal_paisa))
      problems.push(`${order.id}: subtotal ${order.subtotal_paisa} != sum of lines ${sum}`);
    const total = Number(order.subtotal_paisa) - Number(order.discount_paisa) + Number(order.delivery_fee_paisa);
    if (total !== Number(order.total_paisa))
      problems.push(`${order.id}: total ${order.total_paisa} != subtotal - discount + delivery ${total}`);
  }
  for (const [productId, initial] of initialStock) {
    const stock = await stockOf(db, productId);
    const held = items.filter((item) => item.product_id === productId).reduce((acc, item) => acc + item.stock_reserved, 0);
    if (stock === null || stock < 0) problems.push(`product ${productId}: stock ${stock}`);
    else if (initial !== stock + held) problems.push(`product ${productId}: initial ${initial} != stock ${stock} + held ${held}`);
  }
  return { orders: orders.length, problems };
}

// ---------------------------------------------------------------------------------------------
// The real server as a child process (crash and shutdown tests)

export const SERVER_JWT_SECRET = 'crash-and-shutdown-tests-secret-0123456789abcdef';

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/**
 * Starts the server (`src/server/main.ts`, or its build: entryPointArgs) on a free port with the given data folder (and
 * PostgreSQL database, if any), and waits for its "Server listening" log line.
 */
export async function startServerProcess(options: {
  dataDir: string;
  databaseUrl?: string;
  /** More environment (SMTP_URL, …). */
  env?: Record<string, string>;
  /** How long it may take to listen (one seeding the demo catalogue while others wait takes longer). */
  startTimeoutMs?: number;
}): Promise<ServerProcess> {
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: options.dataDir,
    JWT_SECRET: SERVER_JWT_SECRET,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, entryPointArgs('src/server/main.ts'), {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start within ${startTimeoutMs / 1000} s:\n${output}`)),
      startTimeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Server listening at (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  return { baseUrl, child, exited, output: () => output };
}

/** The test's own handle on the server's database, with a session service minting tokens the server accepts. */
export function openServerDatabase(options: { dataDir: string; databaseUrl?: string }) {
  const handle = openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  const sessions = new SessionService(handle.db, new TokenService(SERVER_JWT_SECRET), systemClock);
  return { ...handle, sessions };
}

/** Inserts a category and products with the given prices (paisa) and stock straight into the database. */
export async function insertProducts(
  db: Kysely<Database>,
  products: { name: string; pricePaisa: number; stock: number | null }[],
): Promise<number[]> {
  const now = new Date().toISOString();
  const category = await db
    .insertInto('categories')
    .values({ name: 'Crash Tests', name_key: `crash tests ${unique()}`, created_at: now, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('products')
    .values(
      products.map((product) => ({
        name: product.name,
        name_sort: product.name.toLowerCase(),
        description: `${product.name} description`,
        price_paisa: product.pricePaisa,
        category_id: category.id,
        sub_category_id: null,
        child_category_id: null,
        is_featured: 0,
        stock: product.stock,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * For buildTestApp: no limit of open orders per shopper or of units per order. For the tests of
 * other rules that place many orders for one shopper or put large quantities in a cart; the
 * limits themselves are tested in order-limits.test.ts.
 */
export const NO_ORDER_LIMITS = { MAX_OPEN_ORDERS: String(2 ** 31 - 1), MAX_UNITS_PER_ORDER: String(2 ** 31 - 1) } as const;
