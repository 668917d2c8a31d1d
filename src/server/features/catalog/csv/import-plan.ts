import type { ImportPriceChange } from '../../../../shared/product-csv.js';
import type { PreparedSpecs } from '../specs/service.js';
import type { ImportRow, RowProblem } from './rows.js';
import type { VariantWork } from './variant-rows.js';
import { pathKey } from './rows.js';
import type { ZipEntry, ZipImages } from './zip-images.js';

/** What a products file would do, worked out before anything is written (import-service.ts). */

/** The variants, brands and specifications a file writes, by lead row. */
export interface Extras {
  variants: Map<number, VariantWork>;
  specs: Map<number, PreparedSpecs>;
  /** Lead rows whose brand and specifications change nothing. */
  specsUnchanged: Set<number>;
}

export type Action = { action: 'create'; productId: null } | { action: 'update'; productId: number };

export interface Plan {
  fileName: string;
  /** One row per product: a row sold as itself, or the first of a product's variant rows (variant-rows.ts). */
  rows: ImportRow[];
  /** Every row of the file, for the report. */
  allRows: ImportRow[];
  /** Every row's lead (the row in `rows` standing for its product). */
  leadOf: Map<number, number>;
  /** By lead row: what the file does to the product's variants. */
  variants: Map<number, VariantWork>;
  /** By lead row: the product's brand and specifications, checked. */
  specs: Map<number, PreparedSpecs>;
  problems: RowProblem[];
  actions: Map<number, Action>;
  /** Update rows (by row number) that change nothing in their product. */
  unchanged: Set<number>;
  /** Prices to confirm (messages in English). */
  priceChanges: ImportPriceChange[];
  newPaths: string[][];
  zip: ZipImages | undefined;
  /** Row → the ZIP entries its images name, in order (undefined where the cell named a stored image). */
  zipEntries: Map<number, (ZipEntry | undefined)[]>;
}

export function byProduct<T extends { product_id: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.product_id);
    if (list) list.push(row);
    else map.set(row.product_id, [row]);
  }
  return map;
}

/** The category paths (and their beginnings) the rows name that the tree lacks, in the file's order. */
export function missingPaths(rows: ImportRow[], tree: Map<string, number>): string[][] {
  const seen = new Set<string>();
  const missing: string[][] = [];
  for (const row of rows) {
    for (let depth = 1; depth <= row.path.length; depth += 1) {
      const prefix = row.path.slice(0, depth);
      const key = pathKey(prefix);
      if (tree.has(key) || seen.has(key)) continue;
      seen.add(key);
      missing.push(prefix);
    }
  }
  return missing;
}
