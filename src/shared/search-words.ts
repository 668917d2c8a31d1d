import { z } from 'zod';

/**
 * Search without dead ends (ADR 0037).
 *
 * A product page of a search that found nothing as typed may answer with what it searched for
 * instead (`searchedFor`: the words with a typo corrected against the catalogue's words, or a
 * Nepali word put in the catalogue's English term) and, when that finds nothing either,
 * `suggestions`: the nearest known words and categories, for the storefront to link.
 *
 *   GET    /api/admin/search-dictionary      → { entries: DictionaryEntry[] } (catalogue writers)
 *   PUT    /api/admin/search-dictionary      { word, term } → DictionaryEntry (made, or its term changed)
 *   DELETE /api/admin/search-dictionary/:id  → { id }
 */

/** A suggested category: its names, and the list's address parts for it. */
export const suggestedCategorySchema = z.object({
  name: z.string(),
  nameNe: z.string().optional(),
  category: z.string(),
  subcategory: z.string().optional(),
});
export type SuggestedCategory = z.infer<typeof suggestedCategorySchema>;

export const searchSuggestionsSchema = z.object({
  words: z.array(z.string()),
  categories: z.array(suggestedCategorySchema),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

/** Longest word or phrase, and term, of the dictionary. */
export const DICTIONARY_TEXT_MAX = 60;
/** Most entries the dictionary holds: a search looks its phrases up in it, and the admin lists it whole. */
export const DICTIONARY_MAX = 1000;

/** A text as the search compares it: NFKC, lower case, its words of letters, marks and digits, one space apart. */
export function searchPhrase(text: string): string {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  ).join(' ');
}

export const SEARCH_WORDS_MESSAGES = {
  wordRequired: 'Word must have letters or digits',
  termRequired: 'Term must have letters or digits',
  tooLong: `Must be at most ${DICTIONARY_TEXT_MAX} characters`,
  sameWord: 'The term must differ from the word',
  full: `The dictionary holds at most ${DICTIONARY_MAX} words`,
  notFound: 'Dictionary word not found',
} as const;

const phrase = (required: string) =>
  z
    .string({ error: required })
    .max(DICTIONARY_TEXT_MAX, SEARCH_WORDS_MESSAGES.tooLong)
    .transform(searchPhrase)
    .refine((value) => value.length > 0, required);

export const dictionaryBodySchema = z
  .object({ word: phrase(SEARCH_WORDS_MESSAGES.wordRequired), term: phrase(SEARCH_WORDS_MESSAGES.termRequired) })
  .refine((body) => body.word !== body.term, { message: SEARCH_WORDS_MESSAGES.sameWord, path: ['term'] });
export type DictionaryBody = z.input<typeof dictionaryBodySchema>;

export const dictionaryEntrySchema = z.object({ id: z.number(), word: z.string(), term: z.string(), updatedAt: z.string() });
export type DictionaryEntry = z.infer<typeof dictionaryEntrySchema>;
export const dictionarySchema = z.object({ entries: z.array(dictionaryEntrySchema) });
