import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/server/db/client.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { createTestDatabase } from '../helpers/app.js';

/**
 * Migration 024 on a shop with orders numbered at checkout: they keep their numbers (dated when
 * placed), those already cancelled get their credit notes in invoice order, the credit-note counter
 * continues after them, and a second payment recorded before counts as a refund due.
 */
describe('migration 024: invoices at the sale, for an existing shop', () => {
  let handle: DbHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await handle?.close();
    await drop?.();
  });

  it('keeps the numbers, voids the cancelled ones with credit notes, and counts earlier second payments', async () => {
    const database = await createTestDatabase();
    drop = () => database.drop();
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-mig-')) });
    const db = handle.db as unknown as Kysely<unknown>;
    await migrateTo(db, '022_search_words');
    const exec = (query: ReturnType<typeof sql>) => query.execute(db);

    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 8, minute)).toISOString();
    await exec(sql`insert into users (id, first_name, last_name, email, phone_number, password_hash, email_verified, created_at, updated_at)
      values (424242, 'Sita', 'Shrestha', 'sita@example.com', '9800000001', 'x', 1, ${at(0)}, ${at(0)})`);
    const orders: Array<[id: string, status: string, payment: string, invoiceNo: number]> = [
      ['ORD-A', 'cancelled', 'refund_due', 1],
      ['ORD-B', 'pending', 'paid', 2],
      ['ORD-C', 'delivered', 'unpaid', 3],
      ['ORD-D', 'cancelled', 'unpaid', 4],
    ];
    for (const [index, [id, status, payment, invoiceNo]] of orders.entries()) {
      await exec(sql`insert into orders (id, user_id, status, total_paisa, subtotal_paisa, delivery_fee_paisa, vat_paisa, invoice_no,
          payment_method, payment_status, full_name, phone, province, district, city, address, created_at, updated_at)
        values (${id}, 424242, ${status}, 110000, 100000, 10000, 12655, ${invoiceNo}, ${payment === 'unpaid' ? 'cod' : 'esewa'},
          ${payment}, 'Sita Shrestha', '9800000001', 'Bagmati', 'Kathmandu', 'Kathmandu', 'Thamel', ${at(index)}, ${at(10 + index)})`);
    }
    await exec(sql`update counters set value = 4 where name = 'invoice'`);
    for (const [reference, status] of [
      ['r1', 'paid'],
      ['r2', 'refund_due'],
    ] as const) {
      await exec(sql`insert into payment_attempts (order_id, method, reference, amount_paisa, status, gateway_ref, created_at, updated_at)
        values ('ORD-B', 'esewa', ${reference}, 110000, ${status}, ${reference}, ${at(1)}, ${at(1)})`);
    }

    await migrateToLatest(db);

    const rows = await sql<{
      id: string;
      invoice_no: number;
      invoice_at: string;
      invoice_void_at: string | null;
      credit_note_no: number | null;
      credit_note_at: string | null;
      extra_refund_paisa: number;
    }>`select id, invoice_no, invoice_at, invoice_void_at, credit_note_no, credit_note_at, extra_refund_paisa from orders order by id`.execute(
      db,
    );
    expect(
      rows.rows.map((row) => ({
        ...row,
        invoice_no: Number(row.invoice_no),
        credit_note_no: row.credit_note_no === null ? null : Number(row.credit_note_no),
        extra_refund_paisa: Number(row.extra_refund_paisa),
      })),
    ).toEqual([
      {
        id: 'ORD-A',
        invoice_no: 1,
        invoice_at: at(0),
        invoice_void_at: at(10),
        credit_note_no: 1,
        credit_note_at: at(10),
        extra_refund_paisa: 0,
      },
      {
        id: 'ORD-B',
        invoice_no: 2,
        invoice_at: at(1),
        invoice_void_at: null,
        credit_note_no: null,
        credit_note_at: null,
        extra_refund_paisa: 110000,
      },
      {
        id: 'ORD-C',
        invoice_no: 3,
        invoice_at: at(2),
        invoice_void_at: null,
        credit_note_no: null,
        credit_note_at: null,
        extra_refund_paisa: 0,
      },
      {
        id: 'ORD-D',
        invoice_no: 4,
        invoice_at: at(3),
        invoice_void_at: at(13),
        credit_note_no: 2,
        credit_note_at: at(13),
        extra_refund_paisa: 0,
      },
    ]);
    const counters = await sql<{ name: string; value: number }>`select name, value from counters order by name`.execute(db);
    expect(counters.rows.map((row) => [row.name, Number(row.value)])).toEqual([
      ['credit_note', 2],
      ['invoice', 4],
      // The short order numbers (migration 041) count the shop's orders too.
      ['order', 1004],
    ]);
  });
});
