import {
  DICTIONARY_MAX,
  type DictionaryEntry,
  SEARCH_WORDS_MESSAGES,
  type SearchSuggestions,
  type SuggestedCategory,
} from '../../../../shared/search-words.js';
import type { AppContext } from '../../../context.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { type Actor, recordAudit } from '../../audit/service.js';
import * as cq from '../category-queries.js';
import type { Db } from '../queries.js';
import { bumpCatalogVersion } from '../queries.js';
import * as q from './queries.js';

/**
 * A search that finds nothing as typed is not a dead end (ADR 0037): its words are put in the
 * catalogue's terms (the dictionary, the categories' Nepali names) and a word with one typo is
 * corrected against the catalogue's known words (catalog_words); when even that finds nothing,
 * the nearest known words and categories are suggested. Every step reads a few index entries:
 * a word's one-edit variants are probed in the words' primary key, no product is read.
 */

/** A word shorter than this is not corrected: one edit of a short word is too often another word. */
const TYPO_MIN_LENGTH = 4;
/** Longest phrase of the dictionary looked up in a search ("power bank"). */
const PHRASE_WORDS_MAX = 3;
const SUGGESTED_WORDS_MAX = 6;
const SUGGESTED_CATEGORIES_MAX = 6;
const LATIN = /^[a-z0-9]+$/;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A word's variants one edit away, most likely first: two letters swapped, one letter replaced,
 * one left out, one added (latin letters and digits only: the known words are).
 */
export function oneEditAway(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i + 1 < word.length; i++) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  for (let i = 0; i < word.length; i++) for (const c of ALPHABET) out.add(word.slice(0, i) + c + word.slice(i + 1));
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  for (let i = 0; i <= word.length; i++) for (const c of ALPHABET) out.add(word.slice(0, i) + c + word.slice(i));
  out.delete(word);
  return [...out].filter((variant) => variant.length >= 3);
}

/** A search put in the catalogue's words: `words` to search, and per typed word its nearest known words. */
export interface Rewritten {
  words: string[];
  near: string[];
}

/**
 * The search's words in the catalogue's terms: the longest dictionary phrase at each place is
 * replaced by its term; a word the catalogue does not know is replaced by its first known
 * variant one edit away. `near`: those variants, for suggestions.
 */
export async function rewriteSearch(db: Db, typed: string[]): Promise<Rewritten> {
  const phrases: string[] = [];
  for (let i = 0; i < typed.length; i++) {
    for (let n = 1; n <= PHRASE_WORDS_MAX && i + n <= typed.length; n++) phrases.push(typed.slice(i, i + n).join(' '));
  }
  const terms = await q.termsOf(db, [...new Set(phrases)]);
  const words: string[] = [];
  const pending: { at: number; word: string }[] = [];
  for (let i = 0; i < typed.length;) {
    let n = Math.min(PHRASE_WORDS_MAX, typed.length - i);
    while (n > 0 && !terms.has(typed.slice(i, i + n).join(' '))) n--;
    if (n > 0) {
      words.push(terms.get(typed.slice(i, i + n).join(' '))!);
      i += n;
    } else {
      pending.push({ at: words.length, word: typed[i]! });
      words.push(typed[i]!);
      i += 1;
    }
  }
  const near: string[] = [];
  const candidates = pending.filter(({ word }) => LATIN.test(word) && word.length >= TYPO_MIN_LENGTH);
  if (candidates.length === 0) return { words, near };
  const known = await q.knownWords(
    db,
    candidates.map(({ word }) => word),
  );
  for (const { at, word } of candidates) {
    if (known.has(word)) continue;
    const variants = oneEditAway(word);
    const found = await q.knownWords(db, variants);
    const ordered = variants.filter((variant) => found.has(variant));
    if (ordered.length > 0) words[at] = ordered[0]!;
    near.push(...ordered);
  }
  return { words, near };
}

/**
 * Suggestions for a search that found nothing: known words near its words (one edit away, then
 * those sharing their first letters), and the categories whose names share a word's beginning
 * with the search; with none of those, the shop's top categories, so the page is never a dead end.
 */
