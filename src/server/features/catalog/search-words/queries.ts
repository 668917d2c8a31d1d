import { sql } from 'kysely';
import type { Db } from '../queries.js';

/** SQL of the search's own words: the known words (migration 031), the dictionary and the categories' Nepali names. */

/** Of these words, the ones the catalogue knows (catalog_words), in chunks the databases take as parameters. */
export async function knownWords(db: Db, words: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let i = 0; i < words.length; i += 500) {
    const part = words.slice(i, i + 500);
    if (part.length === 0) continue;
    const rows = await db.selectFrom('catalog_words').select('word').where('word', 'in', part).execute();
    for (const row of rows) known.add(row.word);
  }
  return known;
}

/** Known words beginning with a prefix, in order, at most `limit`: one range of the primary key. */
export async function wordsFrom(db: Db, prefix: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('catalog_words')
    .select('word')
    .where('word', '>=', prefix)
    .where('word', '<', `${prefix}\uffff`)
    .orderBy('word')
    .limit(limit)
    .execute();
  return rows.map((row) => row.word);
}

/**
 * The catalogue's term for each of these words or phrases that has one: the dictionary's, else a
 * category node's English name where the phrase is its Nepali name.
 */
export async function termsOf(db: Db, phrases: string[]): Promise<Map<string, string>> {
  const terms = new Map<string, string>();
  if (phrases.length === 0) return terms;
  const nodes = (table: 'categories' | 'sub_categories' | 'child_categories') =>
    sql<{ word: string; term: string }>`select name_ne as word, name as term from ${sql.table(table)}
      where deleted_at is null and name_ne in (${sql.join(phrases)})`;
  const { rows } = await sql<{ word: string; term: string; own: number }>`
    select word, term, 1 as own from search_dictionary where word in (${sql.join(phrases)})
    union all select word, term, 0 as own from (${nodes('categories')}) as c
    union all select word, term, 0 as own from (${nodes('sub_categories')}) as s
    union all select word, term, 0 as own from (${nodes('child_categories')}) as x`.execute(db);
  // The owner's dictionary wins over a category's name.
  for (const row of [...rows].sort((a, b) => Number(a.own) - Number(b.own))) terms.set(row.word, row.term.toLowerCase());
  return terms;
}

export function dictionary(db: Db) {
  return db.selectFrom('search_dictionary').select(['id', 'word', 'term', 'updated_at']).orderBy('word').execute();
}

export function dictionaryEntry(db: Db, by: { id: number } | { word: string }) {
  const query = db.selectFrom('search_dictionary').select(['id', 'word', 'term', 'updated_at']);
  return ('id' in by ? query.where('id', '=', by.id) : query.where('word', '=', by.word)).executeTakeFirst();
}

export async function insertEntry(db: Db, word: string, term: string, now: string): Promise<number> {
  const row = await db
    .insertInto('search_dictionary')
    .values({ word, term, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateEntry(db: Db, id: number, term: string, now: string): Promise<void> {
  await db.updateTable('search_dictionary').set({ term, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteEntry(db: Db, id: number): Promise<void> {
  await db.deleteFrom('search_dictionary').where('id', '=', id).execute();
}
