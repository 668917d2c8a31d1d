/**
 * Writing CSV for spreadsheets: RFC 4180 (fields with a comma, a quote or a line break in
 * double quotes, quotes doubled, CRLF line ends), and UTF-8 with a byte-order mark, without which
 * Excel reads the file as the computer's ANSI code page and Devanagari names turn to mojibake.
 *
 * Formula injection (OWASP "CSV Injection"): a text cell that starts with = + - @ (or a tab or CR,
 * which Excel skips before looking) would be run as a formula by a spreadsheet: a shopper named
 * `=HYPERLINK(…)` could plant a link in the admin's sheet. Such text is written with a leading
 * apostrophe, which spreadsheets show as text. Numbers are written as numbers and never prefixed.
 * The import (features/catalog/import) takes the apostrophe off again, so a file round-trips.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_EOL = '\r\n';

/** Text a spreadsheet would read as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Text that must be quoted. */
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | null | undefined;

/** One field: numbers as they are, text neutralised and quoted when needed, null/undefined empty. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + CSV_EOL;
}

/** The inverse of the neutralising apostrophe, for text read back from a file this shop wrote. */
export function unneutralise(text: string): string {
  return text.length > 1 && text[0] === "'" && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** Rupees from integer paisa, as a number (written without grouping, so spreadsheets read it as one). */
export function csvRupees(paisa: number): number {
  return paisa / 100;
}

/** "2025-01-15 14:30" in Nepal time (UTC+5:45 all year; Nepal has no daylight saving), which spreadsheets read as a date. */
export function nepalDateTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + NEPAL_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

const NEPAL_OFFSET_MS = 345 * 60_000;

/** A file name's date part: today in Nepal, "2025-01-15". */
export function nepalDay(now: Date): string {
  return new Date(now.getTime() + NEPAL_OFFSET_MS).toISOString().slice(0, 10);
}
