import { z } from 'zod';

/**
 * The reviews contract. Only a shopper with a delivered order containing a product reviews it,
 * once (editable):
 *   POST /api/products/:id/reviews          {rating, title, text} (shopper) → 201 {review}
 *   PUT  /api/products/:id/reviews          the same → {review} (their own)
 *   GET  /api/products/:id/reviews?page=&sort=newest|helpful|rating
 *        → {reviews, average, count, distribution {1..5}, page, pageSize, totalPages} (public)
 *   GET  /api/products/:id/reviews/mine     (shopper) → {canReview, reason?, review}
 *   PUT  /api/products/:id/reviews/photos  multipart `photos` (0–3 images; shopper) → {review}: replaces its photos
 *   POST /api/reviews/:id/helpful           (shopper) → {helpfulCount}; 409 the second time
 *   POST /api/reviews/:id/report {reason}   (shopper) → {message}; 409 the second time
 *   GET  /api/admin/reviews?queue=new|reported|hidden|all&page= (permission 'reviews') → AdminReviewPage
 *   POST /api/admin/reviews/:id/hide {reason} · POST /:id/show · PUT /:id/reply {reply} → {review}
 * Titles, texts, replies and reasons are plain text: stored as typed and never rendered as HTML.
 * A review names its author by first name and last initial only.
 */

export const REVIEW_LIMITS = {
  titleMin: 3,
  titleMax: 100,
  textMin: 10,
  textMax: 2000,
  replyMax: 2000,
  reasonMin: 3,
  reasonMax: 500,
} as const;
export const REVIEWS_PAGE_SIZE = 10;
/** Photos a review may have. */
export const REVIEW_PHOTOS_MAX = 3;
export const ADMIN_REVIEWS_PAGE_SIZE = 20;
/** Review writes (new or edited) per shopper a minute, and votes and reports a minute. */
export const REVIEW_WRITES_PER_MINUTE = 10;
export const REVIEW_FLAGS_PER_MINUTE = 30;

