import { z } from 'zod';

/**
 * The questions contract. A logged-in shopper asks about a product; the shop answers; answered
 * questions are public, newest first:
 *   POST /api/products/:id/questions {question}   (shopper) → 201 {question, message}
 *   GET  /api/products/:id/questions?page=          (public) → {questions, total, page, pageSize, totalPages}
 *   GET  /api/admin/questions?queue=unanswered|answered|hidden|all&page= (permission 'questions')
 *   PUT  /api/admin/questions/:id/answer {answer} · POST /:id/hide · POST /:id/show → {question}
 * Questions and answers are plain text: stored as typed (trimmed) and never rendered as HTML; a
 * question with markup in it is refused. A question names its asker by first name and last initial.
 */

export const QUESTION_LIMITS = { questionMin: 5, questionMax: 500, answerMax: 2000 } as const;
export const QUESTIONS_PAGE_SIZE = 10;
export const ADMIN_QUESTIONS_PAGE_SIZE = 20;
/** Questions a shopper may ask a minute (over all products). */
export const QUESTIONS_PER_MINUTE = 5;

export const ADMIN_QUESTION_QUEUES = ['unanswered', 'answered', 'hidden', 'all'] as const;
export type AdminQuestionQueue = (typeof ADMIN_QUESTION_QUEUES)[number];

export const QUESTION_MESSAGES = {
  questionRequired: 'Question is required',
  questionLength: 'Question must be 5 to 500 characters',
  questionMarkup: 'Question must be plain text, without HTML tags',
  answerRequired: 'Answer is required',
  answerLength: 'Answer must be at most 2,000 characters',
  queueInvalid: 'queue must be one of unanswered, answered, hidden, all',
  pageInvalid: 'page must be a whole number of 1 or more',
  questionIdInvalid: 'Question id must be a positive whole number',
  productIdInvalid: 'Product id must be a positive whole number',
  notFound: 'Question not found',
  productNotFound: 'Product not found',
  asked: 'Thank you. The shop will answer your question soon.',
  askedTwice: 'You have just asked this question; the shop will answer it soon',
  tooMany: (minutes: number) => `Too many questions at once. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

const trimmed = (required: string) =>
  z
    .string({ error: required })
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, required);

/** A tag, a comment or a doctype: `<` followed by a letter, `/`, `!` or `?`. "< 5 mm" stays a question. */
const MARKUP = /<[a-z/!?]/i;

/** Body of POST /api/products/:id/questions (the web's form uses it too). */
export const questionInputSchema = z.object({
  question: trimmed(QUESTION_MESSAGES.questionRequired)
    .refine(
      (value) => value.length >= QUESTION_LIMITS.questionMin && value.length <= QUESTION_LIMITS.questionMax,
      QUESTION_MESSAGES.questionLength,
    )
    .refine((value) => !MARKUP.test(value), QUESTION_MESSAGES.questionMarkup),
});
export type QuestionInput = z.output<typeof questionInputSchema>;

export const answerInputSchema = z.object({
  answer: trimmed(QUESTION_MESSAGES.answerRequired).refine(
    (value) => value.length <= QUESTION_LIMITS.answerMax,
    QUESTION_MESSAGES.answerLength,
  ),
});

const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, QUESTION_MESSAGES.pageInvalid)
  .transform(Number)
  .refine((n) => n >= 1, QUESTION_MESSAGES.pageInvalid)
  .optional()
  .default(1);

export const questionListQuerySchema = z.object({ page: pageParam });
export const adminQuestionQuerySchema = z.object({
  page: pageParam,
  queue: z.enum(ADMIN_QUESTION_QUEUES, { error: QUESTION_MESSAGES.queueInvalid }).optional().default('unanswered'),
});

export const questionSchema = z.object({
  id: z.number(),
  productId: z.number(),
  question: z.string(),
  /** First name and last initial ("Sita S."). */
  askedBy: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionPageSchema = z.object({
  questions: z.array(questionSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
});
export type QuestionPage = z.infer<typeof questionPageSchema>;
export const askResponseSchema = z.object({ question: questionSchema, message: z.string() });

export const adminQuestionSchema = questionSchema.extend({
  productName: z.string(),
  status: z.enum(['visible', 'hidden']),
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;
export const adminQuestionPageSchema = z.object({
  questions: z.array(adminQuestionSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
});
export type AdminQuestionPage = z.infer<typeof adminQuestionPageSchema>;
export const adminQuestionResponseSchema = z.object({ question: adminQuestionSchema });
