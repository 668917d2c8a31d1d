import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedQueries, PreparedQuery } from '../../src/server/db/client.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { makeProduct } from '../helpers/orders.js';

/** PreparedQuery (db/client.ts): compiled once, run with new values, on SQLite and PostgreSQL alike. */
describe('PreparedQuery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('puts each value where its placeholder is, whatever order the SQL takes them in, and repeats', async () => {
    const a = await makeProduct(t, { name: 'Alpha', price: 10, stock: 5 });
    const b = await makeProduct(t, { name: 'Beta', price: 20, stock: null });
    // Parameters given as (maxPrice, id, name); the SQL reads them as name, id, maxPrice, id.
    const query = new PreparedQuery<{ id: number; name: string }, [maxPaisa: number, id: number, name: string]>(
      'test-order',
      (db, $) =>
        db
          .selectFrom('products')
          .select(['id', 'name'])
          .where((eb) => eb.or([eb('name', '=', $(2)), eb('id', '=', $(1))]))
          .where('price_paisa', '<=', $(0))
          .where('id', '=', $(1)),
    );
    expect(await query.rows(t.app.ctx.db, 5000, a.id, 'Alpha')).toEqual([{ id: a.id, name: 'Alpha' }]);
    expect(await query.rows(t.app.ctx.db, 5000, b.id, 'nobody')).toEqual([{ id: b.id, name: 'Beta' }]);
    expect(await query.rows(t.app.ctx.db, 1000, a.id, 'Alpha')).toEqual([{ id: a.id, name: 'Alpha' }]);
    expect(await query.rows(t.app.ctx.db, 999, a.id, 'Alpha')).toEqual([]);
    expect(await query.first(t.app.ctx.db, 5000, 987_654, 'Alpha')).toBeUndefined();
  });

  it('runs in a transaction (same compiled statement) and sees its writes', async () => {
    const product = await makeProduct(t, { stock: 3 });
    const stock = new PreparedQuery<{ stock: number | null }, [id: number]>('test-stock', (db, $) =>
      db.selectFrom('products').select('stock').where('id', '=', $(0)),
    );
    const setStock = new PreparedQuery<never, [stock: number, id: number]>('test-set-stock', (db, $) =>
      db
        .updateTable('products')
        .set({ stock: $(0) })
        .where('id', '=', $(1)),
    );
    await t.app.ctx.db.transaction().execute(async (trx) => {
      const result = await setStock.execute(trx, 7, product.id);
      expect(Number(result.numAffectedRows)).toBe(1);
      expect(await stock.first(trx, product.id)).toEqual({ stock: 7 });
    });
    expect(await stock.first(t.app.ctx.db, product.id)).toEqual({ stock: 7 });
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        await setStock.execute(trx, 1, product.id);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await stock.first(t.app.ctx.db, product.id)).toEqual({ stock: 7 });
  });

  it('refuses to compile a query with a value that is not a placeholder (it would be frozen in)', async () => {
    const frozen = new PreparedQuery<{ id: number }, [id: number]>('test-frozen', (db, $) =>
      db.selectFrom('products').select('id').where('id', '=', $(0)).where('name', '=', 'fixed'),
    );
    await expect(frozen.rows(t.app.ctx.db, 1)).rejects.toThrow(/not a placeholder/);
    // A literal written into the SQL is fine.
    const literal = new PreparedQuery<{ id: number }, [id: number]>('test-literal', (db, $) =>
      db
        .selectFrom('products')
        .select('id')
        .where('id', '=', $(0))
        .where(sql<boolean>`1 = 1`),
    );
    expect(await literal.rows(t.app.ctx.db, 987_654)).toEqual([]);
  });

  it('PreparedQueries: one compiled query per number of parameters, each value in its place', async () => {
    const a = await makeProduct(t, { name: 'Gamma', price: 10 });
    const b = await makeProduct(t, { name: 'Delta', price: 20 });
    const c = await makeProduct(t, { name: 'Epsilon', price: 30 });
    const names = new PreparedQueries<{ name: string }>('test-names', (db, ids) =>
      db.selectFrom('products').select('name').where('id', 'in', ids).orderBy('id'),
    );
    const byIds = async (ids: number[]) => (await names.rows(t.app.ctx.db, ids)).map((row) => row.name);
    expect(await byIds([c.id, a.id])).toEqual(['Gamma', 'Epsilon']);
    expect(await byIds([b.id])).toEqual(['Delta']);
    expect(await byIds([a.id, b.id, c.id])).toEqual(['Gamma', 'Delta', 'Epsilon']);
    expect(await byIds([b.id, 987_654])).toEqual(['Delta']);
    expect(names.forCount(2)).toBe(names.forCount(2));
    expect(names.forCount(2)).not.toBe(names.forCount(3));
  });
});