export const REVIEW_SORTS = ['newest', 'helpful', 'rating'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REPORT_REASONS = ['spam', 'offensive', 'fake', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const ADMIN_REVIEW_QUEUES = ['new', 'reported', 'hidden', 'all'] as const;
export type AdminReviewQueue = (typeof ADMIN_REVIEW_QUEUES)[number];

export const REVIEW_MESSAGES = {
  ratingInvalid: 'Rating must be a whole number from 1 to 5',
  titleRequired: 'Title is required',
  titleLength: 'Title must be 3 to 100 characters',
  textRequired: 'Review text is required',
  textLength: 'Review text must be 10 to 2,000 characters',
  replyRequired: 'Reply is required',
  replyLength: 'Reply must be at most 2,000 characters',
  reasonLength: 'Reason must be 3 to 500 characters',
  reportReasonInvalid: 'Reason must be one of spam, offensive, fake, other',
  sortInvalid: 'sort must be one of newest, helpful, rating',
  queueInvalid: 'queue must be one of new, reported, hidden, all',
  pageInvalid: 'page must be a whole number of 1 or more',
  reviewIdInvalid: 'Review id must be a positive whole number',
  productIdInvalid: 'Product id must be a positive whole number',
  notFound: 'Review not found',
  productNotFound: 'Product not found',
  notBought: 'Only shoppers who have received this product can review it',
  alreadyReviewed: 'You have already reviewed this product; edit your review instead',
  noReviewYet: 'You have not reviewed this product yet',
  ownReviewVote: 'You cannot mark your own review as helpful',
  ownReviewReport: 'You cannot report your own review',
  alreadyHelpful: 'You have already marked this review as helpful',
  alreadyReported: 'You have already reported this review',
  reported: 'Thank you. The shop will look at this review.',
  tooManyPhotos: 'A review can have at most 3 photos',
  photosMultipart: 'Send the photos as multipart/form-data',
  photosField: 'Send the photos as "photos"',
  tooManyWrites: (minutes: number) =>
    `Too many reviews at once. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

const text = (required: string, length: string, min: number, max: number) =>
  z
    .string({ error: required })
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, required)
    .refine((value) => value.length >= min && value.length <= max, length);

/** Body of POST and PUT /api/products/:id/reviews (the web's form uses it too). */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingInvalid })
    .int(REVIEW_MESSAGES.ratingInvalid)
    .min(1, REVIEW_MESSAGES.ratingInvalid)
    .max(5, REVIEW_MESSAGES.ratingInvalid),
  title: text(REVIEW_MESSAGES.titleRequired, REVIEW_MESSAGES.titleLength, REVIEW_LIMITS.titleMin, REVIEW_LIMITS.titleMax),
  text: text(REVIEW_MESSAGES.textRequired, REVIEW_MESSAGES.textLength, REVIEW_LIMITS.textMin, REVIEW_LIMITS.textMax),
});
export type ReviewInput = z.output<typeof reviewInputSchema>;

const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, REVIEW_MESSAGES.pageInvalid)
  .transform(Number)
  .refine((n) => n >= 1, REVIEW_MESSAGES.pageInvalid)
  .optional()
  .default(1);

export const reviewListQuerySchema = z.object({
  page: pageParam,
  sort: z.enum(REVIEW_SORTS, { error: REVIEW_MESSAGES.sortInvalid }).optional().default('newest'),
});

export const reportInputSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: REVIEW_MESSAGES.reportReasonInvalid }),
});
export const hideInputSchema = z.object({
  reason: text(REVIEW_MESSAGES.reasonLength, REVIEW_MESSAGES.reasonLength, REVIEW_LIMITS.reasonMin, REVIEW_LIMITS.reasonMax),
});
export const replyInputSchema = z.object({
  reply: text(REVIEW_MESSAGES.replyRequired, REVIEW_MESSAGES.replyLength, 1, REVIEW_LIMITS.replyMax),
});
export const adminReviewQuerySchema = z.object({
  page: pageParam,
  queue: z.enum(ADMIN_REVIEW_QUEUES, { error: REVIEW_MESSAGES.queueInvalid }).optional().default('new'),
});

/** A product's figures: the average to one decimal (0 without reviews) and the count. */
export const ratingSchema = z.object({ average: z.number(), count: z.number() });
export type Rating = z.infer<typeof ratingSchema>;

export const reviewSchema = z.object({
  id: z.number(),
  productId: z.number(),
  rating: z.number(),
  title: z.string(),
  text: z.string(),
  /** First name and last initial ("Sita S."). */
  author: z.string(),
  /** The variant bought ("256 GB / Black"); null: the product had none. */
  variant: z.string().nullable(),
  verifiedPurchase: z.literal(true),
  helpfulCount: z.number(),
  /** Its photos' addresses (at most REVIEW_PHOTOS_MAX). */
  photos: z.array(z.string()),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const distributionSchema = z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() });
export type Distribution = z.infer<typeof distributionSchema>;

export const reviewPageSchema = z.object({
  reviews: z.array(reviewSchema),
  average: z.number(),
  count: z.number(),
  distribution: distributionSchema,
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const reviewResponseSchema = z.object({ review: reviewSchema });
export const myReviewSchema = z.object({
  canReview: z.boolean(),
  /** Why not, when canReview is false and there is no review. */
  reason: z.string().optional(),
  review: reviewSchema.nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;
export const helpfulResponseSchema = z.object({ helpfulCount: z.number() });
export const reportResponseSchema = z.object({ message: z.string() });

export const adminReviewSchema = reviewSchema.extend({
  productName: z.string(),
  status: z.enum(['visible', 'hidden']),
  hiddenReason: z.string().nullable(),
  openReports: z.number(),
  isNew: z.boolean(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewPageSchema = z.object({
  reviews: z.array(adminReviewSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
});
export type AdminReviewPage = z.infer<typeof adminReviewPageSchema>;
export const adminReviewResponseSchema = z.object({ review: adminReviewSchema });

/** The average shown: one decimal, 0 without reviews. */
export function averageOf(sum: number, count: number): number {
  return count > 0 ? Math.round((sum * 10) / count) / 10 : 0;
}

/** "Sita S.": what a review shows of its author. */
export function authorName(firstName: string, lastName: string): string {
  const initial = [...lastName.trim()][0];
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}
