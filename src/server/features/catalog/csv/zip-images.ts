import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { MAX_IMAGE_BYTES } from '../../../../shared/catalog.js';
import { IMPORT_MESSAGES, IMPORT_ZIP_MAX_IMAGES, IMPORT_ZIP_MAX_UNPACKED_MB } from '../../../../shared/product-csv.js';
import { badRequest, payloadTooLarge } from '../../../lib/errors.js';

/**
 * The ZIP of images sent beside an import's CSV. Its central directory is read once without
 * inflating anything; an image is inflated only when a row names it, one at a time, and only when
 * the size the directory declares is within MAX_IMAGE_BYTES. The declared sizes together may not
 * pass IMPORT_ZIP_MAX_UNPACKED_MB (413): a small ZIP of many honest entries of zeros would
 * otherwise keep the server inflating for long.
 *
 * A ZIP can lie about that size: 2 MB of DEFLATE can hold 2 GB of zeros under a directory that says
 * 1 KB. So the inflating is bounded as it streams: node:zlib stops as soon as the output passes the
 * declared size (maxOutputLength) and the whole import is refused as a damaged ZIP, and it runs on
 * libuv's thread pool (the asynchronous zlib call), never on the thread that answers requests. The
 * names in the ZIP are only compared with the CSV's cells; nothing is ever written under them.
 */

export interface ZipEntry {
  path: string;
  /** Uncompressed size as the ZIP declares it. */
  size: number;
}

export type ZipLookup = { entry: ZipEntry } | { problem: 'missing' | 'ambiguous' };

/** Where an entry's data is, as the central directory says. */
interface Located extends ZipEntry {
  method: number;
  compressedSize: number;
  localOffset: number;
}

const inflateRaw = promisify(zlib.inflateRaw);

const normal = (name: string) =>
  name
    .trim()
    .replace(/\\/g, '/')
    .replace(/^\.?\//, '')
    .toLowerCase();
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export class ZipImages {
  private readonly byPath = new Map<string, Located>();
  private readonly byName = new Map<string, Located[]>();

  private constructor(private readonly bytes: Uint8Array) {}

  /** Reads the directory (400 when the bytes are no ZIP, or hold more than IMPORT_ZIP_MAX_IMAGES files). */
  static open(bytes: Uint8Array): ZipImages {
    const zip = new ZipImages(bytes);
    let entries: Located[];
    try {
      entries = centralDirectory(bytes);
    } catch {
      throw badRequest(IMPORT_MESSAGES.zipUnreadable);
    }
    for (const entry of entries) {
      const name = baseName(entry.path);
      // Folders, and what macOS and others add beside the files.
      if (entry.path.endsWith('/') || entry.path.startsWith('__MACOSX/') || name.startsWith('.') || name === '') continue;
      zip.byPath.set(normal(entry.path), entry);
      const list = zip.byName.get(name.toLowerCase()) ?? [];
      list.push(entry);
      zip.byName.set(name.toLowerCase(), list);
    }
    if (zip.byPath.size > IMPORT_ZIP_MAX_IMAGES) throw badRequest(IMPORT_MESSAGES.zipTooManyImages);
    const unpacked = [...zip.byPath.values()].reduce((sum, entry) => sum + entry.size, 0);
    if (unpacked > IMPORT_ZIP_MAX_UNPACKED_MB * 1024 * 1024) throw payloadTooLarge(IMPORT_MESSAGES.zipUnpackedTooLarge);
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

  /**
   * The entry's bytes, never more than its declared size nor MAX_IMAGE_BYTES; undefined when it
   * cannot be inflated (or inflates to less than it declares). An entry that inflates to more than
   * it declares is a ZIP bomb or a broken ZIP: 400 for the whole import, as soon as that is seen.
   */
  async read(entry: ZipEntry): Promise<Buffer | undefined> {
    const located = this.byPath.get(normal(entry.path));
    if (!located || located.size > MAX_IMAGE_BYTES) return undefined;
    const data = this.dataOf(located);
    if (!data) return undefined;
    if (located.method === 0) return data.length === located.size ? Buffer.from(data) : undefined;
    if (located.method !== 8) return undefined;
    let inflated: Buffer;
    try {
      inflated = await inflateRaw(data, { maxOutputLength: Math.max(1, located.size) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw badRequest(IMPORT_MESSAGES.zipDamaged(baseName(located.path)));
      }
      return undefined;
    }
    return inflated.length === located.size ? inflated : undefined;
  }

  /** The entry's stored (compressed) bytes, after its local header; undefined when they are not in the file. */
  private dataOf(entry: Located): Uint8Array | undefined {
    const bytes = this.bytes;
    const at = entry.localOffset;
    if (at + 30 > bytes.length || u32(bytes, at) !== 0x04034b50) return undefined;
    const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
    const end = start + entry.compressedSize;
    return end <= bytes.length ? bytes.subarray(start, end) : undefined;
  }
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const u64 = (b: Uint8Array, at: number) => u32(b, at) + u32(b, at + 4) * 2 ** 32;

/** The entries of a ZIP's central directory (ZIP64 too); throws when there is none to read. */
function centralDirectory(bytes: Uint8Array): Located[] {
  // The end-of-directory record: 22 bytes and a comment of at most 65 535, at the very end.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (u32(bytes, at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('no end of central directory');
  let count = u16(bytes, end + 10);
  let offset = u32(bytes, end + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    // ZIP64: the locator just before points at the ZIP64 end record.
    if (end < 20 || u32(bytes, end - 20) !== 0x07064b50) throw new Error('no ZIP64 locator');
    const record = u64(bytes, end - 12);
    if (record + 56 > bytes.length || u32(bytes, record) !== 0x06064b50) throw new Error('no ZIP64 end record');
    count = u64(bytes, record + 32);
    offset = u64(bytes, record + 48);
  }
  const entries: Located[] = [];
  const decoder = new TextDecoder();
  for (let at = offset, index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) throw new Error('broken central directory');
    const flags = u16(bytes, at + 8);
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    // Bit 11: the name is UTF-8; else it is read byte for byte.
    const path = (flags & 0x800 ? decoder.decode(nameBytes) : String.fromCharCode(...nameBytes)).replace(/\\/g, '/');
    let size = u32(bytes, at + 24);
    let compressedSize = u32(bytes, at + 20);
    let localOffset = u32(bytes, at + 42);
    // ZIP64 sizes and offset, in the extra field 0x0001, in this order, each only when its 32-bit field is full.
    for (let extra = at + 46 + nameLength; extra + 4 <= at + 46 + nameLength + extraLength;) {
      const id = u16(bytes, extra);
      const length = u16(bytes, extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        const next = () => {
          const value = u64(bytes, field);
          field += 8;
          return value;
        };
        if (size === 0xffffffff) size = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (localOffset === 0xffffffff) localOffset = next();
      }
      extra += 4 + length;
    }
    entries.push({ path, size, method: u16(bytes, at + 10), compressedSize, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
