import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, IMPORT_ZIP_MAX_UNPACKED_MB } from '../../src/shared/product-csv.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken, bearer } from '../helpers/catalog.js';

/**
 * A ZIP that lies about its size: 2 MB of DEFLATE holding 2 GB of zeros, under a directory that
 * declares a small image. Inflating it whole stalled every request of the shop for seconds. The
 * import stops inflating as soon as the output passes the declared size, answers a clear 400, and
 * inflates off the thread that answers requests, so the shop keeps answering meanwhile.
 */

const MB = 1024 * 1024;

/** Raw DEFLATE of `megabytes` MB of zeros, built from one fully flushed megabyte repeated (no history crosses a full flush). */
function zerosDeflated(megabytes: number): Buffer {
  const oneMb = zlib.deflateRawSync(Buffer.alloc(MB), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const last = zlib.deflateRawSync(Buffer.alloc(0)); // an empty final block
  return Buffer.concat([...Array.from({ length: megabytes }, () => oneMb), last]);
}

interface Entry {
  name: string;
  deflated: Buffer;
  /** The uncompressed size the directory declares, whatever the data holds. */
  declared: number;
}

/** A ZIP of deflated entries, built by hand so that it can lie. */
function zipOf(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const fileName = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // DEFLATE
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.declared, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.declared, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, fileName, entry.deflated);
    directory.push(central, fileName);
    offset += local.length + fileName.length + entry.deflated.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
}

async function importForm(csv: string, zip: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  form.append('images', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'images.zip');
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

describe('a ZIP bomb in the CSV import', () => {
  let t: TestApp;
  let admin: string;
  let bomb: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
    bomb = zerosDeflated(2048);
  });
  afterAll(async () => t.close());

  /** A CSV with one product row for each image name. */
  const csvFor = (names: string[]) =>
    [
      'sku,name,description,category,price,images',
      ...names.map((name, i) => `BOMB-${i},Bomb ${i},x,Accessories,10,${name}`),
    ].join('\r\n');

  async function importZip(zip: Buffer, options: { dryRun?: boolean; headers?: Record<string, string>; names?: string[] } = {}) {
    const { payload, headers } = await importForm(csvFor(options.names ?? ['photo.png']), zip);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/products/import${options.dryRun ? '?dryRun=1' : ''}`,
      payload,
      headers: { ...headers, ...bearer(admin), ...options.headers },
    });
  }

  /** Runs the import while asking /api/health, one request after another, until it is done. */
  async function whileAnswering(run: () => ReturnType<typeof importZip>) {
    const started = performance.now();
    let done = false;
    const importing = run().then((res) => {
      done = true;
      return { res, ms: performance.now() - started };
    });
    // The time each round (a short pause, then a health request) took: a thread held by the
    // import shows as a long round, whether it held the pause or the request. (Inflating 600 MB
    // on the request thread held it for about 5 s; off it, rounds stay in milliseconds, with
    // room left for a busy test machine.)
    const health: number[] = [];
    let last = performance.now();
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      const now = performance.now();
      health.push(now - last);
      last = now;
    }
    return { ...(await importing), health };
  }

  it('refuses 2 GB of zeros declared as a 9 MB image with a clear 400, quickly, while the shop keeps answering', async () => {
    const zip = zipOf([{ name: 'photo.png', deflated: bomb, declared: 9 * MB }]);
    expect(zip.length).toBeLessThan(3 * MB);

    const { res, ms, health } = await whileAnswering(() => importZip(zip, { dryRun: true }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(IMPORT_MESSAGES.zipDamaged('photo.png'));
    expect(ms).toBeLessThan(3_000);
    expect(Math.max(...health)).toBeLessThan(1_500);
  }, 30_000);

  it('refuses it whatever size it declares, in the request’s language, the apply as the preview', async () => {
    const zip = zipOf([{ name: 'photo.png', deflated: bomb, declared: 1024 }]);
    const started = performance.now();
    const applied = await importZip(zip);
    expect(applied.statusCode).toBe(400);
    expect(applied.json().message).toBe(IMPORT_MESSAGES.zipDamaged('photo.png'));
    expect(performance.now() - started).toBeLessThan(3_000);
    const nepali = await importZip(zip, { dryRun: true, headers: { 'accept-language': 'ne' } });
    expect(nepali.statusCode).toBe(400);
    expect(nepali.json().message).toBe('ZIP फाइल बिग्रिएको छ: "photo.png" मा ZIP ले भनेभन्दा धेरै सामग्री छ');
    expect(await t.app.ctx.db.selectFrom('products').select('id').execute()).toEqual([]);
  }, 30_000);

  it('refuses a small ZIP of many honest entries of zeros that come to more than the limit: 413, at once', async () => {
    const tenMb = zerosDeflated(10);
    const count = Math.floor(IMPORT_ZIP_MAX_UNPACKED_MB / 10) + 1;
    const names = Array.from({ length: count }, (_, i) => `zeros-${i}.png`);
    const zip = zipOf(names.map((name) => ({ name, deflated: tenMb, declared: 10 * MB })));
    expect(zip.length).toBeLessThan(3 * MB);
    const { res, ms, health } = await whileAnswering(() => importZip(zip, { dryRun: true, names }));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toBe(IMPORT_MESSAGES.zipUnpackedTooLarge);
    expect(ms).toBeLessThan(3_000);
    expect(Math.max(...health)).toBeLessThan(1_500);
  }, 60_000);

  it('inflates what is within the limits off the request thread: 600 MB of zeros, and the shop answers meanwhile', async () => {
    const tenMb = zerosDeflated(10);
    const names = Array.from({ length: 60 }, (_, i) => `honest-${i}.png`);
    const zip = zipOf(names.map((name) => ({ name, deflated: tenMb, declared: 10 * MB })));
    const { res, health } = await whileAnswering(() => importZip(zip, { dryRun: true, names }));
    // Inflated and looked at: zeros are no image.
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors[0].message).toBe('"honest-0.png" is not a JPEG, PNG, WebP, AVIF or GIF image');
    expect(res.json().errors).toHaveLength(60);
    expect(Math.max(...health)).toBeLessThan(1_500);
  }, 60_000);
});
