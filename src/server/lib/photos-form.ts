import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CATALOG_MESSAGES, MAX_IMAGE_BYTES } from '../../shared/catalog.js';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from './errors.js';
import { sniffImageType } from './images.js';

/** The words a feature says when its photos form is refused (English; the Nepali follows by text). */
export interface PhotoFormMessages {
  tooManyPhotos: string;
  photosMultipart: string;
  photosField: string;
}

/**
 * A feature's photos as multipart `photos` files (a review's, a return's), read fully into memory
 * under explicit limits before anything is processed or stored, so a refused request leaves
 * nothing behind; each file's type is sniffed from its bytes. A file input with nothing chosen
 * sends an empty part: it is skipped, not refused (a form sent without a photo is not an error).
 */
export function photosForm(maxPhotos: number, messages: PhotoFormMessages) {
  const limits = {
    fileSize: MAX_IMAGE_BYTES,
    files: maxPhotos,
    fields: 5,
    fieldSize: 1024,
    fieldNameSize: 100,
    parts: maxPhotos + 5,
    headerPairs: 50,
  };

  /** Registers the multipart parser in the calling (encapsulated) plugin only. */
  async function register(app: FastifyInstance): Promise<void> {
    await app.register(multipart, { limits, throwFileSizeLimit: true });
  }

  async function read(request: FastifyRequest): Promise<Buffer[]> {
    if (!request.isMultipart()) throw unsupportedMediaType(messages.photosMultipart);
    const files: Buffer[] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'photos') throw badRequest(messages.photosField);
        if (bytes.length === 0) continue;
        if (!sniffImageType(bytes)) throw unsupportedMediaType(CATALOG_MESSAGES.imageType);
        files.push(bytes);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'FST_FILES_LIMIT') throw badRequest(messages.tooManyPhotos, { photos: messages.tooManyPhotos });
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(CATALOG_MESSAGES.imageTooLarge);
      if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw payloadTooLarge(messages.tooManyPhotos);
      throw badRequest(messages.photosMultipart);
    }
    return files;
  }

  return { register, read };
}
