import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CATALOG_MESSAGES, MAX_IMAGE_BYTES } from '../../../shared/catalog.js';
import { RETURN_MESSAGES, RETURN_PHOTOS_MAX } from '../../../shared/returns.js';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/errors.js';
import { sniffImageType } from '../../lib/images.js';

/**
 * A return's photos as multipart `photos` files, read fully into memory under explicit limits
 * before anything is processed or stored (a refused request leaves nothing behind); each file's
 * type is sniffed from its bytes. The same limits as a review's photos.
 */
const LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: RETURN_PHOTOS_MAX,
  fields: 5,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: RETURN_PHOTOS_MAX + 5,
  headerPairs: 50,
};

export async function registerPhotoMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: LIMITS, throwFileSizeLimit: true });
}

export async function readPhotos(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) throw unsupportedMediaType(RETURN_MESSAGES.photosMultipart);
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'photos') throw badRequest(RETURN_MESSAGES.photosField);
      if (bytes.length === 0) continue;
      if (!sniffImageType(bytes)) throw unsupportedMediaType(CATALOG_MESSAGES.imageType);
      files.push(bytes);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_FILES_LIMIT') throw badRequest(RETURN_MESSAGES.tooManyPhotos, { photos: RETURN_MESSAGES.tooManyPhotos });
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(CATALOG_MESSAGES.imageTooLarge);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw payloadTooLarge(RETURN_MESSAGES.tooManyPhotos);
    throw badRequest(RETURN_MESSAGES.photosMultipart);
  }
  return files;
}
