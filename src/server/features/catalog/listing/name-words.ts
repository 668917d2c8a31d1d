import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../queries.js';
import type { ProductFilter } from './filter.js';

/**
 * PostgreSQL: a search's name matches read from product_name_words (migration 021, ADR 0024), a
 * B-tree of (word, stock part, product id): the newest products whose names have every word are
 * read from the index alone, newest first, and the reading stops at what the page needs. Only a
 * search with no other filter is read this way (a category or a price is on the products' rows,
 * and is read as before, from the GIN indexes and the rows).
 */

/** The last word of a search is a prefix; past this many words beginning with it, the GIN index answers. */
export const PREFIX_WORDS_MAX = 16;

/**
 * A search's words as the names' index holds them: one list per search word, the word itself
 * (as name_search stems it: "gaming" → "game") or, for the last word, the words beginning with
 * it. An empty list: no name can match.
 */
export interface NameWords {
  terms: string[][];
  /** The products of the search word with the fewest, in both stock parts, counted up to nameWordsOf's `countUpTo`. */
  fewest: number;
}

/**
 * The name words of a search, or undefined when the names' index cannot answer it as the GIN
 * index would: a word that the text search splits into several (to_tsquery would then ask for a
 * phrase), a prefix that begins more than PREFIX_WORDS_MAX words, or only stop words.
 */
export async function nameWordsOf(db: Db, search: string[], countUpTo: number): Promise<NameWords | undefined> {
  const { rows } = await sql<{ i: number; words: string[]; n: number }>`
    select x.i, x.words,
      (select count(*) from (select 1 from product_name_words w where w.word = any(x.words) limit ${countUpTo}) as c)::integer as n
    from (
      select t.i::integer as i,
        case when t.i = ${search.length} then array(select product_name_words_from(l.lexeme, ${PREFIX_WORDS_MAX + 1}))
          else array[l.lexeme] end as words
      from unnest(${search}::text[]) with ordinality as t(term, i)
      cross join lateral unnest(tsvector_to_array(to_tsvector('english', t.term))) as l(lexeme)
    ) as x`.execute(db);
  const terms = new Map<number, { words: string[]; n: number }>();
  for (const row of rows) {
    // A search word the text search splits (several lexemes), or a prefix of too many words.
    if (terms.has(row.i) || row.words.length > PREFIX_WORDS_MAX) return undefined;
    terms.set(row.i, { words: row.words, n: row.n });
  }
  if (terms.size === 0) return undefined;
  const lists = [...terms.values()];
  const fewest = Math.min(...lists.map((term) => term.n));
  return { terms: fewest === 0 ? [] : lists.map((term) => term.words), fewest };
}

/** The name words of a filter that is a search alone, within one stock part; else undefined. */
export function nameWordsFor(filter: ProductFilter): (NameWords & { soldOut: 0 | 1 }) | undefined {
  const { nameWords, soldOut, search: _search, ...others } = filter;
  if (!nameWords || soldOut === undefined || Object.values(others).some((value) => value !== undefined)) return undefined;
  return { ...nameWords, soldOut };
}

/**
 * Ids of the live products of one stock part whose names have every search word, newest first
 * (the caller adds LIMIT and OFFSET). Each whole word's entries are read in id order from the
 * index alone and the words are joined on the id: PostgreSQL merges the ordered scans and stops
 * at the LIMIT, or, with the words' statistics, probes a rare word's products for a common one.
 * A prefix of several words, alone, is one ordered scan per word, merged, each leaving out the
 * products an earlier one listed (a scalar subquery probed per entry: NOT EXISTS read and sorted
 * every entry of the earlier words). Beside whole words it is a semi-join: merged in order, it was
 * read to its end whenever the words rarely meet ("red bluetooth": 14 600 entries, each probed).
 */
export function nameMatchesSql({ terms, soldOut }: NameWords & { soldOut: 0 | 1 }): RawBuilder<{ id: number }> {
  const part = sql.lit(soldOut);
  const whole = terms.filter((words) => words.length === 1).map(([word]) => word!);
  const prefixes = terms.filter((words) => words.length > 1);
  if (terms.length === 0) return sql`select null::integer as id where false`;
  if (whole.length === 0) {
    const words = prefixes[0]!;
    const scans = words.map((word, i) => {
      const earlier =
        i > 0
          ? sql` and (select true from product_name_words o where o.word = any(${words.slice(0, i)}::text[])
              and o.sold_out = ${part} and o.product_id = x.product_id limit 1) is null`
          : sql``;
      return sql`(select x.product_id from product_name_words x where x.word = ${word} and x.sold_out = ${part}${earlier}
        order by x.product_id desc)`;
    });
    return sql`select t0.product_id as id from (${sql.join(scans, sql` union all `)}) as t0 order by t0.product_id desc`;
  }
  const joined = whole.map((word, i) => {
    const scan = sql`(select product_id from product_name_words where word = ${word} and sold_out = ${part}) as ${sql.raw(`t${i}`)}`;
    return i === 0 ? scan : sql` join ${scan} on ${sql.raw(`t${i}`)}.product_id = t0.product_id`;
  });
  const semi = prefixes.map(
    (words) => sql` and exists (select 1 from product_name_words o
      where o.word = any(${words}::text[]) and o.sold_out = ${part} and o.product_id = t0.product_id)`,
  );
  return sql`select t0.product_id as id from ${sql.join(joined, sql``)} where true${semi.length > 0 ? sql.join(semi, sql``) : sql``}
    order by t0.product_id desc`;
}

/** The name matches of both stock parts, counted up to `atMost`. */
export async function countNameMatches(db: Db, words: NameWords, atMost: number): Promise<number> {
  const both = sql`select id from (${nameMatchesSql({ ...words, soldOut: 0 })}) as a
    union all select id from (${nameMatchesSql({ ...words, soldOut: 1 })}) as b`;
  const { rows } = await sql<{ n: number }>`select count(*)::integer as n from (${both} limit ${atMost}) as m`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
