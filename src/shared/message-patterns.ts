import { toNepaliDigits } from './locale.js';

/**
 * Catalogues of translations keyed by the English text (gettext style): the server's error
 * messages (src/server/i18n/errors-ne.ts) and the shared schemas' validation messages
 * (validation-ne.ts). A key may name variable parts as `{name}`: it then matches any English
 * text of that shape ("Only {stock} of "{name}" left in stock"), and its translation gets the
 * parts it names. A part may also stand for an English plural ending ("minute{s}") that the
 * translation leaves out. Numbers and rupee amounts in the parts are written in the language's
 * digits ("5" → "५", "Rs. 10" → "रू १०"); other text (product names, addresses) stays as it is.
 */
export type MessageCatalogue = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{(\w+)\}/g;
const NUMBER = /^[-+]?\d[\d,]*(\.\d+)?$/;
const RUPEES = /^Rs\. ([-+]?\d[\d,]*(\.\d+)?)$/;

/** The names of the `{name}` parts of a key or a translation, in order. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

/** What a key with `{name}` parts matches: its fixed text exactly, any text for each part. */
export function patternRegExp(key: string): RegExp {
  const fixed = key.split(PLACEHOLDER).filter((_, index) => index % 2 === 0);
  return new RegExp(`^${fixed.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('([\\s\\S]*?)')}$`);
}

/** A variable part as the Nepali text shows it: numbers and amounts in Devanagari digits. */
function nepaliValue(value: string): string {
  const rupees = RUPEES.exec(value);
  if (rupees) return `रू ${toNepaliDigits(rupees[1]!)}`;
  return NUMBER.test(value) ? toNepaliDigits(value) : value;
}

interface Pattern {
  regExp: RegExp;
  names: string[];
  translation: string;
  /** Length of the key's fixed text: the most specific key is tried first. */
  weight: number;
}

/**
 * A lookup over catalogues (the first that has a text wins): the exact key first, then the
 * patterns, the most specific first. Undefined when no key matches.
 */
export function nepaliLookup(...catalogues: MessageCatalogue[]): (english: string) => string | undefined {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const catalogue of catalogues) {
    for (const [key, translation] of Object.entries(catalogue)) {
      const names = placeholders(key);
      if (names.length === 0) {
        if (!exact.has(key)) exact.set(key, translation);
        continue;
      }
      patterns.push({ regExp: patternRegExp(key), names, translation, weight: key.replace(PLACEHOLDER, '').length });
    }
  }
  patterns.sort((a, b) => b.weight - a.weight);
  return (english) => {
    const found = exact.get(english);
    if (found !== undefined) return found;
    for (const pattern of patterns) {
      const match = pattern.regExp.exec(english);
      if (!match) continue;
      const values = new Map(pattern.names.map((name, index) => [name, match[index + 1] ?? '']));
      return pattern.translation.replace(PLACEHOLDER, (whole, name: string) =>
        values.has(name) ? nepaliValue(values.get(name)!) : whole,
      );
    }
    return undefined;
  };
}
