import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, MAX_IMAGE_BYTES, type Product, imageVariant, parseImages } from '../../src/shared/catalog.js';
import { MULTIPART_LIMITS } from '../../src/server/features/catalog/form.js';
import { sniffImageType } from '../../src/server/lib/images.js';
import { DiskStorage } from '../../src/server/lib/storage.js';
import { buildTestApp, type TestApp, usingPostgres } from '../helpers/app.js';
import { startS3, type TestBucket } from '../helpers/s3.js';
import {
  type FilePart,
  adminToken,
  createPath,
  fakeHugePng,
  makeImage,
  pngFile,
  rowCount,
  shopperToken,
  uploadProduct,
  uploadedFiles,
} from '../helpers/catalog.js';

const STORED_NAME = /^products\/[0-9a-f]{32}-(320|640|1024)\.webp$/;
const fields = { name: 'Logitech G502', description: 'A mouse', price: '7500', category: 'Peripherals' };

// Every upload rule holds for both stores: this machine's disk, and an S3-compatible bucket.
describe.each(['disk', 's3'] as const)('image uploads (%s)', (storage) => {
  let t: TestApp;
  let admin: string;
  let bucket: TestBucket | undefined;

  beforeAll(async () => {
    bucket = storage === 's3' ? await startS3() : undefined;
    t = await buildTestApp(bucket?.env ?? {});
    expect(t.app.ctx.storage.kind).toBe(storage);
    admin = await adminToken(t);
    await createPath(t, admin, 'Peripherals');
  });
  afterAll(async () => {
    await t.close();
    await bucket?.stop();
  });

  /** Uploads and asserts that nothing was stored: no new files, no new product or image rows. */
  async function expectRefused(files: FilePart[], status: number, message?: string) {
    const filesBefore = await uploadedFiles(t);
    const products = await rowCount(t, 'products');
    const images = await rowCount(t, 'product_images');
    const res = await uploadProduct(t, admin, fields, files);
    expect(res.statusCode, res.body).toBe(status);
    if (message) expect(res.json().message).toBe(message);
    expect(res.json().message).not.toMatch(/sharp|vips|stack|at \w+ \(/i);
    expect(await uploadedFiles(t)).toEqual(filesBefore);
    expect(await rowCount(t, 'products')).toBe(products);
    expect(await rowCount(t, 'product_images')).toBe(images);
    return res;
  }

  it('accepts JPEG, PNG, WebP, AVIF and GIF, and stores each as three WebP widths under generated names', async () => {
    const formats = ['jpeg', 'png', 'webp', 'avif', 'gif'] as const;
    const files = await Promise.all(
      formats.map(async (format) => ({
        name: `x.${format}`,
        type: `image/${format}`,
        data: await makeImage({ format, width: 1600, height: 900 }),
      })),
    );
    const before = (await uploadedFiles(t)).length;
    const res = await uploadProduct(t, admin, fields, files);
    expect(res.statusCode, res.body).toBe(201);
    const images = parseImages(res.json<Product>().images);
    expect(images).toHaveLength(5);
    const stored = await uploadedFiles(t);
    expect(stored.length - before).toBe(15);
    for (const file of stored) expect(file).toMatch(STORED_NAME);
    // Widths as named (1600 px originals): 320, 640, 1024, aspect ratio kept.
    for (const width of [320, 640, 1024]) {
      const res = await t.app.inject({ method: 'GET', url: imageVariant(images[0]!, width) });
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: Math.round((width * 900) / 1600) });
    }
  });

  it('does not enlarge small images, and straightens and strips EXIF-rotated photos', async () => {
    const photo = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret-location', Make: 'PhoneCam' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await uploadProduct(t, admin, fields, [{ name: 'photo.jpg', type: 'image/jpeg', data: photo }]);
    expect(res.statusCode).toBe(201);
    const [address] = parseImages(res.json<Product>().images);
    for (const width of [320, 640, 1024]) {
      const served = await t.app.inject({ method: 'GET', url: imageVariant(address!, width) });
      const meta = await sharp(served.rawPayload).metadata();
      // Rotated by the EXIF orientation (200x100 → 100x200), not enlarged, metadata gone.
      expect(meta).toMatchObject({ width: 100, height: 200 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('secret-location'))).toBe(false);
    }
  });

  it('refuses an SVG with 415 (by its bytes, whatever its name or declared type)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    await expectRefused([{ name: 'logo.svg', type: 'image/svg+xml', data: svg }], 415, CATALOG_MESSAGES.imageType);
    await expectRefused([{ name: 'logo.png', type: 'image/png', data: svg }], 415, CATALOG_MESSAGES.imageType);
    const withXmlProlog = Buffer.concat([Buffer.from('<?xml version="1.0"?>\n'), svg]);
    await expectRefused([{ name: 'a.gif', type: 'image/gif', data: withXmlProlog }], 415);
  });

  it('refuses HTML renamed .jpg with 415', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    await expectRefused([{ name: 'cat.jpg', type: 'image/jpeg', data: html }], 415, CATALOG_MESSAGES.imageType);
  });

  it('refuses other types (TIFF, BMP, PDF, text) with 415', async () => {
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .tiff()
      .toBuffer();
    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    for (const data of [tiff, bmp, pdf, Buffer.from('just some text, not an image')]) {
      await expectRefused([{ name: 'file.png', type: 'image/png', data }], 415);
    }
  });

  it('refuses a file with image magic bytes that does not decode (400), storing nothing', async () => {
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    await expectRefused([{ name: 'a.jpg', type: 'image/jpeg', data: polyglot }], 400, CATALOG_MESSAGES.imageUnreadable);
    const png = await makeImage();
    await expectRefused([{ name: 'cut.png', data: png.subarray(0, png.length - 30) }], 400);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([await makeImage(), Buffer.alloc(MAX_IMAGE_BYTES + 1 - (await makeImage()).length + 10)]);
    expect(big.length).toBeGreaterThan(MAX_IMAGE_BYTES);
    await expectRefused([await pngFile(), { name: 'big.png', data: big }], 413, CATALOG_MESSAGES.imageTooLarge);
  });

  it('refuses a 20 000 x 20 000 pixel image (decompression bomb) quickly with 413', async () => {
    const bomb = fakeHugePng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(500);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });
    const started = Date.now();
    await expectRefused([await pngFile(), { name: 'bomb.png', data: bomb }], 413, CATALOG_MESSAGES.imageTooManyPixels);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('ignores path-traversal file names: stored names are generated', async () => {
    const evil = [
      '../../../../etc/passwd.png',
      '..\\..\\windows\\evil.png',
      '/tmp/abs.png',
      '%2e%2e%2fx.png',
      'ok.png\u0000.html',
    ];
    const before = new Set(await uploadedFiles(t));
    const files = await Promise.all(evil.map((name) => pngFile(name)));
    const res = await uploadProduct(t, admin, fields, files);
    expect(res.statusCode).toBe(201);
    const added = (await uploadedFiles(t)).filter((file) => !before.has(file));
    expect(added).toHaveLength(evil.length * 3);
    for (const file of added) expect(file).toMatch(STORED_NAME);
    for (const address of parseImages(res.json<Product>().images)) expect(address).not.toMatch(/passwd|windows|tmp|abs|html/);
    // Nothing escaped the uploads folder.
    expect(
      fs
        .readdirSync(t.dataDir)
        .filter((name) => !['uploads', 'pasal.sqlite', 'pasal.sqlite-wal', 'pasal.sqlite-shm', 'jwt-secret'].includes(name)),
    ).toEqual([]);
    // And a traversal name on a bad file is refused like any other.
    await expectRefused([{ name: '../../evil.svg', type: 'image/svg+xml', data: Buffer.from('<svg/>') }], 415);
  });

  it('refuses a 9th file with 413 and stores none of the 9', async () => {
    const nine = await Promise.all(Array.from({ length: 9 }, (_, i) => pngFile(`p${i}.png`)));
    await expectRefused(nine, 413, CATALOG_MESSAGES.tooManyImages);
    // Eight are fine.
    const res = await uploadProduct(t, admin, fields, nine.slice(0, 8));
    expect(res.statusCode).toBe(201);
    expect(parseImages(res.json<Product>().images)).toHaveLength(8);
  });

  it('refuses a good image next to a bad one without storing the good one', async () => {
    await expectRefused(
      [await pngFile('good.png'), { name: 'x.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }],
      415,
    );
  });

  it('refuses files under another field name and oversized text fields', async () => {
    await expectRefused([{ field: 'avatar', name: 'a.png', data: await makeImage() }], 400);
    const filesBefore = await uploadedFiles(t);
    const res = await uploadProduct(t, admin, { ...fields, description: 'x'.repeat(MULTIPART_LIMITS.fieldSize + 1024) }, [await pngFile()]);
    expect(res.statusCode).toBe(413);
    expect(await uploadedFiles(t)).toEqual(filesBefore);
    const long = await uploadProduct(t, admin, { ...fields, description: 'x'.repeat(5001) }, [await pngFile()]);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(CATALOG_MESSAGES.descriptionTooLong);
  });

  it('removes the written files when the database transaction fails', async () => {
    const db = t.app.ctx.db;
    if (usingPostgres()) {
      await sql`create function pasal_test_fail() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`.execute(
        db,
      );
      await sql`create trigger pasal_test_fail before insert on product_images for each row execute function pasal_test_fail()`.execute(
        db,
      );
    } else {
      await sql`create trigger pasal_test_fail before insert on product_images begin select raise(abort, 'boom'); end`.execute(
        db,
      );
    }
    try {
      await expectRefused([await pngFile(), await pngFile()], 500, 'Internal server error');
    } finally {
      await sql`drop trigger pasal_test_fail${usingPostgres() ? sql` on product_images` : sql``}`.execute(db);
      if (usingPostgres()) await sql`drop function pasal_test_fail()`.execute(db);
    }
  });

  describe('serving /uploads', () => {
    let address: string;
    beforeAll(async () => {
      const res = await uploadProduct(t, admin, fields, [await pngFile()]);
      address = parseImages(res.json<Product>().images)[0]!;
    });

    it('serves images with nosniff and a year of immutable caching', async () => {
      const res = await t.app.inject({ method: 'GET', url: address });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('serves nothing but generated image names, and nothing outside the uploads folder', async () => {
      const root = path.join(t.dataDir, 'uploads');
      fs.mkdirSync(path.join(root, 'products'), { recursive: true });
      fs.writeFileSync(path.join(root, 'evil.html'), '<script>alert(1)</script>');
      fs.writeFileSync(path.join(root, 'products', 'notes.txt'), 'hello');
      const [, base] = /products\/([0-9a-f]{32})-/.exec(address)!;
      for (const url of [
        '/uploads/evil.html',
        '/uploads/products/notes.txt',
        `/uploads/products/${base}-640.webp.tmp`,
        '/uploads/../pasal.sqlite',
        '/uploads/..%2fpasal.sqlite',
        '/uploads/products/..%2f..%2fjwt-secret',
        '/uploads/%2e%2e/%2e%2e/etc/passwd',
        '/uploads/products/',
        '/uploads/',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect([403, 404], url).toContain(res.statusCode);
        expect(res.body).not.toContain('alert');
        expect(res.body).not.toContain('hello');
      }
    });
  });
});

describe('the admin guard before an upload is read', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  /**
   * Sends over a real socket only the head of a 50 MB multipart upload, none of its body, and
   * resolves with the head of the answer, or with '' when none came within `waitMs`.
   */
  function uploadHeadOnly(headers: Record<string, string>, waitMs: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      const finish = () => {
        clearTimeout(timer);
        socket.destroy();
        resolve(received);
      };
      const timer = setTimeout(finish, waitMs);
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
        if (received.includes('\r\n\r\n')) finish();
      });
      socket.on('error', reject);
      const head = {
        host: `127.0.0.1:${port}`,
        'content-type': 'multipart/form-data; boundary=----pasal-upload',
        'content-length': String(50 * 1024 * 1024),
        ...headers,
      };
      const lines = ['POST /api/products/ HTTP/1.1', ...Object.entries(head).map(([name, value]) => `${name}: ${value}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
  }

  it('refuses a stranger (401) and a shopper (403) before a byte of the file is sent', async () => {
    const products = await rowCount(t, 'products');
    expect(await uploadHeadOnly({}, 5000)).toMatch(/^HTTP\/1\.1 401 /);
    expect(await uploadHeadOnly({ authorization: 'Bearer not.a.jwt' }, 5000)).toMatch(/^HTTP\/1\.1 401 /);
    expect(await uploadHeadOnly({ authorization: `Bearer ${await shopperToken(t)}` }, 5000)).toMatch(/^HTTP\/1\.1 403 /);
    expect(await rowCount(t, 'products')).toBe(products);
  });

  it('waits for the body of an admin (so the early answers above are the guard’s, not the size’s)', async () => {
    expect(await uploadHeadOnly({ authorization: `Bearer ${await adminToken(t)}` }, 300)).toBe('');
  });
});

describe('image sniffing and disk storage', () => {
  it('sniffs the accepted types from their first bytes only', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif', 'gif'] as const) {
      expect(sniffImageType(await makeImage({ format }))).toBe(format);
    }
    const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}\0\0\0\0mif1${brand}`)]);
    expect(sniffImageType(ftyp('heic'))).toBeUndefined();
    expect(sniffImageType(ftyp('avis'))).toBe('avif');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(4))).toBeUndefined();
  });

  it('writes only safe keys and never replaces a file', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-storage-'));
    try {
      const storage = new DiskStorage(root);
      await storage.put('products/abc-640.webp', Buffer.from('one'), 'image/webp');
      await expect(storage.put('products/abc-640.webp', Buffer.from('two'), 'image/webp')).rejects.toThrow();
      expect(fs.readFileSync(path.join(root, 'products', 'abc-640.webp'), 'utf8')).toBe('one');
      for (const key of [
        '../evil.webp',
        'products/../../evil.webp',
        '/etc/evil.webp',
        'products/..',
        'Products/A.webp',
        'products\\x.webp',
        '',
      ]) {
        await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/Unsafe storage key/);
      }
      await storage.delete('products/abc-640.webp');
      await storage.delete('products/abc-640.webp');
      expect(fs.readdirSync(path.join(root, 'products'))).toEqual([]);
      expect(fs.readdirSync(path.dirname(root)).some((name) => name === 'evil.webp')).toBe(false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
