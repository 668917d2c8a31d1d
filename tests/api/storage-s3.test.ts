import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStorageCli } from '../../src/server/cli/storage.js';
import { type Product, imageVariant, parseImages } from '../../src/shared/catalog.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, createPath, multipart, pngFile, uploadProduct, uploadedFiles } from '../helpers/catalog.js';
import { startS3, type TestBucket } from '../helpers/s3.js';

/**
 * Images in an S3-compatible bucket, against a real S3 server (s3rver) through the AWS
 * SDK: what the bucket holds, how the shop serves it, its readiness, and moving a shop's images.
 * The upload rules themselves run on both stores in uploads.test.ts.
 */
describe('images in an S3 bucket', () => {
  let bucket: TestBucket;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    bucket = await startS3();
    t = await buildTestApp(bucket.env);
    admin = await adminToken(t);
    await createPath(t, admin, 'Peripherals');
  });
  afterAll(async () => {
    await t.close();
    await bucket.stop();
  });

  const fields = { name: 'Bucket mouse', description: 'A mouse', price: '2500', category: 'Peripherals' };
  const io = () => {
    const lines: string[] = [];
    return { lines, io: { stdout: (line: string) => lines.push(line), stderr: (line: string) => lines.push(line) } };
  };

  it('keeps every width of an upload in the bucket, and nothing on the disk', async () => {
    const res = await uploadProduct(t, admin, fields, [await pngFile(), await pngFile()]);
    expect(res.statusCode, res.body).toBe(201);
    const addresses = parseImages(res.json<Product>().images);
    const keys = await uploadedFiles(t);
    for (const address of addresses) {
      for (const width of [320, 640, 1024]) expect(keys).toContain(imageVariant(address, width).replace('/uploads/', ''));
    }
    expect(fs.existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);

    // Served by the shop from the bucket: the bytes, WebP, a year of immutable caching.
    const image = await t.app.inject({ method: 'GET', url: addresses[0]! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(Number(image.headers['content-length'])).toBe(image.rawPayload.length);
    const direct = await fetch(`${bucket.endpoint}/${bucket.bucket}${addresses[0]!.replace('/uploads', '')}`);
    expect(Buffer.from(await direct.arrayBuffer()).equals(image.rawPayload)).toBe(true);
  });

  it('answers 404 for a missing or foreign name without asking for anything else', async () => {
    for (const url of [
      '/uploads/products/0123456789abcdef0123456789abcdef-640.webp',
      '/uploads/products/x.html',
      '/uploads/../jwt-secret',
    ]) {
      expect([403, 404], url).toContain((await t.app.inject({ method: 'GET', url })).statusCode);
    }
  });

  it('is not ready while the bucket cannot be reached', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok' },
    });
    const elsewhere = await buildTestApp({ ...bucket.env, S3_BUCKET: 'no-such-bucket' });
    try {
      const res = await elsewhere.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toEqual({ database: 'ok', storage: 'unreachable' });
    } finally {
      await elsewhere.close();
    }
  });

  it('copies a shop’s images from its disk into the bucket, and again only what is missing', async () => {
    // A shop that kept its images on disk…
    const diskShop = await buildTestApp();
    const target = await startS3('moved-images');
    try {
      const diskAdmin = await adminToken(diskShop);
      await createPath(diskShop, diskAdmin, 'Peripherals');
      const product = (await uploadProduct(diskShop, diskAdmin, fields, [await pngFile()])).json<Product>();
      const onDisk = await uploadedFiles(diskShop);
      expect(onDisk).toHaveLength(3);

      const env = { NODE_ENV: 'test', DATA_DIR: diskShop.dataDir, ...target.env };
      const first = io();
      expect(await runStorageCli(['copy', '--from', 'disk', '--to', 's3'], env, first.io)).toBe(0);
      expect(first.lines.at(-1)).toBe('Copied 3 image files from disk to s3; 0 were there already.');
      const again = io();
      expect(await runStorageCli(['copy', '--from', 'disk', '--to', 's3'], env, again.io)).toBe(0);
      expect(again.lines.at(-1)).toBe('Copied 0 image files from disk to s3; 3 were there already.');

      // …now runs on the bucket, with the same database: every image loads.
      const bucketShop = await buildTestApp({ ...target.env, DATABASE_URL: diskShop.config.databaseUrl ?? '' });
      try {
        const fromDisk = await diskShop.app.inject({ method: 'GET', url: parseImages(product.images)[0]! });
        expect(await uploadedFiles(bucketShop)).toEqual(onDisk);
        for (const key of onDisk) {
          const res = await bucketShop.app.inject({ method: 'GET', url: `/uploads/${key}` });
          expect(res.statusCode, key).toBe(200);
        }
        const fromBucket = await bucketShop.app.inject({ method: 'GET', url: parseImages(product.images)[0]! });
        expect(fromBucket.rawPayload.equals(fromDisk.rawPayload)).toBe(true);
      } finally {
        await bucketShop.close();
      }
    } finally {
      await diskShop.close();
      await target.stop();
    }
  });

  it('gives image addresses under IMAGE_BASE_URL (a public bucket or CDN), which load from there and can be reordered', async () => {
    const imageBaseUrl = `${bucket.endpoint}/${bucket.bucket}`;
    const direct = await buildTestApp({ ...bucket.env, IMAGE_BASE_URL: `${imageBaseUrl}/` });
    try {
      const owner = await adminToken(direct);
      await createPath(direct, owner, 'Peripherals');
      const created = await uploadProduct(direct, owner, fields, [await pngFile(), await pngFile('b.png', '#aa3300')]);
      expect(created.statusCode, created.body).toBe(201);
      const product = created.json<Product>();
      const addresses = parseImages(product.images);
      for (const address of addresses) {
        expect(address).toMatch(new RegExp(`^${imageBaseUrl}/products/[0-9a-f]{32}-640\\.webp$`));
        const res = await fetch(imageVariant(address, 320));
        expect(res.status).toBe(200);
        expect(
          Buffer.from(await res.arrayBuffer())
            .subarray(8, 12)
            .toString('latin1'),
        ).toBe('WEBP');
      }
      // The same addresses everywhere the shop answers with images: the product, the cart.
      const listed = await direct.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
      expect(listed.json<Product>().images).toBe(product.images);
      // The admin's reorder names images by these addresses.
      const { payload, headers } = await multipart({ imageOrder: JSON.stringify([...addresses].reverse()) });
      const reordered = await direct.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}`,
        payload,
        headers: { ...headers, authorization: `Bearer ${owner}` },
      });
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect(parseImages(reordered.json<Product>().images)).toEqual([...addresses].reverse());
    } finally {
      await direct.close();
    }
  });

  it('explains its usage and refuses a copy without a bucket', async () => {
    const usage = io();
    expect(await runStorageCli(['copy', '--from', 'disk'], {}, usage.io)).toBe(2);
    expect(usage.lines.join('\n')).toContain('The copy command needs --from and --to.');
    const same = io();
    expect(await runStorageCli(['copy', '--from', 's3', '--to', 's3'], {}, same.io)).toBe(2);
    const noBucket = io();
    expect(
      await runStorageCli(['copy', '--from', 'disk', '--to', 's3'], { NODE_ENV: 'test', DATA_DIR: t.dataDir }, noBucket.io),
    ).toBe(1);
    expect(noBucket.lines.join('\n')).toContain('S3_BUCKET is not set');
  });
});
