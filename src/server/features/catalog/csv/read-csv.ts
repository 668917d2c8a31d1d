import { CsvError, parse } from 'csv-parse/sync';
import {
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_REQUIRED,
  type ProductCsvColumn,
  SPEC_COLUMN_PREFIX,
  type SpecColumn,
} from '../../../../shared/product-csv.js';
import { AppError, badRequest } from '../../../lib/errors.js';

/**
 * The import's CSV file, read: bytes → text (UTF-8 only, checked strictly; a BOM is dropped) → records
 * (csv-parse: RFC 4180 quoting, any line ends, comma, semicolon or tab as the separator) → the header
 * mapped to the known columns. Every refusal is a 400 saying what to fix; nothing here looks at a row's
 * values (rows.ts does).
 */

export interface CsvRecord {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  cells: string[];
}

export interface CsvTable {
  /** Column → its index in a record. */
  columns: Map<ProductCsvColumn, number>;
  /** The spec:<Name> columns: the field's name as the header writes it, and the cells' index. */
  specColumns: { name: string; column: SpecColumn; index: number }[];
  width: number;
  records: CsvRecord[];
}

const KNOWN = new Set<string>(PRODUCT_CSV_COLUMNS);

/** UTF-8 or a 400: TextDecoder with fatal set refuses any byte sequence that is not UTF-8 (Excel's ANSI or UTF-16 "Unicode text"). */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    // ignoreBOM false: a leading BOM (Excel's "CSV UTF-8") is taken off.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest(IMPORT_MESSAGES.notUtf8);
  }
}

/** The separator of the header line: Excel writes ';' where the comma is the decimal mark, and "text" files use tabs. */
function separatorOf(text: string): string {
  const end = text.search(/\r|\n/);
  const first = end < 0 ? text : text.slice(0, end);
  const count = (char: string) => first.split(char).length - 1;
  const candidates = [',', ';', '\t'].map((char) => ({ char, n: count(char) }));
  candidates.sort((a, b) => b.n - a.n);
  return candidates[0]!.n > 0 ? candidates[0]!.char : ',';
}

export function readCsv(bytes: Uint8Array): CsvTable {
  const text = decodeUtf8(bytes);
  if (text.trim() === '') throw badRequest(IMPORT_MESSAGES.empty);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: separatorOf(text),
      relax_column_count: true,
      // Reading stops here; a file that reaches it is refused below, never cut short in silence.
      to: IMPORT_MAX_ROWS + 2,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw badRequest(IMPORT_MESSAGES.malformed(typeof line === 'number' ? line : 1));
    }
    throw error;
  }
  if (records.length >= IMPORT_MAX_ROWS + 2) throw new AppError(413, 'PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooManyRows);
  const [header, ...rest] = records;
  if (!header) throw badRequest(IMPORT_MESSAGES.empty);

  const columns = new Map<ProductCsvColumn, number>();
  const specColumns: CsvTable['specColumns'] = [];
  const unknown: string[] = [];
  header.forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    if (name === '') return; // a spreadsheet's empty column at the end
    if (name.startsWith(SPEC_COLUMN_PREFIX) && raw.trim().length > SPEC_COLUMN_PREFIX.length) {
      const field = raw.trim().slice(SPEC_COLUMN_PREFIX.length).replace(/\s+/g, ' ').trim();
      const column: SpecColumn = `${SPEC_COLUMN_PREFIX}${field}`;
      if (specColumns.some((known) => known.name.toLowerCase() === field.toLowerCase())) {
        throw badRequest(IMPORT_MESSAGES.duplicateColumn(column));
      }
      specColumns.push({ name: field, column, index });
      return;
    }
    if (!KNOWN.has(name)) {
      unknown.push(raw.trim());
      return;
    }
    const column = name as ProductCsvColumn;
    if (columns.has(column)) throw badRequest(IMPORT_MESSAGES.duplicateColumn(column));
    columns.set(column, index);
  });
  const missing = PRODUCT_CSV_REQUIRED.filter((column) => !columns.has(column));
  if (missing.length > 0 || unknown.length > 0) {
    const fields: Record<string, string> = {};
    if (missing.length > 0) fields.missing = IMPORT_MESSAGES.missingColumns(missing.join(', '));
    if (unknown.length > 0) fields.unknown = IMPORT_MESSAGES.unknownColumns(unknown.join(', '));
    throw new AppError(400, 'CSV_COLUMNS', Object.values(fields)[0]!, fields, {
      missingColumns: missing,
      unknownColumns: unknown,
    });
  }

  // Rows of nothing but empty cells (a spreadsheet's blank lines and trailing rows) are no products;
  // they keep their numbers, so every other row is numbered as the spreadsheet shows it.
  const data = rest
    .map((cells, index) => ({ row: index + 2, cells }))
    .filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (data.length === 0) throw badRequest(IMPORT_MESSAGES.noRows);
  if (data.length > IMPORT_MAX_ROWS) throw new AppError(413, 'PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooManyRows);
  return { columns, specColumns, width: header.length, records: data };
}