export async function suggestionsFor(db: Db, typed: string[], rewritten: Rewritten): Promise<SearchSuggestions> {
  const words = new Set(rewritten.near);
  for (const word of [...new Set([...typed, ...rewritten.words])]) {
    if (words.size >= SUGGESTED_WORDS_MAX) break;
    if (!LATIN.test(word) || word.length < 3) continue;
    for (const found of await q.wordsFrom(db, word.slice(0, 3), SUGGESTED_WORDS_MAX)) words.add(found);
  }
  for (const word of typed) words.delete(word);

  const { categories, subs } = await cq.loadTree(db);
  const searched = [...new Set([...typed, ...rewritten.words.flatMap((word) => word.split(' '))])];
  const near = (name: string) => {
    const nameWords = name
      .normalize('NFKC')
      .toLowerCase()
      .split(/[^\p{L}\p{M}\p{N}]+/u)
      .filter(Boolean);
    return nameWords.some((nameWord) =>
      searched.some((word) => {
        const stem = Math.min(4, word.length, nameWord.length);
        return stem >= 3 && nameWord.slice(0, stem) === word.slice(0, stem);
      }),
    );
  };
  const byId = new Map(categories.map((category) => [category.id, category]));
  const found: SuggestedCategory[] = [];
  const add = (node: SuggestedCategory) => {
    if (
      found.length < SUGGESTED_CATEGORIES_MAX &&
      !found.some((f) => f.category === node.category && f.subcategory === node.subcategory)
    ) {
      found.push(node);
    }
  };
  const nepali = (value: string | null) => (value ? { nameNe: value } : {});
  for (const category of categories) {
    if (near(category.name) || (category.name_ne && near(category.name_ne))) {
      add({ name: category.name, ...nepali(category.name_ne), category: category.name });
    }
  }
  for (const sub of subs) {
    const parent = byId.get(sub.category_id);
    if (parent && (near(sub.name) || (sub.name_ne && near(sub.name_ne)))) {
      add({ name: sub.name, ...nepali(sub.name_ne), category: parent.name, subcategory: sub.name });
    }
  }
  if (found.length === 0) {
    for (const category of categories) add({ name: category.name, ...nepali(category.name_ne), category: category.name });
  }
  return { words: [...words].slice(0, SUGGESTED_WORDS_MAX), categories: found };
}

/** The owner's side of the dictionary: list, set a word's term, remove a word; each write audited. */
export class SearchDictionaryService {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<{ entries: DictionaryEntry[] }> {
    const rows = await q.dictionary(this.ctx.db);
    return { entries: rows.map(toEntry) };
  }

  /** Makes the word's entry, or changes its term. Searches cached before it are started afresh. */
  async set(word: string, term: string, actor: Actor): Promise<DictionaryEntry> {
    const now = this.ctx.clock.now().toISOString();
    return this.ctx.db.transaction().execute(async (trx) => {
      const before = await q.dictionaryEntry(trx, { word });
      let id: number;
      if (before) {
        id = Number(before.id);
        await q.updateEntry(trx, id, term, now);
      } else {
        const count = await trx
          .selectFrom('search_dictionary')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= DICTIONARY_MAX) throw conflict(SEARCH_WORDS_MESSAGES.full);
        id = await q.insertEntry(trx, word, term, now);
      }
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'searchWord.set',
        entityType: 'searchWord',
        entityId: id,
        summary: word,
        changes: { term: [before?.term ?? null, term] },
        at: now,
      });
      await bumpCatalogVersion(trx);
      return { id, word, term, updatedAt: now };
    });
  }

  async remove(id: number, actor: Actor): Promise<{ id: number }> {
    const now = this.ctx.clock.now().toISOString();
    return this.ctx.db.transaction().execute(async (trx) => {
      const before = await q.dictionaryEntry(trx, { id });
      if (!before) throw notFound(SEARCH_WORDS_MESSAGES.notFound);
      await q.deleteEntry(trx, id);
      await recordAudit(trx, {
        adminId: actor.adminId,
        action: 'searchWord.delete',
        entityType: 'searchWord',
        entityId: id,
        summary: before.word,
        changes: { term: [before.term, null] },
        at: now,
      });
      await bumpCatalogVersion(trx);
      return { id };
    });
  }
}

function toEntry(row: { id: number; word: string; term: string; updated_at: string }): DictionaryEntry {
  return { id: Number(row.id), word: row.word, term: row.term, updatedAt: row.updated_at };
}
