import {
  ADMIN_QUESTIONS_PAGE_SIZE,
  type AdminQuestion,
  type AdminQuestionPage,
  type AdminQuestionQueue,
  QUESTIONS_PAGE_SIZE,
  QUESTIONS_PER_MINUTE,
  QUESTION_MESSAGES,
  type Question,
  type QuestionPage,
} from '../../../shared/questions.js';
import { authorName } from '../../../shared/reviews.js';
import type { AppContext } from '../../context.js';
import { isoNow } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { fnv1a } from '../../lib/fnv.js';
import { configuredBase } from '../../lib/public-base.js';
import { mailLanguage } from '../accounts/mail-language.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { questionAnsweredMail } from './mail.js';
import * as q from './queries.js';

const MINUTE = 60 * 1000;

function toQuestion(row: q.QuestionRow): Question {
  return {
    id: row.id,
    productId: row.product_id,
    question: row.body,
    askedBy: authorName(row.first_name, row.last_name),
    answer: row.answer,
    answeredAt: row.answered_at,
    createdAt: row.created_at,
  };
}

function toAdminQuestion(row: q.QuestionRow): AdminQuestion {
  return { ...toQuestion(row), productName: row.product_name, status: row.status };
}

/** The same words, however spaced or capitalised: what "the same question" means. */
const sameWords = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').toLowerCase();

/**
 * Product questions: a shopper asks (limited per minute, and the same question once a minute, both
 * by the throttle table's atomic counters, so parallel asks cannot slip past); the admin answers,
 * hides or shows one, each audited in its transaction. The first answer mails the asker through
 * the outbox in their language; a corrected answer does not mail again.
 */
export class QuestionService {
  constructor(private readonly ctx: AppContext) {}

  async list(productId: number, page: number): Promise<QuestionPage> {
    if (!(await q.liveProduct(this.ctx.db, productId))) throw notFound(QUESTION_MESSAGES.productNotFound);
    const { rows, total } = await q.answeredQuestions(
      this.ctx.db,
      productId,
      QUESTIONS_PAGE_SIZE,
      (page - 1) * QUESTIONS_PAGE_SIZE,
    );
    return {
      questions: rows.map(toQuestion),
      total,
      page,
      pageSize: QUESTIONS_PAGE_SIZE,
      totalPages: Math.max(1, Math.ceil(total / QUESTIONS_PAGE_SIZE)),
    };
  }

  async ask(userId: number, productId: number, text: string): Promise<Question> {
    if (!(await q.liveProduct(this.ctx.db, productId))) throw notFound(QUESTION_MESSAGES.productNotFound);
    await this.ctx.throttle.limit(
      [{ key: `questions:${userId}`, limit: QUESTIONS_PER_MINUTE, windowMs: MINUTE }],
      QUESTION_MESSAGES.tooMany,
    );
    const same = `question-same:${userId}:${productId}:${fnv1a(sameWords(text)).toString(36)}`;
    if ((await this.ctx.throttle.hit(same, 1, MINUTE)) > 0) throw conflict(QUESTION_MESSAGES.askedTwice);
    const id = await q.insertQuestion(this.ctx.db, {
      product_id: productId,
      user_id: userId,
      body: text,
      created_at: isoNow(this.ctx.clock),
    });
    return toQuestion((await q.questionById(this.ctx.db, id))!);
  }

  async adminList(queue: AdminQuestionQueue, page: number): Promise<AdminQuestionPage> {
    const size = ADMIN_QUESTIONS_PAGE_SIZE;
    const { rows, total } = await q.adminQuestions(this.ctx.db, queue, size, (page - 1) * size);
    return {
      questions: rows.map(toAdminQuestion),
      total,
      page,
      pageSize: size,
      totalPages: Math.max(1, Math.ceil(total / size)),
    };
  }

  /** Answers (or corrects the answer of) a question; the first answer mails the asker. */
  async answer(actor: Actor, id: number, answer: string): Promise<AdminQuestion> {
    const question = await this.moderate(actor, id, 'question.answer', async (trx, row, now) => {
      await q.updateQuestion(trx, row.id, { answer, answered_at: row.answered_at ?? now });
      if (row.answered_at === null) {
        const to = await q.asker(trx, row.user_id);
        if (to) {
          await this.ctx.outbox.queue(
            trx,
            questionAnsweredMail({
              to: to.email ?? '',
              firstName: to.first_name,
              storeName: this.ctx.config.store.name,
              productName: row.product_name,
              productUrl: `${configuredBase(this.ctx.config)}/products/${row.product_id}`,
              question: row.body,
              answer,
              locale: await mailLanguage(trx, row.user_id),
            }),
          );
        }
      }
      return { answer: [row.answer, answer] };
    });
    this.ctx.jobs.wake();
    return question;
  }

  async hide(actor: Actor, id: number): Promise<AdminQuestion> {
    return this.moderate(actor, id, 'question.hide', async (trx, row) => {
      await q.updateQuestion(trx, row.id, { status: 'hidden' });
      return { status: [row.status, 'hidden'] };
    });
  }

  async show(actor: Actor, id: number): Promise<AdminQuestion> {
    return this.moderate(actor, id, 'question.show', async (trx, row) => {
      await q.updateQuestion(trx, row.id, { status: 'visible' });
      return { status: [row.status, 'visible'] };
    });
  }

  private async moderate(
    actor: Actor,
    id: number,
    action: 'question.answer' | 'question.hide' | 'question.show',
    work: (trx: q.Db, row: q.QuestionRow, now: string) => Promise<Record<string, [string | null, string | null]>>,
  ): Promise<AdminQuestion> {
    const now = isoNow(this.ctx.clock);
    return this.ctx.db.transaction().execute(async (trx) => {
      const row = await q.questionById(trx, id);
      if (!row) throw notFound(QUESTION_MESSAGES.notFound);
      const changes = await work(trx, row, now);
      await recordAudit(trx, {
        adminId: actor.adminId,
        action,
        entityType: 'question',
        entityId: row.id,
        summary: `${row.product_name}: ${row.body.slice(0, 80)}`,
        changes,
        note: null,
        at: now,
      });
      return toAdminQuestion((await q.questionById(trx, id))!);
    });
  }
}
