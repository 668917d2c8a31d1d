import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/shared/locale.js';
import { formatValue } from '../../src/web/features/admin/audit/labels.js';
import { createI18n, ensureMessages, loadMessages } from '../../src/web/lib/i18n.js';
import type { Translate } from '../../src/web/lib/i18n.js';

/** The Activity tab names what changed in the admin's language, not as the database stores it. */
describe('Activity values', () => {
  async function translator(locale: Locale): Promise<Translate> {
    const i18n = createI18n(locale, await loadMessages(locale));
    await ensureMessages(i18n, 'admin');
    return (id, values) => i18n._(id, values);
  }

  it('names a specification field’s kind in English and Nepali', async () => {
    const en = await translator('en');
    const ne = await translator('ne');
    expect(['text', 'number', 'choice'].map((kind) => formatValue('kind', kind, en, 'en'))).toEqual(['Text', 'Number', 'Choice']);
    expect(['text', 'number', 'choice'].map((kind) => formatValue('kind', kind, ne, 'ne'))).toEqual(['पाठ', 'सङ्ख्या', 'छनोट']);
  });

  it('shows a kind this build does not know as it is stored', async () => {
    expect(formatValue('kind', 'colour', await translator('en'), 'en')).toBe('colour');
  });
});
