import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countProducts } from '../../src/server/features/catalog/listing/counts.js';
import { searchTerms } from '../../src/server/features/catalog/listing/filter.js';
import { pageIds } from '../../src/server/features/catalog/listing/queries.js';
import { FEW_MATCHES_MAX, SEARCH_RESULTS_MAX, fewMatchesPage } from '../../src/server/features/catalog/listing/search.js';
import { bumpCatalogVersion } from '../../src/server/features/catalog/queries.js';
import { type TestApp, buildTestApp, usingPostgres } from '../helpers/app.js';
import { adminToken, createPath } from '../helpers/catalog.js';

type Page = { products: { id: number; name: string }[]; total: number; totalAtLeast?: boolean };

const BRANDS = ['Asus', 'Lenovo', 'Sony', 'Anker'];
const KINDS = ['Pro', 'Probook', 'Max', 'Mini', 'Lite'];
const COLOURS = ['Blue', 'Black', 'Silver', 'Gaming'];

/**
 * On PostgreSQL a search alone reads its name matches from the names' words index (migration 021,
 * ADR 0024) instead of the GIN index and the rows. Whatever index answers, a search lists the same
 * products in the same order: checked against the reading from the GIN indexes (pageIds and
 * countProducts without the words), with more name matches than a search lists, words that are
 * prefixes of others ("pro", "probook"), stemmed words ("gaming"), hyphenated names and sold-out
 * products; and the index follows every product write (rename, archive, restore, stock, delete).
 */
