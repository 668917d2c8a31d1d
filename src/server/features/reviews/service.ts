import {
  ADMIN_REVIEWS_PAGE_SIZE,
  type AdminReview,
  type AdminReviewPage,
  type AdminReviewQueue,
  type Distribution,
  type MyReview,
  REVIEWS_PAGE_SIZE,
  REVIEW_PHOTOS_MAX,
  REVIEW_FLAGS_PER_MINUTE,
  REVIEW_MESSAGES,
  REVIEW_WRITES_PER_MINUTE,
  type ReportReason,
  type Review,
  type ReviewInput,
  type ReviewPage,
  type ReviewSort,
  authorName,
  averageOf,
} from '../../../shared/reviews.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { type ProcessedImage, deleteImages, imageAddress, processImage, storeImages } from '../../lib/images.js';
import { mailLanguage } from '../accounts/mail-language.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { reviewHiddenMail } from './mail.js';
import * as q from './queries.js';

const MINUTE = 60 * 1000;

function toReview(row: q.ReviewRow, photos: string[]): Review {
  return {
    id: row.id,
    productId: row.product_id,
    rating: row.rating,
    title: row.title,
    text: row.body,
    author: authorName(row.first_name, row.last_name),
    variant: row.variant_label,
    verifiedPurchase: true,
    helpfulCount: Number(row.helpful_count),
    photos,
    reply: row.reply,
    repliedAt: row.replied_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toAdminReview(row: q.ReviewRow, productName: string, photos: string[]): AdminReview {
  return {
    ...toReview(row, photos),
    productName,
    status: row.status,
    hiddenReason: row.hidden_reason,
    openReports: Number(row.open_reports),
    isNew: row.moderated_at === null,
  };
}

/**
 * Verified reviews: only a shopper with a delivered order line of the product writes one, once
 * (the unique key decides between parallel tries); edits keep the line it was verified by. The
 * product's figures follow every write by the database's triggers (migration 037), in the write's
 * transaction. Votes and reports are one row per shopper (the primary key decides). The admin's
 * hide, show and reply are audited in their transactions; a hide mails the author through the
 * outbox in their language.
 */
export class ReviewService {
  constructor(private readonly ctx: AppContext) {}

  /** The reviews with their photos' addresses. */
  private async answers(db: q.Db, rows: q.ReviewRow[]): Promise<Review[]> {
    const photos = await q.photosOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toReview(row, this.addresses(photos.get(row.id))));
  }

  private addresses(baseNames: string[] = []): string[] {
    return baseNames.map((base) => imageAddress(base, this.ctx.config.imageBaseUrl));
  }

  private async one(db: q.Db, id: number): Promise<Review> {
    const [review] = await this.answers(db, [(await q.reviewById(db, id))!]);
    return review!;
  }

  async list(productId: number, sort: ReviewSort, page: number): Promise<ReviewPage> {
    const figures = await q.productFigures(this.ctx.db, productId);
    if (!figures) throw notFound(REVIEW_MESSAGES.productNotFound);
    const count = Number(figures.rating_count);
    const rows = await q.visibleReviews(this.ctx.db, productId, sort, REVIEWS_PAGE_SIZE, (page - 1) * REVIEWS_PAGE_SIZE, count);
    const distribution: Distribution = {
      1: Number(figures.rating_1),
      2: Number(figures.rating_2),
      3: Number(figures.rating_3),
      4: Number(figures.rating_4),
      5: Number(figures.rating_5),
    };
    return {
      reviews: await this.answers(this.ctx.db, rows),
      average: averageOf(Number(figures.rating_sum), count),
      count,
      distribution,
      page,
      pageSize: REVIEWS_PAGE_SIZE,
      totalPages: Math.max(1, Math.ceil(count / REVIEWS_PAGE_SIZE)),
    };
  }

  /** Whether the shopper may write (or edit) a review of the product, and theirs if any. */
  async mine(userId: number, productId: number): Promise<MyReview> {
    if (!(await q.productFigures(this.ctx.db, productId))) throw notFound(REVIEW_MESSAGES.productNotFound);
    const review = await q.reviewOf(this.ctx.db, userId, productId);
    if (review) return { canReview: true, review: (await this.answers(this.ctx.db, [review]))[0]! };
    const line = await q.deliveredLine(this.ctx.db, userId, productId);
    return line ? { canReview: true, review: null } : { canReview: false, reason: REVIEW_MESSAGES.notBought, review: null };
  }

  async create(userId: number, productId: number, input: ReviewInput): Promise<Review> {
    await this.limitWrites(userId);
    const now = isoNow(this.ctx.clock);
    const id = await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await q.productFigures(trx, productId))) throw notFound(REVIEW_MESSAGES.productNotFound);
      const line = await q.deliveredLine(trx, userId, productId);
      if (!line) throw forbidden(REVIEW_MESSAGES.notBought);
      const inserted = await q.insertReview(trx, {
        product_id: productId,
        user_id: userId,
        order_item_id: line.id,
        variant_id: line.variant_id,
        variant_label: line.variant_label,
        rating: input.rating,
        title: input.title,
        body: input.text,
        created_at: now,
        updated_at: now,
      });
      if (inserted === undefined) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
      return inserted;
    });
    return this.one(this.ctx.db, id);
  }

  /** The shopper's own review again; it goes back to the admin's new ones. */
  async edit(userId: number, productId: number, input: ReviewInput): Promise<Review> {
    await this.limitWrites(userId);
    const now = isoNow(this.ctx.clock);
    const id = await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await q.productFigures(trx, productId))) throw notFound(REVIEW_MESSAGES.productNotFound);
      const review = await q.reviewOf(trx, userId, productId);
      if (!review) throw notFound(REVIEW_MESSAGES.noReviewYet);
      await q.updateReview(trx, review.id, {
        rating: input.rating,
        title: input.title,
        body: input.text,
        updated_at: now,
        moderated_at: null,
      });
      return review.id;
    });
    return this.one(this.ctx.db, id);
  }

  /**
   * Replaces the photos of the shopper's review of the product (none: removes them). The images
   * are checked, re-encoded and stored before the transaction; files no row names are removed.
   */
  async setPhotos(userId: number, productId: number, files: Buffer[]): Promise<Review> {
    await this.limitWrites(userId);
    if (files.length > REVIEW_PHOTOS_MAX) {
      throw badRequest(REVIEW_MESSAGES.tooManyPhotos, { photos: REVIEW_MESSAGES.tooManyPhotos });
    }
    const processed: ProcessedImage[] = [];
    // One at a time: each decode may take tens of MB; the server has few cores.
    for (const bytes of files) processed.push(await processImage(bytes));
    const added = processed.map((image) => image.baseName);
    await storeImages(this.ctx.storage, processed);
    let replaced: string[];
    let id: number;
    try {
      ({ replaced, id } = await this.ctx.db.transaction().execute(async (trx) => {
        const review = await q.reviewOf(trx, userId, productId);
        if (!review) throw notFound(REVIEW_MESSAGES.noReviewYet);
        await q.updateReview(trx, review.id, { updated_at: isoNow(this.ctx.clock), moderated_at: null });
        return { replaced: await q.replacePhotos(trx, review.id, added), id: review.id };
      }));
    } catch (error) {
      await deleteImages(this.ctx.storage, added);
      throw error;
    }
    await deleteImages(this.ctx.storage, replaced);
    return this.one(this.ctx.db, id);
  }

  async helpful(userId: number, reviewId: number): Promise<number> {
    await this.limitFlags(userId);
    return this.ctx.db.transaction().execute(async (trx) => {
      const review = await this.visible(trx, reviewId);
      if (review.user_id === userId) throw forbidden(REVIEW_MESSAGES.ownReviewVote);
      if (!(await q.addVote(trx, reviewId, userId, isoNow(this.ctx.clock)))) throw conflict(REVIEW_MESSAGES.alreadyHelpful);
      return q.helpfulCount(trx, reviewId);
    });
  }

  async report(userId: number, reviewId: number, reason: ReportReason): Promise<string> {
    await this.limitFlags(userId);
    await this.ctx.db.transaction().execute(async (trx) => {
      const review = await this.visible(trx, reviewId);
      if (review.user_id === userId) throw forbidden(REVIEW_MESSAGES.ownReviewReport);
      if (!(await q.addReport(trx, reviewId, userId, reason, isoNow(this.ctx.clock)))) {
        throw conflict(REVIEW_MESSAGES.alreadyReported);
      }
    });
    return REVIEW_MESSAGES.reported;
  }

  // -------------------------------------------------------------------------------------------
  // The admin's moderation

  async adminList(queue: AdminReviewQueue, page: number): Promise<AdminReviewPage> {
    const { rows, total } = await q.adminReviews(
      this.ctx.db,
      queue,
      ADMIN_REVIEWS_PAGE_SIZE,
      (page - 1) * ADMIN_REVIEWS_PAGE_SIZE,
    );
    const photos = await q.photosOf(
      this.ctx.db,
      rows.map((row) => row.id),
    );
    return {
      reviews: rows.map((row) => toAdminReview(row, row.product_name, this.addresses(photos.get(row.id)))),
      total,
      page,
      pageSize: ADMIN_REVIEWS_PAGE_SIZE,
      totalPages: Math.max(1, Math.ceil(total / ADMIN_REVIEWS_PAGE_SIZE)),
    };
  }

  /** Hides the review with a reason (its reports dealt with) and mails its author. */
  async hide(actor: Actor, reviewId: number, reason: string): Promise<AdminReview> {
    const review = await this.moderate(
      actor,
      reviewId,
      'review.hide',
      async (trx, row, now) => {
        await q.updateReview(trx, row.id, { status: 'hidden', hidden_reason: reason, open_reports: 0, moderated_at: now });
        const to = await q.authorEmail(trx, row.user_id);
        if (to) {
          await this.ctx.outbox.queue(
            trx,
            reviewHiddenMail({
              to,
              storeName: this.ctx.config.store.name,
              productName: await q.productName(trx, row.product_id),
              title: row.title,
              reason,
              locale: await mailLanguage(trx, row.user_id),
            }),
          );
        }
        return { status: ['visible', 'hidden'], hiddenReason: [row.hidden_reason, reason] };
      },
      reason,
    );
    this.ctx.jobs.wake();
    return review;
  }

  /** Shows a hidden review again. */
  async show(actor: Actor, reviewId: number): Promise<AdminReview> {
    return this.moderate(actor, reviewId, 'review.show', async (trx, row, now) => {
      await q.updateReview(trx, row.id, { status: 'visible', hidden_reason: null, open_reports: 0, moderated_at: now });
      return { status: [row.status, 'visible'] };
    });
  }

  /** The shop's public reply (replacing an earlier one). */
  async reply(actor: Actor, reviewId: number, reply: string): Promise<AdminReview> {
    return this.moderate(actor, reviewId, 'review.reply', async (trx, row, now) => {
      await q.updateReview(trx, row.id, { reply, replied_at: now, open_reports: 0, moderated_at: now });
      return { reply: [row.reply, reply] };
    });
  }

  private async moderate(
    actor: Actor,
    reviewId: number,
    action: 'review.hide' | 'review.show' | 'review.reply',
    work: (trx: q.Db, row: q.ReviewRow, now: string) => Promise<Record<string, [string | null, string | null]>>,
    note?: string,
  ): Promise<AdminReview> {
    const now = isoNow(this.ctx.clock);
    return this.ctx.db.transaction().execute(async (trx) => {
      const row = await q.reviewById(trx, reviewId);
      if (!row) throw notFound(REVIEW_MESSAGES.notFound);
      const changes = await work(trx, row, now);
      const productName = await q.productName(trx, row.product_id);
      await recordAudit(trx, {
        adminId: actor.adminId,
        action,
        entityType: 'review',
        entityId: row.id,
        summary: `${productName}: ${row.title}`,
        changes,
        note: note ?? null,
        at: now,
      });
      const photos = (await q.photosOf(trx, [reviewId])).get(reviewId);
      return toAdminReview((await q.reviewById(trx, reviewId))!, productName, this.addresses(photos));
    });
  }

  private async visible(db: q.Db, reviewId: number): Promise<q.ReviewRow> {
    const review = await q.reviewById(db, reviewId);
    if (!review || review.status !== 'visible') throw notFound(REVIEW_MESSAGES.notFound);
    return review;
  }

  private limitWrites(userId: number): Promise<void> {
    return this.ctx.throttle.limit(
      [{ key: `review-writes:${userId}`, limit: REVIEW_WRITES_PER_MINUTE, windowMs: MINUTE }],
      REVIEW_MESSAGES.tooManyWrites,
    );
  }

  private limitFlags(userId: number): Promise<void> {
    return this.ctx.throttle.limit(
      [{ key: `review-flags:${userId}`, limit: REVIEW_FLAGS_PER_MINUTE, windowMs: MINUTE }],
      REVIEW_MESSAGES.tooManyWrites,
    );
  }
}
