/**
 * The admin's CSV import and export at shop size, through a real listening server:
 *
 *   npx tsx bench/csv.ts [--rows 10000] [--orders 100000]          (SQLite in a temp folder)
 *   DATABASE_URL=postgres://… npx tsx bench/csv.ts                   (a fresh, empty PostgreSQL database)
 *
 * 1. Products: a CSV of `rows` new products on 3-level category paths, all naming one image in a ZIP;
 *    the preview (dryRun), the apply (creates), and the same file again (updates) are timed.
 *    Target: 10 000 rows in under a minute.
 * 2. Orders: `orders` orders written straight to the tables, then GET /api/admin/orders/export.csv
 *    read over HTTP; the time and the server's heap and RSS growth while it streams are printed (the
 *    export holds a batch of 500, not the file).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { newUserId } from '../src/server/features/accounts/user-ids.js';
import type { Mailer } from '../src/server/lib/mail.js';

const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, orders: { type: 'string', default: '100000' } },
});
const ROWS = Number(args.rows);
const ORDERS = Number(args.orders);
const noMail: Mailer = { send: async () => undefined, close: () => undefined };

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function post(port: number, token: string, url: string, csv: string, zip: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  form.append('images', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'images.zip');
  const started = process.hrtime.bigint();
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, body, seconds: seconds(started) };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-bench-csv-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: 'bench-csv-secret-0123456789abcdefghijklmnopqrstuv',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const app = await buildApp({ config, logger: false, serveWeb: false, mailer: noMail });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const db = app.ctx.db;
    const now = new Date().toISOString();
    const admin = await db
      .insertInto('admins')
      .values({ username: 'bench-admin', password_hash: 'unused', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await app.ctx.sessions.start('admin', admin.id);
    console.log(`database: ${app.ctx.dialect}`);

    // ---- products -------------------------------------------------------------------------
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const zip = zipSync({ 'photo.png': png });
    const lines = ['sku,name,description,category,price,stock,featured,images'];
    for (let i = 0; i < ROWS; i += 1) {
      const path3 = `Bench ${i % 5} > Sub ${i % 20} > Child ${i % 60}`;
      lines.push(
        `BENCH-${i},"Bench product ${i}, नेपाली",A product for the benchmark,${path3},${1000 + i}.50,${i % 50},${i % 7 === 0 ? 'yes' : 'no'},photo.png`,
      );
    }
    const csv = `\uFEFF${lines.join('\r\n')}\r\n`;
    console.log(`products CSV: ${ROWS} rows, ${mb(Buffer.byteLength(csv))}`);

    const preview = await post(port, token, '/api/admin/products/import?dryRun=1', csv, zip);
    console.log(
      `preview (dryRun): ${preview.status}, ${preview.seconds.toFixed(2)} s, creates ${String(preview.body.creates)}, errors ${String(preview.body.errorRows)}`,
    );
    const created = await post(port, token, '/api/admin/products/import', csv, zip);
    console.log(`apply, ${ROWS} creates: ${created.status}, ${created.seconds.toFixed(2)} s`);
    const updated = await post(
      port,
      token,
      '/api/admin/products/import',
      csv.replace(/A product for/g, 'Still a product for'),
      zip,
    );
    console.log(`apply, ${ROWS} updates: ${updated.status}, ${updated.seconds.toFixed(2)} s`);

    // ---- orders ---------------------------------------------------------------------------
    const user = await db
      .insertInto('users')
      .values({
        id: newUserId(),
        first_name: 'सीता',
        last_name: 'शर्मा',
        email: 'bench.buyer@example.com',
        phone_number: '9841000000',
        password_hash: 'unused',
        email_verified: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const started = Date.UTC(2024, 0, 1);
    for (let i = 0; i < ORDERS; i += 500) {
      const batch = [];
      for (let j = i; j < Math.min(ORDERS, i + 500); j += 1) {
        const at = new Date(started + j * 60_000).toISOString();
        batch.push({
          id: `B${String(j).padStart(9, '0')}`,
          user_id: user.id,
          status: 'delivered' as const,
          total_paisa: 150_000 + j,
          subtotal_paisa: 140_000 + j,
          delivery_fee_paisa: 10_000,
          vat_paisa: 16_106,
          payment_method: 'cod',
          payment_status: 'paid',
          full_name: 'सीता शर्मा',
          phone: '9841000000',
          province: 'Bagmati',
          district: 'Kathmandu',
          city: 'Kathmandu',
          address: 'Thamel',
          created_at: at,
          updated_at: at,
        });
      }
      await db.insertInto('orders').values(batch).execute();
    }
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const rssBefore = process.memoryUsage().rss;
    let heapPeak = heapBefore;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      heapPeak = Math.max(heapPeak, usage.heapUsed);
      rssPeak = Math.max(rssPeak, usage.rss);
    }, 20);
    const exportStart = process.hrtime.bigint();
    let firstByte = 0;
    const { bytes, chunks } = await new Promise<{ bytes: number; chunks: number }>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port, path: '/api/admin/orders/export.csv', headers: { authorization: `Bearer ${token}` } },
          (res) => {
            let total = 0;
            let count = 0;
            res.on('data', (chunk: Buffer) => {
              if (count === 0) firstByte = seconds(exportStart);
              total += chunk.length;
              count += 1;
            });
            res.on('end', () => resolve({ bytes: total, chunks: count }));
            res.on('error', reject);
          },
        )
        .on('error', reject);
    });
    clearInterval(sampler);
    console.log(
      `orders export: ${ORDERS} orders, ${mb(bytes)} in ${chunks} chunks, first byte ${(firstByte * 1000).toFixed(0)} ms, ` +
        `all in ${seconds(exportStart).toFixed(2)} s; heap +${mb(heapPeak - heapBefore)} at most, RSS +${mb(rssPeak - rssBefore)} at most`,
    );
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