describe('search from the names’ words index', () => {
  let t: TestApp;
  let token: string;
  let categoryId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    token = await adminToken(t);
    await createPath(t, token, 'Gadgets');
    categoryId = (await t.app.ctx.db.selectFrom('categories').select('id').executeTakeFirstOrThrow()).id;
    const start = new Date('2026-01-01T00:00:00Z').getTime();
    const rows = Array.from({ length: 720 }, (_, i) => {
      const words = [BRANDS[i % 4], KINDS[(i >> 2) % 5], COLOURS[(i * 7) % 4]];
      if (i % 9 === 0) words.push('USB-C');
      if (i % 5 === 0) words.push(KINDS[(i >> 3) % 5]);
      if (i % 2 === 0) words.push(i % 6 === 0 ? 'Edition Special Edition' : 'Edition');
      const name = `${words.join(' ')} ${i}`;
      const at = new Date(start + i * 60_000).toISOString();
      return {
        name,
        name_sort: name.toLowerCase(),
        description: i % 3 === 0 ? 'A pro choice in blue for gaming.' : 'Plain.',
        price_paisa: 10_000 + i,
        category_id: categoryId,
        is_featured: 0,
        stock: i % 11 === 0 ? 0 : 5,
        created_at: at,
        updated_at: at,
      };
    });
    for (let i = 0; i < rows.length; i += 200)
      await t.app.ctx.db
        .insertInto('products')
        .values(rows.slice(i, i + 200))
        .execute();
  });
  afterAll(async () => t.close());

  const api = async (q: string, page: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}&page=${page}&pageSize=24` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };

  /** The listing as read from the GIN indexes and the rows, a page of 24 at a time. */
  const fromGin = async (q: string) => {
    const { db, dialect } = t.app.ctx;
    const filter = { search: searchTerms(q) };
    const total = await countProducts(db, dialect, filter);
    const ids: number[] = [];
    for (let offset = 0; offset < Math.min(total, SEARCH_RESULTS_MAX); offset += 24) {
      ids.push(...(await pageIds(db, dialect, filter, 'relevance', 24, offset, { matches: total })));
    }
    return { total, ids };
  };

  const listed = async (q: string) => {
    const ids: number[] = [];
    let total = 0;
    for (let page = 1; page <= Math.ceil(SEARCH_RESULTS_MAX / 24); page++) {
      const answer = await api(q, page);
      total = answer.total + (answer.totalAtLeast ? 1 : 0);
      ids.push(...answer.products.map((p) => p.id));
      if (answer.products.length < 24) break;
    }
    return { total, ids };
  };

  /** [search, listed at least]. */
  const queries: [string, number][] = [
    ['pro', SEARCH_RESULTS_MAX], // names with "pro" or "probook", more than a search lists
    ['pro blue', 50], // two words, the last a prefix
    ['blue pro', 50],
    ['asus pro', 50], // "pro" whole: "probook" does not match it
    ['gaming', SEARCH_RESULTS_MAX], // stemmed ("game")
    ['gam', SEARCH_RESULTS_MAX],
    ['usb', 80], // in "USB-C" names
    ['usb c', 80],
    ['lenovo gaming pro', 10],
    ['the pro', SEARCH_RESULTS_MAX], // a stop word
    ['choice', 200], // in descriptions only
    ['blue choice', 50],
    ['mini', 150],
    ['zzz', 0],
  ];

  for (const [q, atLeast] of queries) {
    it(`lists "${q}" as the GIN indexes do`, async () => {
      const expected = await fromGin(q);
      expect(expected.ids.length).toBeGreaterThanOrEqual(atLeast);
      const actual = await listed(q);
      expect(actual.total).toBe(expected.total);
      expect(actual.ids).toEqual(expected.ids);
    });
  }

  it('sorts a search of a few hundred matches read whole (PostgreSQL) as one read in order from the indexes', async () => {
    const { db, dialect } = t.app.ctx;
    for (const q of ['edition', 'gaming', 'blue choice']) {
      const expected = await fromGin(q);
      const search = searchTerms(q);
      const total = await countProducts(db, dialect, { search });
      // More matches than a search lists, and more name matches in stock than it ranks ("edition").
      if (q === 'edition') expect(total).toBe(SEARCH_RESULTS_MAX + 1);
      const sorted: number[] = [];
      for (let offset = 0; offset < expected.ids.length; offset += 24) {
        const page =
          dialect === 'postgres'
            ? await fewMatchesPage(db, { search }, 'relevance', 24, offset)
            : { matches: total, ids: await pageIds(db, dialect, { search }, 'relevance', 24, offset, { matches: total }) };
        expect(page.matches).toBeLessThanOrEqual(FEW_MATCHES_MAX);
        sorted.push(...page.ids);
      }
      expect(sorted, q).toEqual(expected.ids);
    }
  });

  it('lists more name matches than a search lists, newest ranked, those in stock first', async () => {
    const first = await api('pro', 1);
    expect(first.totalAtLeast).toBe(true);
    expect(first.products.every((p) => /\bpro/i.test(p.name))).toBe(true);
    // More matches than are read whole: PostgreSQL counts them past the limit and leaves the page unsorted.
    const { db, dialect } = t.app.ctx;
    if (dialect === 'postgres') {
      expect(await fewMatchesPage(db, { search: searchTerms('pro') }, 'relevance', 24, 0)).toEqual({
        matches: FEW_MATCHES_MAX + 1,
        ids: [],
      });
    }
  });

  it('follows renames, archiving, restoring, stock and deletion', async () => {
    const { db } = t.app.ctx;
    const [product] = (await api('lenovo', 1)).products;
    expect(product).toBeDefined();
    const id = product!.id;
    // An update keeps a product's images (a product has at least one).
    await db.insertInto('product_images').values({ product_id: id, position: 0, base_name: 'test-image' }).execute();
    const names = async (q: string) => (await listed(q)).ids;
    const patch = async (body: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await patch({ name: 'Quokka Pro Special' });
    expect(await names('quokka')).toEqual([id]);
    expect(await names('special quok')).toEqual([id]);
    expect(await names('lenovo')).not.toContain(id);
    expect((await fromGin('pro')).ids).toEqual((await listed('pro')).ids);

    await patch({ stock: 0 });
    expect((await fromGin('pro')).ids).toEqual((await listed('pro')).ids);
    await patch({ stock: 3 });
    expect((await fromGin('pro')).ids).toEqual((await listed('pro')).ids);

    const archive = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(archive.statusCode, archive.body).toBeLessThan(300);
    expect(await names('quokka')).toEqual([]);
    const restore = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${id}/restore`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await names('quokka')).toEqual([id]);
    // Deleted outright in SQL (no catalogue write of the shop's own: the version is bumped by hand).
    await db.deleteFrom('product_images').where('product_id', '=', id).execute();
    await db.deleteFrom('products').where('id', '=', id).execute();
    await bumpCatalogVersion(db);
    expect(await names('quokka')).toEqual([]);

    if (usingPostgres()) {
      // The index holds exactly the words of the live products' names, each with its stock part.
      const { rows } = await sql<{ missing: number; extra: number }>`
        with expected as (
          select w.word, p.sold_out, p.id as product_id from products p
          cross join lateral unnest(tsvector_to_array(p.name_search)) as w(word)
          where p.deleted_at is null and position('-' in w.word) = 0
        )
        select (select count(*) from (select * from expected except select * from product_name_words) as m)::integer as missing,
          (select count(*) from (select * from product_name_words except select * from expected) as e)::integer as extra`.execute(
        db,
      );
      expect(rows[0]).toEqual({ missing: 0, extra: 0 });
      // Every word of every product's name and description is in the vocabulary (migration 022).
      const unknown = await sql<{ n: number }>`select count(*)::integer as n from products p
        cross join lateral unnest(tsvector_to_array(p.search)) as w(word)
        where not exists (select 1 from search_words s where s.word = w.word)`.execute(db);
      expect(unknown.rows[0]?.n).toBe(0);
      expect(await names('quokk')).toEqual([]);
    }
  });
});
