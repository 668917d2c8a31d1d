import crypto from 'node:crypto';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { CATALOG_MESSAGES, DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, MAX_IMAGE_PIXELS } from '../../shared/catalog.js';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from './errors.js';
import type { Storage } from './storage.js';

/**
 * Product images: sniffed from their bytes, decoded by sharp under a pixel limit, rotated per
 * EXIF, re-encoded to WebP in IMAGE_WIDTHS with all metadata dropped, and stored as
 *   products/<base>-<width>.webp      (served at /uploads/products/<base>-<width>.webp)
 * where <base> is 32 random hex characters. Client file names and declared types are ignored.
 */

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

const PRODUCTS_FOLDER = 'products';
const UPLOADS_PREFIX = '/uploads/';
const BASE_NAME = /^[0-9a-f]{32}$/;
/** An image address: this shop's /uploads/…, or the same key under IMAGE_BASE_URL. */
const ADDRESS = /^(?:\/uploads|https?:\/\/[^\s?#]+)\/products\/([0-9a-f]{32})-(\d+)\.webp$/;
const WEBP_QUALITY = 80;

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;
let sharpLoaded: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips) is loaded with the first image, not at start-up: loading it takes time and
 * memory, and most server processes never see an upload.
 */
function loadSharp(): Promise<SharpFactory> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    // Uploads are rare and images are processed one at a time: keep libvips' operation cache small.
    sharp.cache({ memory: 64, files: 0, items: 50 });
    return sharp;
  });
  return sharpLoaded;
}

/** The real type of an image from its first bytes, or undefined for anything not accepted (SVG, HTML, …). */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = bytes.toString('latin1', 0, 12);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  if (head.slice(4, 8) === 'ftyp') {
    // ISO-BMFF: major brand at 8, then minor version, then compatible brands up to the box size.
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [bytes.toString('latin1', 8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(bytes.toString('latin1', offset, offset + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return undefined;
}

export interface ImageVariant {
  width: number;
  key: string;
  data: Buffer;
}

export interface ProcessedImage {
  baseName: string;
  /** Size of the largest variant. */
  width: number;
  height: number;
  variants: ImageVariant[];
}

const inputOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false } as const;

/**
 * Validates and re-encodes one uploaded image. Throws 415 for a type that is not accepted,
 * 413 for more than MAX_IMAGE_PIXELS pixels (checked from the header, before decoding), and
 * 400 for bytes that do not decode.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const type = sniffImageType(bytes);
  if (!type) throw unsupportedMediaType(CATALOG_MESSAGES.imageType);

  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, inputOptions).metadata();
  } catch (error) {
    throw imageError(error);
  }
  const format = metadata.format as string;
  const formatMatches =
    type === 'avif'
      ? format === 'heif' && metadata.compression === 'av1'
      : format === type || (type === 'jpeg' && format === 'jpg');
  if (!formatMatches) throw unsupportedMediaType(CATALOG_MESSAGES.imageType);
  const { width, height } = metadata;
  if (!width || !height) throw badRequest(CATALOG_MESSAGES.imageUnreadable);
  if (width * height > MAX_IMAGE_PIXELS) throw payloadTooLarge(CATALOG_MESSAGES.imageTooManyPixels);

  try {
    const largest = Math.max(...IMAGE_WIDTHS);
    // Decode once (JPEG shrink-on-load makes this cheap), straighten, convert to sRGB, drop metadata.
    const { data, info } = await sharp(bytes, inputOptions)
      .timeout({ seconds: 20 })
      .rotate()
      .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    const baseName = crypto.randomBytes(16).toString('hex');
    const variants: ImageVariant[] = [];
    // Widths at or above the picture's own come out the same (never enlarged): encode that once.
    let atFullWidth: Buffer | undefined;
    for (const target of IMAGE_WIDTHS) {
      const full = target >= info.width;
      const encoded =
        (full ? atFullWidth : undefined) ??
        (await sharp(data, raw)
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY, effort: 4 })
          .toBuffer());
      if (full) atFullWidth = encoded;
      variants.push({ width: target, key: imageKey(baseName, target), data: encoded });
    }
    return { baseName, width: info.width, height: info.height, variants };
  } catch (error) {
    throw imageError(error);
  }
}

function imageError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return payloadTooLarge(CATALOG_MESSAGES.imageTooManyPixels);
  return badRequest(CATALOG_MESSAGES.imageUnreadable);
}

export function imageKey(baseName: string, width: number): string {
  return `${PRODUCTS_FOLDER}/${baseName}-${width}.webp`;
}

/**
 * The address the API gives for an image: /uploads/products/<base>-640.webp, or under IMAGE_BASE_URL
 * (`imageBaseUrl`, no trailing slash) when the images are fetched from a public bucket or a CDN.
 */
export function imageAddress(baseName: string, imageBaseUrl?: string, width: number = DEFAULT_IMAGE_WIDTH): string {
  return `${imageBaseUrl === undefined ? UPLOADS_PREFIX : `${imageBaseUrl}/`}${imageKey(baseName, width)}`;
}

/** The base name inside an image address of any width, or undefined if it is not one of ours. */
export function baseNameOf(address: string): string | undefined {
  return ADDRESS.exec(address)?.[1];
}

export function isBaseName(value: string): boolean {
  return BASE_NAME.test(value);
}

/** Writes every variant; on failure removes what was written and rethrows. */
export async function storeImages(storage: Storage, images: ProcessedImage[]): Promise<void> {
  const written: string[] = [];
  try {
    for (const image of images) {
      for (const variant of image.variants) {
        await storage.put(variant.key, variant.data, 'image/webp');
        written.push(variant.key);
      }
    }
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
}

/** Removes every width of the given stored images (best effort). */
export async function deleteImages(storage: Storage, baseNames: string[]): Promise<void> {
  await Promise.allSettled(baseNames.flatMap((base) => IMAGE_WIDTHS.map((width) => storage.delete(imageKey(base, width)))));
}
