import fs from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

/**
 * The web app's message catalogue (src/web/i18n/messages, docs/i18n.md): both languages have the same
 * ids, every id belongs to its area, every message is valid ICU, Nepali uses no value English does not
 * give it and keeps every markup tag, and no message is left unused. (A missing English id is a type
 * error where it is used: MessageId in src/web/lib/i18n.tsx.)
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const MESSAGES = path.join(ROOT, 'src/web/i18n/messages');
const LOCALES = ['en', 'ne'] as const;

function readArea(locale: string, file: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(MESSAGES, locale, file), 'utf8')) as Record<string, string>;
}

const areaFiles = fs.readdirSync(path.join(MESSAGES, 'en')).filter((file) => file.endsWith('.json'));
const catalogue = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    Object.fromEntries(areaFiles.map((file) => [file.replace(/\.json$/, ''), readArea(locale, file)])),
  ]),
) as Record<(typeof LOCALES)[number], Record<string, Record<string, string>>>;

/** The values a message reads ({name}, plural arguments) and its markup tags (<0>), from Lingui's compiled form. */
function partsOf(message: string): { values: Set<string>; tags: Set<string> } {
  const values = new Set<string>();
  const tags = new Set<string>();
  const text = (value: string) => {
    for (const match of value.matchAll(/<\/?(\d+)\/?>/g)) tags.add(match[0]);
  };
  // A compiled message is a list of elements: text, or a value [name, type?, branches?].
  const elements = (list: unknown): void => {
    if (typeof list === 'string') return text(list);
    if (!Array.isArray(list)) return;
    for (const element of list) {
      if (typeof element === 'string') text(element);
      else if (Array.isArray(element)) {
        const [name, , branches] = element as [string, string?, Record<string, unknown>?];
        values.add(name);
        if (branches && typeof branches === 'object') Object.values(branches).forEach(elements);
      }
    }
  };
  elements(compileMessage(message));
  return { values, tags };
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.tsx?$/.test(entry.name) && !file.includes(`${path.sep}i18n${path.sep}messages${path.sep}`)
      ? [file]
      : [];
  });
}

describe('the web message catalogue', () => {
  it('has the same areas and ids in English and Nepali', () => {
    expect(fs.readdirSync(path.join(MESSAGES, 'ne')).sort()).toEqual(areaFiles.sort());
    for (const area of Object.keys(catalogue.en)) {
      expect(Object.keys(catalogue.ne[area]!).sort(), area).toEqual(Object.keys(catalogue.en[area]!).sort());
    }
  });

  it('starts every id with its area and never repeats one', () => {
    const seen = new Set<string>();
    for (const [area, messages] of Object.entries(catalogue.en)) {
      for (const id of Object.keys(messages)) {
        expect(id.startsWith(`${area}.`), `${id} in ${area}.json`).toBe(true);
        expect(seen.has(id), id).toBe(false);
        seen.add(id);
      }
    }
  });

  it('has no empty message, and Nepali ones are written in Devanagari', () => {
    for (const locale of LOCALES) {
      for (const messages of Object.values(catalogue[locale])) {
        for (const [id, message] of Object.entries(messages)) expect(message.trim(), `${locale} ${id}`).not.toBe('');
      }
    }
    for (const messages of Object.values(catalogue.ne)) {
      for (const [id, message] of Object.entries(messages)) {
        const text = message.replace(/\{[^{}]*\}|<\/?\d+>/g, '');
        // A message of only values or symbols ("{total}+") has nothing to write in Devanagari.
        if (/[A-Za-z\p{Script=Devanagari}]/u.test(text))
          expect(/\p{Script=Devanagari}/u.test(text), `ne ${id}: ${message}`).toBe(true);
      }
    }
  });

  it('gives Nepali only values English has, and the same markup', () => {
    for (const [area, messages] of Object.entries(catalogue.en)) {
      for (const [id, english] of Object.entries(messages)) {
        const en = partsOf(english);
        const ne = partsOf(catalogue.ne[area]![id]!);
        for (const value of ne.values) expect(en.values.has(value), `${id}: Nepali reads {${value}}`).toBe(true);
        expect([...ne.tags].sort(), id).toEqual([...en.tags].sort());
      }
    }
  });

  it('uses every message somewhere in the web app (ids written out whole)', () => {
    const code = sourceFiles(path.join(ROOT, 'src/web'))
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    const unused = Object.values(catalogue.en)
      .flatMap((messages) => Object.keys(messages))
      .filter((id) => !code.includes(`'${id}'`) && !code.includes(`"${id}"`));
    expect(unused).toEqual([]);
  });
});
