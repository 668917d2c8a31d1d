import zlib from 'node:zlib';
import sharp from 'sharp';
import type { TestApp } from './app.js';
import { newUserId } from '../../src/server/features/accounts/user-ids.js';

/**
 * Helpers for the catalogue API tests: tokens, generated images, multipart bodies, a small tree,
 * and looks at what was stored (files under DATA_DIR/uploads, table row counts).
 */

/** An admin bearer token: through POST /api/admin/login when it exists, else minted for a fresh admin row. */
export async function adminToken(t: TestApp): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'root-admin', password: 'correct horse battery' },
  });
  if (res.statusCode === 200 && typeof res.json().token === 'string') return res.json().token as string;
  const now = new Date().toISOString();
  const username = `catalog-admin-${Math.random().toString(36).slice(2)}`;
  const row = await t.app.ctx.db
    .insertInto('admins')
    .values({ username, password_hash: 'unused', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return t.app.ctx.sessions.start('admin', row.id);
}

let shopperCount = 0;
/** A valid shopper bearer token for a fresh user row. */
export async function shopperToken(t: TestApp): Promise<string> {
  shopperCount += 1;
  const now = new Date().toISOString();
  const tag = `${process.pid}${shopperCount}`.slice(-8).padStart(8, '0');
  const row = await t.app.ctx.db
    .insertInto('users')
    .values({
      id: newUserId(),
      first_name: 'Sita',
      last_name: 'Shrestha',
      email: `shopper${tag}@example.com`,
      phone_number: `98${tag}`,
      password_hash: 'unused',
      email_verified: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return t.app.ctx.sessions.start('user', row.id);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'avif';

/** A small real image made by sharp. */
export async function makeImage(
  options: { width?: number; height?: number; format?: ImageFormat; color?: string } = {},
): Promise<Buffer> {
  const { width = 64, height = 48, format = 'png', color = '#3366cc' } = options;
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  return image.toFormat(format).toBuffer();
}

/**
 * A PNG whose header claims `width` x `height` pixels but whose data is a few bytes: a cheap
 * decompression-bomb stand-in (a real 20 000 x 20 000 image needs 1.2 GB decoded).
 */
export function fakeHugePng(width = 20_000, height = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FilePart {
  field?: string;
  name: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body (built by the platform's FormData, as a browser would send it). */
export async function multipart(
  fields: Record<string, string | undefined>,
  files: FilePart[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  for (const file of files) {
    form.append(file.field ?? 'images', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name);
  }
  const response = new Response(form);
  const payload = Buffer.from(await response.arrayBuffer());
  return { payload, headers: { 'content-type': response.headers.get('content-type') ?? '' } };
}

export const pngFile = async (name = 'photo.png', color?: string): Promise<FilePart> => ({
  name,
  type: 'image/png',
  data: await makeImage({ color }),
});

export interface UploadFields {
  name?: string;
  description?: string;
  price?: string;
  category?: string;
  subCategory?: string;
  childCategory?: string;
  stock?: string;
  warranty?: string;
  sku?: string;
  /** JSON texts: the product's options and its variants (shared/variants.ts). */
  options?: string;
  variants?: string;
}

export async function uploadProduct(t: TestApp, token: string | undefined, fields: UploadFields, files: FilePart[]) {
  const { payload, headers } = await multipart({ ...fields }, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/products/',
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
}

/** Creates a category path through the API and returns the ids. */
export async function createPath(t: TestApp, token: string, category: string, sub?: string, child?: string) {
  const headers = bearer(token);
  let res = await t.app.inject({ method: 'POST', url: '/api/category', payload: { name: category }, headers });
  if (res.statusCode !== 201) throw new Error(`create category ${category}: ${res.statusCode} ${res.body}`);
  const categoryId = res.json().category.id as number;
  let subId: number | undefined;
  let childId: number | undefined;
  if (sub) {
    res = await t.app.inject({ method: 'POST', url: `/api/category/${categoryId}/subcategory`, payload: { name: sub }, headers });
    if (res.statusCode !== 201) throw new Error(`create subcategory ${sub}: ${res.statusCode} ${res.body}`);
    subId = res.json().subCategory.id as number;
  }
  if (sub && child) {
    res = await t.app.inject({
      method: 'POST',
      url: `/api/category/${categoryId}/subcategory/${subId}/childcategory`,
      payload: { name: child },
      headers,
    });
    if (res.statusCode !== 201) throw new Error(`create child category ${child}: ${res.statusCode} ${res.body}`);
    childId = res.json().childCategory.id as number;
  }
  return { categoryId, subId, childId };
}

/** Every file under DATA_DIR/uploads, relative, sorted. */
/** Every stored image key (`products/<base>-<width>.webp`), sorted: on disk or in the bucket, as the shop keeps them. */
export async function uploadedFiles(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.ctx.storage.list('products')) keys.push(key);
  return keys.sort();
}

export async function rowCount(t: TestApp, table: 'products' | 'product_images' | 'categories'): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
