import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, imageVariant, parseImages } from '../../src/shared/catalog.js';
import { createTestDatabase, usingPostgres } from '../helpers/app.js';
import { makeImage, multipart } from '../helpers/catalog.js';
import { startNginx, type RunningNginx } from '../helpers/nginx.js';
import {
  type ServerProcess,
  type TestShopper,
  auditOrders,
  deliveryFields,
  insertProducts,
  makeShopperIn,
  openServerDatabase,
  startServerProcess,
} from '../helpers/orders.js';
import { freePort, stopChild } from '../helpers/processes.js';
import { startS3, type TestBucket } from '../helpers/s3.js';
import { TcpProxy } from '../helpers/tcp-proxy.js';
import { MailCatcher } from '../helpers/smtp.js';

/**
 * Three shop processes on one PostgreSQL database and one S3 bucket, behind
 * nginx with the repository's deploy/nginx.conf, act as one shop; one of them killed in the middle
 * of a burst of checkouts loses nothing, doubles nothing, oversells nothing, and rejoins.
 */
describe.runIf(usingPostgres())('three processes behind nginx', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let bucket: TestBucket;
  let mail: MailCatcher;
  let nginx: RunningNginx;
  const ports: number[] = [];
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let env: Record<string, string>;
  let base: string;
  /** The processes reach PostgreSQL through this proxy, so a test can take the database away. */
  let proxy: TcpProxy;
  let viaProxy: string;

  const startShop = (index: number) =>
    startServerProcess({
      dataDir: dataDirs[index]!,
      databaseUrl: viaProxy,
      env: { ...env, PORT: String(ports[index]) },
      startTimeoutMs: 60_000,
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(database.databaseUrl!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    target.port = String(await proxy.start());
    viaProxy = target.toString();
    bucket = await startS3();
    mail = new MailCatcher();
    const nginxPort = await freePort();
    for (let i = 0; i < 3; i += 1) {
      ports.push(await freePort());
      dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-node-')));
    }
    env = {
      ...bucket.env,
      SMTP_URL: await mail.start(),
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      TRUST_PROXY: '1',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'owner password 1',
      REGISTER_PER_IP_MINUTE: '10000',
      REGISTER_PER_IP_HOUR: '10000',
      // Each shopper places an order per round of the burst.
      MAX_OPEN_ORDERS: '1000',
    };
    // The first migrates; the others start together after it.
    servers.push(await startShop(0));
    servers.push(...(await Promise.all([startShop(1), startShop(2)])));
    nginx = await startNginx({ listenPort: nginxPort, upstreamPorts: ports });
    base = nginx.baseUrl;
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(servers.map((server) => stopChild(server.child)));
    await mail?.stop();
    await bucket?.stop();
    await proxy?.stop();
    await database?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const json = async (url: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    const res = await fetch(`${base}${url}`, { ...init, headers });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };

  it('is one shop through nginx: register, verify, log in, upload, browse, add to cart, check out', async () => {
    // A shopper registers and verifies through whichever processes nginx picks.
    const email = 'cluster.shopper@example.com';
    const password = 'cluster password';
    const registered = await json('/api/users/register', {
      method: 'POST',
      body: JSON.stringify({
        firstName: 'Sita',
        lastName: 'Shrestha',
        email,
        phoneNumber: '9841000001',
        password,
        confirmPassword: password,
      }),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const userId = registered.body.userId as number;
    const verified = await json('/api/users/verify-otp', {
      method: 'POST',
      body: JSON.stringify({ userId, otp: await mail.otpFor(email) }),
    });
    expect(verified.status).toBe(200);
    const token = (await json('/api/users/login', { method: 'POST', body: JSON.stringify({ emailOrPhone: email, password }) }))
      .body.token as string;

    // The owner creates a category and a product with two images.
    const admin = (
      await json('/api/admin/login', {
        method: 'POST',
        body: JSON.stringify({ username: 'owner', password: 'owner password 1' }),
      })
    ).body.token as string;
    expect((await json('/api/category', { method: 'POST', body: JSON.stringify({ name: 'Phones' }), token: admin })).status).toBe(
      201,
    );
    const form = await multipart(
      { name: 'Cluster Phone', description: 'A phone', price: '25000', category: 'Phones', stock: '5' },
      [
        { name: 'front.png', type: 'image/png', data: await makeImage({ format: 'png', width: 900, height: 900 }) },
        { name: 'back.jpg', type: 'image/jpeg', data: await makeImage({ format: 'jpeg', width: 900, height: 700 }) },
      ],
    );
    const uploaded = await fetch(`${base}/api/products/`, {
      method: 'POST',
      body: new Uint8Array(form.payload),
      headers: { ...form.headers, authorization: `Bearer ${admin}` },
    });
    expect(uploaded.status).toBe(201);
    const product = (await uploaded.json()) as Product;

    // Every image loads from every process (they share the bucket), and through nginx.
    for (const address of parseImages(product.images)) {
      for (const width of [320, 640, 1024]) {
        const variant = imageVariant(address, width);
        for (const port of ports) {
          const res = await fetch(`http://127.0.0.1:${port}${variant}`);
          expect(res.status, `${port} ${variant}`).toBe(200);
          expect(
            Buffer.from(await res.arrayBuffer())
              .subarray(8, 12)
              .toString('latin1'),
          ).toBe('WEBP');
        }
        expect((await fetch(`${base}${variant}`)).status).toBe(200);
      }
    }

    // Browsing sees it on every process at once (the catalogue version is shared).
    for (let i = 0; i < 6; i += 1) {
      const list = await json('/api/products?q=cluster');
      expect(list.body.total).toBe(1);
    }
    const page = await fetch(`${base}/products/${product.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Cluster Phone');

    // Cart and checkout, each call to whichever process.
    const added = await json('/api/cart/add-to-cart', {
      method: 'POST',
      body: JSON.stringify({ userId, productId: product.id, quantity: 2 }),
      token,
    });
    expect([200, 201]).toContain(added.status);
    const order = await json('/api/orders/create', {
      method: 'POST',
      body: JSON.stringify({ userId, totalAmount: 50000, cartItems: [], ...deliveryFields() }),
      headers: { 'Idempotency-Key': 'cluster-first-order' },
      token,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const mine = await json(`/api/orders/user/${userId}`, { token });
    expect(mine.body.orders).toHaveLength(1);
    // A logout on one process ends the session on all.
    expect((await json('/api/users/logout', { method: 'POST', body: '{}', token })).status).toBe(200);
    for (const port of ports) {
      const res = await fetch(`http://127.0.0.1:${port}/api/users/findUser/${userId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(401);
    }
  }, 120_000);

  it('loses, doubles and oversells nothing when a process is killed mid-burst, and takes it back', async () => {
    const SHOPPERS = 50;
    const ROUNDS = 4;
    const SCARCE = 60;
    const db = openServerDatabase({ dataDir: dataDirs[0]!, databaseUrl: database.databaseUrl });
    try {
      const [scarceId, plentyId] = await insertProducts(db.db, [
        { name: 'Last units', pricePaisa: 150_000, stock: SCARCE },
        { name: 'Plenty', pricePaisa: 20_000, stock: 10_000 },
      ]);
      const initialStock = new Map([
        [scarceId!, SCARCE],
        [plentyId!, 10_000],
      ]);
      const shoppers: TestShopper[] = [];
      for (let i = 0; i < SHOPPERS; i += 1) shoppers.push(await makeShopperIn(db.db, db.sessions, { firstName: `Burst${i}` }));

      let answered = 0;
      let killed: ServerProcess | undefined;
      const victim = servers[1]!;
      /** One checkout, retried with the same Idempotency-Key until it has a definite answer. */
      const checkout = async (shopper: TestShopper, round: number) => {
        const now = new Date().toISOString();
        await db.db.deleteFrom('cart_items').where('user_id', '=', shopper.userId).execute();
        await db.db
          .insertInto('cart_items')
          .values(
            [scarceId!, plentyId!].map((productId) => ({
              user_id: shopper.userId,
              product_id: productId,
              quantity: 1,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
        const key = `burst-${shopper.userId}-${round}`;
        // Retried for a while, not a number of times: on a loaded machine the survivors can stay
        // busy (503) for seconds after the kill, and only a definite answer ends the checkout.
        const giveUpAt = Date.now() + 30_000;
        let lastStatus = 0;
        for (let attempt = 0; Date.now() < giveUpAt; attempt += 1) {
          let status: number;
          let body: { order?: { id: string }; code?: string } = {};
          try {
            const res = await fetch(`${base}/api/orders/create`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}`, 'Idempotency-Key': key },
              body: JSON.stringify({ userId: shopper.userId, totalAmount: 1700, cartItems: [], ...deliveryFields() }),
            });
            status = res.status;
            body = (await res.json().catch(() => ({}))) as typeof body;
          } catch {
            status = 0;
          }
          if (status === 201 || status === 409) {
            answered += 1;
            if (answered === 60 && !killed) {
              killed = victim;
              victim.child.kill('SIGKILL');
            }
            return { key, userId: shopper.userId, status, orderId: body.order?.id, attempts: attempt + 1 };
          }
          // Cut off (502 from nginx, a reset) or busy: the same key again, a moment later.
          lastStatus = status;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return { key, userId: shopper.userId, status: -1, orderId: undefined, attempts: -1, lastStatus };
      };
      const outcomes = (
        await Promise.all(
          shoppers.map(async (shopper) => {
            const mine = [];
            for (let round = 0; round < ROUNDS; round += 1) mine.push(await checkout(shopper, round));
            return mine;
          }),
        )
      ).flat();

      expect(killed).toBeDefined();
      expect((await victim.exited).signal).toBe('SIGKILL');
      expect(outcomes).toHaveLength(SHOPPERS * ROUNDS);
      // Every checkout got a definite answer.
      expect(outcomes.filter((outcome) => outcome.status !== 201 && outcome.status !== 409)).toEqual([]);
      const placed = outcomes.filter((outcome) => outcome.status === 201);
      // Exactly the scarce units were sold: several raced for the last ones.
      expect(placed).toHaveLength(SCARCE);

      const audit = await auditOrders(db.db, initialStock);
      expect(audit.problems).toEqual([]);
      const orders = await db.db
        .selectFrom('orders')
        .select(['id', 'user_id', 'idempotency_key'])
        .where('idempotency_key', 'like', 'burst-%')
        .execute();
      // None lost, none doubled: one order per acknowledged checkout, and no other.
      expect(orders.map((order) => order.id).sort()).toEqual(placed.map((outcome) => outcome.orderId!).sort());
      expect(new Set(orders.map((order) => order.idempotency_key)).size).toBe(orders.length);
      const stock = await db.db.selectFrom('products').select('stock').where('id', '=', scarceId!).executeTakeFirstOrThrow();
      expect(stock.stock).toBe(0);

      // The killed process comes back on its port and nginx sends it work again.
      servers[1] = await startShop(1);
      expect((await fetch(`http://127.0.0.1:${ports[1]}/api/ready`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      const statuses = await Promise.all(Array.from({ length: 30 }, async () => (await fetch(`${base}/api/ready`)).status));
      expect(statuses.every((status) => status === 200)).toBe(true);
    } finally {
      await db.close();
    }
  }, 240_000);

  it('answers 503 while PostgreSQL is away and serves fully when it is back, with no process restarted', async () => {
    const pids = servers.map((server) => server.child.pid);
    const browse = async () => (await fetch(`${base}/api/products?page=1`)).status;
    expect(await browse()).toBe(200);
    await proxy.cut();
    const away = await Promise.all(Array.from({ length: 6 }, () => fetch(`${base}/api/ready`)));
    for (const res of away) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
    }
    // Alive all the same: the balancer's liveness check does not restart them.
    for (const port of ports) expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    await proxy.restore();
    await expect.poll(browse, { timeout: 20_000, interval: 250 }).toBe(200);
    const after = await Promise.all(Array.from({ length: 12 }, () => fetch(`${base}/api/ready`)));
    expect(after.map((res) => res.status)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(servers.map((server) => server.child.pid)).toEqual(pids);
    expect(servers.every((server) => server.child.exitCode === null)).toBe(true);
  }, 60_000);
});
