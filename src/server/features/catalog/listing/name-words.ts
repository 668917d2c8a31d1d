import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../queries.js';
import { type ProductFilter, searchOnly } from './filter.js';

/**
 * PostgreSQL, a search's words in two B-trees (ADR 0024). Its name matches are read from
 * product_name_words (migration 021), a B-tree of (word, stock part, product id): the newest
 * products whose names have every word, from the index alone, newest first, the reading stopping at
 * what the page needs. Only a search with no other filter is read this way (a category or a price
 * is on the products' rows, read as before from the GIN indexes and the rows). And the word being
 * typed is spelled out as the words it begins, from search_words (migration 022), for every search.
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
  /** The products of the search word with the fewest, in both stock parts, counted up to searchWordsOf's `countUpTo`. */
  fewest: number;
}

/** A search's words as the indexes hold them (searchWordsOf). */
export interface SearchWords {
  /** Its name words; undefined when the names' index cannot answer it as the GIN index would. */
  names: NameWords | undefined;
  /**
   * The search as tsquery text that matches what to_tsquery of the words as typed matches, the
   * last word's prefix spelled out as the words it begins (migration 022: GIN reads a prefix's
   * whole key range and rechecks every row); undefined: search as typed.
   */
  tsQuery: string | undefined;
}

/** A lexeme as tsquery text: quoted, so it is taken as it is (not parsed or stemmed again). */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The words of a search (searchTerms: letters and digits, the last one being typed) as the names'
 * words index and the GIN index hold them, in one statement: each word as name_search stems it
 * ("gaming" → "game"); for the last one, the words of names and of the whole catalogue that begin
 * with it, and for each word how many names have it (up to `countUpTo`). Undefined parts where the
 * indexes cannot answer as to_tsquery would: a word that the text search splits into several (it
 * would ask for a phrase), a prefix that begins more than PREFIX_WORDS_MAX words, only stop words.
 */
export async function searchWordsOf(db: Db, search: string[], countUpTo: number): Promise<SearchWords> {
  const { rows } = await sql<{ i: number; lexeme: string; words: string[]; n: number; spelled: string[] | null }>`
    select x.i, x.lexeme, x.words, x.spelled,
      (select count(*) from (select 1 from product_name_words w where w.word = any(x.words) limit ${countUpTo}) as c)::integer as n
    from (
      select t.i::integer as i, l.lexeme,
        case when t.i = ${search.length} then array(select product_name_words_from(l.lexeme, ${PREFIX_WORDS_MAX + 1}))
          else array[l.lexeme] end as words,
        case when t.i = ${search.length} then array(select s.word from search_words s
          where s.word >= l.lexeme and starts_with(s.word, l.lexeme) order by s.word limit ${PREFIX_WORDS_MAX + 1}) end as spelled
      from unnest(${search}::text[]) with ordinality as t(term, i)
      cross join lateral unnest(tsvector_to_array(to_tsvector('english', t.term))) as l(lexeme)
    ) as x order by x.i`.execute(db);
  const terms = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    // A search word the text search splits into several lexemes: to_tsquery asks for a phrase.
    if (terms.has(row.i)) return { names: undefined, tsQuery: undefined };
    terms.set(row.i, row);
  }
  if (terms.size === 0) return { names: undefined, tsQuery: undefined };
  const lists = [...terms.values()];
  const tsQuery = lists
    .map((term) => {
      if (!term.spelled) return quoted(term.lexeme);
      if (term.spelled.length === 0 || term.spelled.length > PREFIX_WORDS_MAX) return `${quoted(term.lexeme)}:*`;
      return `(${term.spelled.map(quoted).join(' | ')})`;
    })
    .join(' & ');
  if (lists.some((term) => term.words.length > PREFIX_WORDS_MAX)) return { names: undefined, tsQuery };
  const fewest = Math.min(...lists.map((term) => term.n));
  return { names: { terms: fewest === 0 ? [] : lists.map((term) => term.words), fewest }, tsQuery };
}

/** The name words of a filter that is a search alone, within one stock part; else undefined. */
export function nameWordsFor(filter: ProductFilter): (NameWords & { soldOut: 0 | 1 }) | undefined {
  const { nameWords, soldOut, ...rest } = filter;
  if (!nameWords || soldOut === undefined || !searchOnly(rest)) return undefined;
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
