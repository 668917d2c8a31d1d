import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_CSV_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_ZIP_MAX_BYTES,
  type ImportReport,
  importReportSchema,
} from '../../../../shared/product-csv.js';
import type { AppContext } from '../../../context.js';
import { serverMessage } from '../../../i18n/errors-ne.js';
import { access } from '../../../lib/access.js';
import { principalOf } from '../../../lib/principal.js';
import { nepalDay } from '../../../lib/csv.js';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../../lib/errors.js';
import { apiLocale } from '../../../lib/locale.js';
import { publicBase } from '../../../lib/public-base.js';
import { productCsvStream, productCsvTemplate } from './export.js';
import { type ImportFiles, ProductImportService } from './import-service.js';

/**
 * Products to CSV and back, under /api/admin/products (admin bearer token, checked before
 * a byte of an upload is read):
 *   GET  /export.csv            the live products in the import's columns (export.ts)
 *   GET  /template.csv          the columns with example rows, one product in variants (export.ts)
 *   POST /import[?dryRun=1][&confirmPriceChanges=1]  multipart: `file` the CSV (at most 20 MB), `images` an optional ZIP
 *                               (at most 100 MB) → ImportReport (src/shared/product-csv.ts).
 *                               dryRun: the preview, nothing written (200). Otherwise every row in one
 *                               transaction (200, applied) or, with any error, nothing (400 with the
 *                               report). Row errors are in the request's language. A file whose
 *                               prices move too far (report.priceChanges) is refused with 409 and
 *                               the report unless confirmPriceChanges is given.
 */

const yesNo = (error: string) =>
  z
    .enum(['1', '0', 'true', 'false'], { error })
    .optional()
    .transform((value) => value === '1' || value === 'true');

const importQuerySchema = z.object({
  dryRun: yesNo(IMPORT_MESSAGES.dryRunInvalid),
  /** The owner has seen the preview's priceChanges and means them. */
  confirmPriceChanges: yesNo(IMPORT_MESSAGES.confirmInvalid),
});

const LIMITS: Record<string, { bytes: number; tooLarge: string }> = {
  file: { bytes: IMPORT_CSV_MAX_BYTES, tooLarge: IMPORT_MESSAGES.csvTooLarge },
  images: { bytes: IMPORT_ZIP_MAX_BYTES, tooLarge: IMPORT_MESSAGES.zipTooLarge },
};

/** Reads a part to its end, or stops with a 413 as soon as it passes `limit` (not reading the rest). */
async function readLimited(stream: Readable, limit: number, tooLarge: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      stream.destroy();
      throw payloadTooLarge(tooLarge);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

async function readImportForm(request: FastifyRequest): Promise<ImportFiles> {
  if (!request.isMultipart()) throw unsupportedMediaType(IMPORT_MESSAGES.notMultipart);
  // The whole request cannot be more than both files and a little form: refuse it before reading.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > IMPORT_CSV_MAX_BYTES + IMPORT_ZIP_MAX_BYTES + 1024 * 1024) throw payloadTooLarge(IMPORT_MESSAGES.csvTooLarge);
  const files: Partial<Record<'file' | 'images', Buffer>> = {};
  let fileName: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const limit = LIMITS[part.fieldname];
      if (!limit || part.fieldname in files) {
        part.file.resume();
        throw badRequest(IMPORT_MESSAGES.unexpectedFile(part.fieldname));
      }
      if (part.fieldname === 'file') fileName = part.filename;
      files[part.fieldname as 'file' | 'images'] = await readLimited(part.file, limit.bytes, limit.tooLarge);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(IMPORT_MESSAGES.zipTooLarge);
    if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest(IMPORT_MESSAGES.notMultipart);
    throw error;
  }
  if (!files.file || files.file.length === 0) throw badRequest(IMPORT_MESSAGES.csvMissing);
  return { csv: files.file, zip: files.images, fileName };
}

/** The report with its row errors in the request's language. */
function localReport(report: ImportReport, request: FastifyRequest): ImportReport {
  const locale = apiLocale(request);
  if (locale === 'en') return report;
  const say = <T extends { message: string }>(item: T): T => ({ ...item, message: serverMessage(item.message, locale) });
  return {
    ...report,
    errors: report.errors.map(say),
    priceChanges: report.priceChanges.map(say),
    preview: report.preview.map((row) => ({ ...row, errors: row.errors.map(say) })),
  };
}

export function productCsvRoutes(ctx: AppContext, service = new ProductImportService(ctx)): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: IMPORT_ZIP_MAX_BYTES, files: 2, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
      throwFileSizeLimit: true,
    });
    const admin = access({ admin: 'catalog.write' });
    const looker = access({ admin: 'catalog.read' });

    app.get('/export.csv', { ...looker, schema: { tags: ['catalog'] } }, async (request, reply) => {
      const imageBase = ctx.config.imageBaseUrl ?? `${publicBase(ctx.config, request)}/uploads`;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="pasal-products-${nepalDay(ctx.clock.now())}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(productCsvStream(ctx.db, imageBase));
    });

    app.get('/template.csv', { ...looker, schema: { tags: ['catalog'] } }, async (_request, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="pasal-products-template.csv"')
        .send(productCsvTemplate()),
    );

    app.post(
      '/import',
      {
        ...admin,
        schema: {
          tags: ['catalog'],
          querystring: importQuerySchema,
          response: { 200: importReportSchema },
        },
      },
      async (request, reply) => {
        void reply.header('Vary', 'Accept-Language');
        const files = await readImportForm(request);
        if (request.query.dryRun) return localReport(await service.preview(files), request);
        const { confirmPriceChanges } = request.query;
        const report = localReport(await service.apply(files, principalOf(request).id, confirmPriceChanges), request);
        if (report.applied) return report;
        if (report.errors.length === 0 && report.priceChanges.length > 0) {
          throw new AppError(409, 'PRICE_CHANGE_UNCONFIRMED', IMPORT_MESSAGES.priceChangesUnconfirmed, undefined, report);
        }
        // Not one row was written: 400 with the errors, as the preview gives them.
        throw new AppError(400, 'IMPORT_INVALID', IMPORT_MESSAGES.invalid, undefined, report);
      },
    );
  };
}
