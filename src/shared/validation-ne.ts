import type { Locale } from './locale.js';

/**
 * Nepali for the validation messages of the shared schemas (src/shared/*.ts, SPEC's texts), keyed
 * by the English text: the server's error answers and the web's forms show them in the page's
 * language. tests/api/i18n-server.test.ts checks that every message of the schemas has one.
 */
export const VALIDATION_NE: Readonly<Record<string, string>> = {};

/** A validation message in `locale` (the English text when it has no Nepali). */
export function validationMessage(message: string, locale: Locale): string {
  return locale === 'ne' ? (VALIDATION_NE[message] ?? message) : message;
}
