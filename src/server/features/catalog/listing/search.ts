import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../../db/client.js';
import type { Db } from '../queries.js';
import { type NameWords, nameMatchesSql, nameWordsFor } from './name-words.js';
import {
  type ListSort,
  ORDER,
  type ProductFilter,
  ftsNameQuery,
  ftsQuery,
  matchQuerySql,
  searchOnly,
  tsQuerySql,
  whereSql,
} from './filter.js';

/**
 * A search lists at most this many results (ten pages of 24), the best first: its count stops
 * here, and its ranking reads at most this many name matches. Ranking (bm25, ts_rank) and
 * counting on PostgreSQL (each match's row is read) cost time for every match, so a common word
 * in a large catalogue was slow to count whole, and even a thousand results slow to rank. Shops
 * cap a broad search the same way (Amazon lists 7 pages of one); a shopper narrows it long
 * before. See ADR 0018; the figures are in docs/benchmarks.md ("Figures behind the code").
 */
export const SEARCH_RESULTS_MAX = 240;

/**
 * PostgreSQL: a search with at most this many matches is read whole from the GIN indexes and
 * sorted (fewMatchesPage); one with more, in order from an index (relevancePageIds). Reading
 * them costs time for every match, wasted when there are more: a higher bound made no search
 * faster, and a word common in descriptions paid for reading matches it did not list.
 */
export const FEW_MATCHES_MAX = 400;

/**
 * PostgreSQL, a search with few matches: every match is read from the GIN indexes and sorted, in
 * the order of pageIds (the products in stock first, each part in the list's order; in relevance
 * order relevancePageIds', the part's newest SEARCH_RESULTS_MAX name matches ranked, then older
 * ones and the description-only matches newest first). Left to itself, PostgreSQL took two
 * common words that rarely go together ("usb asus") for a dense search and walked the whole table
 * in id or price order looking for matches it never found; and the matches in descriptions only
 * were read walking the table newest first.
 * The matches are counted in the same statement, up to FEW_MATCHES_MAX + 1: a search not yet
 * counted is counted and paged by one reading of the index. With more than FEW_MATCHES_MAX the
 * page is not sorted (`ids` is empty): only the count is asked for then (sorting the matches and
 * ranking the best of them was a fifth of the statement, for a page nobody would see).
 */
export async function fewMatchesPage(
  db: Db,
  filter: ProductFilter & { search: string[] },
  sort: ListSort,
  limit: number,
  offset: number,
): Promise<{ matches: number; ids: number[] }> {
  const query = tsQuerySql(filter.search);
  const inName = sql`p.name_search @@ ${matchQuerySql(filter)}`;
  const order =
    sort === 'relevance'
      ? sql`p.in_name desc, p.ranked desc, case when p.ranked then ts_rank(p.search, ${query}) else 0 end desc, p.id desc`
      : ORDER[sort];
  const counted = sql`(select count(*) from matches)`;
  // Those in stock first (migration 016). The page's subquery is only run when the CASE asks for it.
  const { rows } = await sql<{ n: number; ids: number[] | null }>`
    with matches as materialized (
      select p.id, p.search, ${inName} as in_name, p.sold_out, p.created_at, p.selling_price_paisa, p.name_sort
      from products p where ${whereSql('postgres', filter)} limit ${FEW_MATCHES_MAX + 1}
    ), ordered as (
      select m.*, m.in_name and row_number() over (partition by m.sold_out, m.in_name order by m.id desc) <= ${SEARCH_RESULTS_MAX}
        as ranked
      from matches m
    )
    select ${counted}::integer as n, case when ${counted} <= ${FEW_MATCHES_MAX}
        then array(select p.id from ordered p order by p.sold_out, ${order} limit ${limit} offset ${offset}) end as ids`.execute(
    db,
  );
  const row = rows[0];
  return { matches: Number(row?.n ?? 0), ids: (row?.ids ?? []).map(Number) };
}

/**
 * PostgreSQL, a search alone with many name matches: its newest SEARCH_RESULTS_MAX + 1 name
 * matches in stock, counted, and the page of the newest SEARCH_RESULTS_MAX ranked, in one
 * statement from the names' words index (name-words.ts). With more than SEARCH_RESULTS_MAX of
 * them, that page is relevancePageIds' (every listed product is a ranked name match in stock);
 * with fewer, `names` says so and the page is not to be used.
 */
export async function namesInStockPage(
  db: Db,
  words: NameWords,
  search: string[],
  limit: number,
  offset: number,
): Promise<{ names: number; ids: number[] }> {
  const { rows } = await sql<{ n: number; ids: number[] }>`
    with named as materialized (${nameMatchesSql({ ...words, soldOut: 0 })} limit ${SEARCH_RESULTS_MAX + 1})
    select (select count(*) from named)::integer as n,
      array(select m.id from (select id from named order by id desc limit ${SEARCH_RESULTS_MAX}) as m
        order by ts_rank((select p.search from products p where p.id = m.id), ${tsQuerySql(search)}) desc, m.id desc
        limit ${limit} offset ${offset}) as ids`.execute(db);
  const row = rows[0];
  return { names: Number(row?.n ?? 0), ids: (row?.ids ?? []).map(Number) };
}

