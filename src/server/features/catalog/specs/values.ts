import { SPEC_MESSAGES, type SpecField } from '../../../../shared/specs.js';
import type { SpecFieldRow } from './queries.js';

/** A field row as the API answers it. */
export function toSpecField(row: SpecFieldRow): SpecField {
  return {
    id: Number(row.id),
    name: row.name,
    kind: row.kind,
    unit: row.unit,
    choices: row.choices === null ? null : (JSON.parse(row.choices) as string[]),
    isFilter: row.is_filter === 1,
    position: row.position,
  };
}

/** A number field's value as the shopper reads it: the number and the unit ("16 GB", "15.6 inches"). */
export function numberText(value: number, unit: string | null): string {
  return unit ? `${value} ${unit}` : String(value);
}

/** A value to store, or the message of why it cannot be. */
export type ParsedValue = { value: string; valueNumber: number | null } | { error: string };

/**
 * One value sent for a field: a number field takes a number (or its text, the unit after it
 * allowed: "16", "16 GB"); a choice field one of its choices (compared without case, stored as
 * the field spells it); a text field any text. Empty text clears, as null does (undefined here).
 */
export function parseValue(field: SpecField, raw: string | number): ParsedValue | undefined {
  const text = typeof raw === 'number' ? String(raw) : raw.replace(/\s+/g, ' ').trim();
  if (text === '') return undefined;
  if (field.kind === 'number') {
    const unit = field.unit?.toLowerCase();
    const bare = unit && text.toLowerCase().endsWith(unit) ? text.slice(0, -unit.length).trim() : text;
    const value = typeof raw === 'number' ? raw : /^-?\d+(\.\d+)?$/.test(bare) ? Number(bare) : Number.NaN;
    if (!Number.isFinite(value)) return { error: SPEC_MESSAGES.specNumber };
    return { value: numberText(value, field.unit), valueNumber: value };
  }
  if (field.kind === 'choice') {
    const choice = field.choices?.find((item) => item.toLowerCase() === text.toLowerCase());
    return choice === undefined ? { error: SPEC_MESSAGES.specChoice } : { value: choice, valueNumber: null };
  }
  return { value: text, valueNumber: null };
}

/**
 * The words a product is also found by: its brand and its values, and a number with its unit also
 * written together ("16 GB" also as "16GB"), as a shopper types it.
 */
export function specWords(brand: string | null, values: string[]): string {
  const words = brand ? [brand] : [];
  for (const value of values) {
    words.push(value);
    if (/^[\d.]+ \S+$/.test(value)) words.push(value.replace(' ', ''));
  }
  return words.join(' ');
}
