import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CATALOG_MESSAGES, MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD } from '../../../shared/catalog.js';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.js';
import { sniffImageType } from '../../lib/images.js';

/**
 * Multipart product forms: the text fields and the repeated `images` files, read fully into
 * memory under explicit limits before anything is processed or stored, so a rejected request
 * leaves nothing behind. Each file's type is sniffed from its bytes as soon as it arrives.
 */
export const MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: MAX_IMAGES_PER_UPLOAD,
  // The product's fields, its brand and specifications, and its options and variants.
  fields: 40,
  // The `variants` field holds up to PRODUCT_VARIANTS_MAX variants as JSON, each with its image addresses.
  fieldSize: 256 * 1024,
  fieldNameSize: 100,
  parts: MAX_IMAGES_PER_UPLOAD + 40,
  headerPairs: 50,
};

/** Registers the multipart parser in the calling (encapsulated) plugin only. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
}

const IMAGE_FIELDS = new Set(['images', 'images[]']);

export interface ProductForm {
  fields: Record<string, string>;
  files: Buffer[];
}

export async function readProductForm(request: FastifyRequest): Promise<ProductForm> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send the product as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!IMAGE_FIELDS.has(part.fieldname)) {
          await part.toBuffer();
          throw badRequest(`Unexpected file field "${part.fieldname}": send images as "images"`);
        }
        const bytes = await part.toBuffer();
        // A browser sends an empty, unnamed part for a file input with nothing chosen; an empty
        // file is never an image, so it is skipped rather than refused.
        if (bytes.length === 0) continue;
        if (!sniffImageType(bytes)) throw unsupportedMediaType(CATALOG_MESSAGES.imageType);
        files.push(bytes);
      } else {
        if (part.valueTruncated) throw payloadTooLarge(`The field "${part.fieldname}" is too long`);
        if (part.fieldnameTruncated) throw badRequest('A field name is too long');
        if (part.fieldname in fields) continue; // the first value wins
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      }
    }
  } catch (error) {
    throw formError(error);
  }
  return { fields, files };
}

function formError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_FILES_LIMIT':
      return payloadTooLarge(CATALOG_MESSAGES.tooManyImages);
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(CATALOG_MESSAGES.imageTooLarge);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return payloadTooLarge('The form has too many fields');
    case 'FST_PROTO_VIOLATION':
      return badRequest('A field name is not allowed');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('A JSON field is not valid JSON');
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('The upload ended early');
    default:
      if (error instanceof Error && /multipart|boundary|part terminated/i.test(error.message)) {
        return badRequest('Malformed multipart form');
      }
      return error;
  }
}