/** fewMatchesPage's page, for a search known to have at most FEW_MATCHES_MAX matches. */
export async function fewMatchesPageIds(
  db: Db,
  filter: ProductFilter & { search: string[] },
  sort: ListSort,
  limit: number,
  offset: number,
): Promise<number[]> {
  return (await fewMatchesPage(db, filter, sort, limit, offset)).ids;
}

/**
 * Ids of one page of a search in relevance order. Name matches (every word in the name) come
 * first: the newest `window` of them ranked (bm25 on SQLite, where a name that is mostly the words
 * searched ranks first; ts_rank on PostgreSQL, by how often the words occur, a name counting more
 * than a description; ties newest first), then any older ones newest first.
 * The matches in the description only follow, newest first. Each part is read in id order from
 * the index and stops after what the page needs, so a broad search costs about the window, not
 * its matches; with the window at SEARCH_RESULTS_MAX every listed name match is ranked.
 * pageIds calls it for each stock part (filter.soldOut), which ranks its own window.
 */
export async function relevancePageIds(
  db: Db,
  dialect: Dialect,
  filter: ProductFilter & { search: string[] },
  limit: number,
  offset: number,
  window: number,
): Promise<number[]> {
  const { search, ...rest } = filter;
  const read = async (query: RawBuilder<{ id: number }>) => (await query.execute(db)).rows.map((row) => Number(row.id));
  // The name matches newest first (with what ranks them), and the description-only matches.
  // SQLite's rank (bm25, migration 004) can only be read inside the FTS query; PostgreSQL ranks
  // outside, the window's rows only.
  let named: RawBuilder<unknown>;
  let others: RawBuilder<unknown>;
  let ranked: RawBuilder<unknown>;
  if (dialect === 'postgres') {
    // A search alone: the names' words index (migration 021), newest first from the index alone.
    // With other filters, the names' GIN index (migration 013) and the rows: the index of name and
    // description cannot tell a name match, and a word common in descriptions but rare in names
    // read every match to find them.
    const inName = sql`p.name_search @@ ${matchQuerySql(filter)}`;
    const words = nameWordsFor(filter);
    named = words
      ? nameMatchesSql(words)
      : sql`select p.id from products p where ${whereSql(dialect, rest)} and ${inName} order by p.id desc`;
    others = sql`select p.id from products p where ${whereSql(dialect, filter)} and not ${inName} order by p.id desc`;
    ranked = sql`ts_rank((select p.search from products p where p.id = m.id), ${tsQuerySql(search)}) desc, m.id desc`;
  } else {
    const fts = (match: string) =>
      searchOnly(filter)
        ? sql`select rowid as id, rank as r from products_fts where products_fts match ${match} order by rowid desc`
        : sql`select p.id, products_fts.rank as r from products_fts join products p on p.id = products_fts.rowid
            where products_fts match ${match} and ${whereSql(dialect, rest)} order by products_fts.rowid desc`;
    named = fts(ftsNameQuery(search));
    others = fts(`(${ftsQuery(search)}) NOT ${ftsNameQuery(search)}`);
    ranked = sql`m.r, m.id desc`;
  }
  const countNamed = async (atMost: number) =>
    Number((await sql<{ n: number }>`select count(*) as n from (${named} limit ${atMost}) as m`.execute(db)).rows[0]?.n ?? 0);

  const ids: number[] = [];
  // How many name matches there are, once they ran out before the page was full.
  let nameCount: number | undefined;
  const take = async (query: RawBuilder<{ id: number }>, wanted: number) => {
    const got = await read(query);
    ids.push(...got);
    if (got.length < wanted) {
      const at = offset + ids.length;
      nameCount = got.length > 0 ? at : await countNamed(at);
    }
  };
  if (offset < window) {
    const wanted = Math.min(limit, window - offset);
    await take(sql`select m.id from (${named} limit ${window}) as m order by ${ranked} limit ${wanted} offset ${offset}`, wanted);
  }
  if (ids.length < limit && nameCount === undefined) {
    const wanted = limit - ids.length;
    await take(sql`select m.id from (${named} limit ${wanted} offset ${offset + ids.length}) as m`, wanted);
  }
  if (ids.length < limit && nameCount !== undefined) {
    ids.push(
      ...(await read(
        sql`select m.id from (${others} limit ${limit - ids.length} offset ${offset + ids.length - nameCount}) as m`,
      )),
    );
  }
  return ids;
}
