import { unzipSync } from 'fflate';
import { MAX_IMAGE_BYTES } from '../../../../shared/catalog.js';
import { IMPORT_MESSAGES, IMPORT_ZIP_MAX_IMAGES } from '../../../../shared/product-csv.js';
import { badRequest } from '../../../lib/errors.js';

/**
 * The ZIP of images sent beside an import's CSV (fflate). Its directory is read once without
 * inflating anything; an image is inflated only when a row names it, one at a time, into a buffer of
 * the size the directory declares — and only when that size is within MAX_IMAGE_BYTES — so a ZIP
 * bomb can neither fill the memory (fflate never grows a given output buffer) nor the disk. The
 * names in the ZIP are only compared with the CSV's cells; nothing is ever written under them.
 */

export interface ZipEntry {
  path: string;
  /** Uncompressed size as the ZIP declares it. */
  size: number;
}

export type ZipLookup = { entry: ZipEntry } | { problem: 'missing' | 'ambiguous' };

const normal = (name: string) =>
  name
    .trim()
    .replace(/\\/g, '/')
    .replace(/^\.?\//, '')
    .toLowerCase();
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export class ZipImages {
  private readonly byPath = new Map<string, ZipEntry>();
  private readonly byName = new Map<string, ZipEntry[]>();

  private constructor(private readonly bytes: Uint8Array) {}

  /** Reads the directory (400 when the bytes are no ZIP, or hold more than IMPORT_ZIP_MAX_IMAGES files). */
  static open(bytes: Uint8Array): ZipImages {
    const zip = new ZipImages(bytes);
    try {
      unzipSync(bytes, {
        filter: (file) => {
          const path = file.name.replace(/\\/g, '/');
          const name = baseName(path);
          // Folders, and what macOS and others add beside the files.
          if (path.endsWith('/') || path.startsWith('__MACOSX/') || name.startsWith('.') || name === '') return false;
          const entry = { path, size: file.originalSize };
          zip.byPath.set(normal(path), entry);
          const list = zip.byName.get(name.toLowerCase()) ?? [];
          list.push(entry);
          zip.byName.set(name.toLowerCase(), list);
          return false;
        },
      });
    } catch {
      throw badRequest(IMPORT_MESSAGES.zipUnreadable);
    }
    if (zip.byPath.size > IMPORT_ZIP_MAX_IMAGES) throw badRequest(IMPORT_MESSAGES.zipTooManyImages);
    return zip;
  }

  /** The entry a cell names: its whole path in the ZIP, or its file name when only one file has it (case-insensitively). */
  find(name: string): ZipLookup {
    const key = normal(name);
    const exact = this.byPath.get(key);
    if (exact) return { entry: exact };
    const named = this.byName.get(baseName(key)) ?? [];
    if (named.length === 1) return { entry: named[0]! };
    return { problem: named.length === 0 ? 'missing' : 'ambiguous' };
  }

  /** The entry's bytes; undefined when it cannot be inflated. Never more than MAX_IMAGE_BYTES. */
  read(entry: ZipEntry): Buffer | undefined {
    if (entry.size > MAX_IMAGE_BYTES) return undefined;
    try {
      const files = unzipSync(this.bytes, { filter: (file) => file.name.replace(/\\/g, '/') === entry.path });
      const data = Object.values(files)[0];
      return data ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : undefined;
    } catch {
      return undefined;
    }
  }
}
