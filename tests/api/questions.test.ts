import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '../../src/server/i18n/errors-ne.js';
import {
  type AdminQuestion,
  QUESTIONS_PAGE_SIZE,
  QUESTIONS_PER_MINUTE,
  QUESTION_MESSAGES,
  type Question,
  type QuestionPage,
} from '../../src/shared/questions.js';
import { adminToken } from '../helpers/accounts.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { type TestShopper, bearer, makeProduct, makeShopper } from '../helpers/orders.js';

/**
 * Questions and answers: a shopper asks, the admin answers (the asker is mailed through the outbox
 * in their language, once), answered questions are public newest first; hide and answer are
 * audited; bad input, repeats and floods are clear 4xx in English and Nepali.
 */
describe('product questions', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  const ask = (shopper: TestShopper, productId: number, question: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/questions`,
      headers: { ...bearer(shopper.token), ...headers },
      payload: { question } as object,
    });
  const asked = async (shopper: TestShopper, productId: number, question: string): Promise<Question> => {
    const res = await ask(shopper, productId, question);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ question: Question }>().question;
  };
  const list = async (productId: number, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${productId}/questions${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<QuestionPage>();
  };
  const adminCall = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url: `/api/admin/questions${url}`,
      headers: { ...bearer(admin), ...headers },
      ...(payload ? { payload } : {}),
    });
  const queueIds = async (queue: string) =>
    (await adminCall('GET', `?queue=${queue}`)).json<{ questions: AdminQuestion[] }>().questions.map((q) => q.id);
  const answer = async (id: number, text: string) => {
    const res = await adminCall('PUT', `/${id}/answer`, { answer: text });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ question: AdminQuestion }>().question;
  };
  const mailsTo = async (to: string) =>
    (await t.app.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'mail').execute())
      .map((row) => JSON.parse(String(row.payload)) as { to: string; subject: string; text: string; html?: string })
      .filter((mail) => mail.to === to);

  it('a shopper asks; the admin answers; the answer is public and the asker is mailed once in their language', async () => {
    const product = await makeProduct(t);
    const shopper = await makeShopper(t, { firstName: 'Ram', lastName: 'thapa' });
    await t.app.ctx.db.updateTable('users').set({ language: 'ne' }).where('id', '=', shopper.userId).execute();
    const res = await ask(shopper, product.id, '  Does it support 5G in Nepal?  ');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ question: Question; message: string }>();
    expect(body.message).toBe(QUESTION_MESSAGES.asked);
    expect(body.question).toMatchObject({
      productId: product.id,
      question: 'Does it support 5G in Nepal?',
      askedBy: 'Ram T.',
      answer: null,
    });
    // Not public until answered; waiting in the admin's unanswered queue.
    expect(await list(product.id)).toMatchObject({ questions: [], total: 0, page: 1, totalPages: 1 });
    const queue = await adminCall('GET', '?queue=unanswered');
    expect(queue.json<{ questions: AdminQuestion[] }>().questions).toContainEqual(
      expect.objectContaining({ id: body.question.id, productName: product.name, status: 'visible', answer: null }),
    );

    const answered = await answer(body.question.id, 'Yes, on NTC and Ncell <b>5G</b>.');
    expect(answered).toMatchObject({ answer: 'Yes, on NTC and Ncell <b>5G</b>.' });
    expect(answered.answeredAt).not.toBeNull();
    const page = await list(product.id);
    expect(page.questions).toEqual([
      expect.objectContaining({ id: body.question.id, answer: 'Yes, on NTC and Ncell <b>5G</b>.' }),
    ]);
    expect(await queueIds('unanswered')).not.toContain(body.question.id);
    expect(await queueIds('answered')).toContain(body.question.id);

    const mails = await mailsTo(shopper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/प्रश्नको उत्तर/);
    expect(mails[0]!.text).toContain('Yes, on NTC and Ncell <b>5G</b>.');
    expect(mails[0]!.text).toContain(`/products/${product.id}`);
    expect(mails[0]).not.toHaveProperty('html');
    // A corrected answer replaces it without a second mail.
    await answer(body.question.id, 'Yes, on NTC and Ncell.');
    expect((await list(product.id)).questions[0]!.answer).toBe('Yes, on NTC and Ncell.');
    expect(await mailsTo(shopper.email)).toHaveLength(1);

    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity_type', '=', 'question')
      .where('entity_id', '=', String(body.question.id))
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['question.answer', 'question.answer']);
    const activity = await t.app.inject({ method: 'GET', url: '/api/admin/audit?entityType=question', headers: bearer(admin) });
    expect(activity.statusCode, activity.body).toBe(200);
  });

  it('an English asker gets the English mail', async () => {
    const product = await makeProduct(t);
    const shopper = await makeShopper(t);
    const question = await asked(shopper, product.id, 'What is the warranty?');
    await answer(question.id, 'One year.');
    const [mail] = await mailsTo(shopper.email);
    expect(mail!.subject).toMatch(/your question was answered/);
    expect(mail!.text).toContain('Question: What is the warranty?');
  });

  it('answered questions are shown newest first, ten a page; hidden ones are not, and hiding is audited', async () => {
    const product = await makeProduct(t);
    const ids: number[] = [];
    for (let i = 0; i < QUESTIONS_PAGE_SIZE + 2; i += 1) {
      const shopper = await makeShopper(t);
      const question = await asked(shopper, product.id, `Question number ${i}?`);
      await answer(question.id, `Answer ${i}`);
      ids.push(question.id);
      t.clock.advance(1000);
    }
    const first = await list(product.id);
    expect(first).toMatchObject({ total: ids.length, pageSize: QUESTIONS_PAGE_SIZE, totalPages: 2 });
    expect(first.questions.map((q) => q.id)).toEqual([...ids].reverse().slice(0, QUESTIONS_PAGE_SIZE));
    expect((await list(product.id, '?page=2')).questions.map((q) => q.id)).toEqual(ids.slice(0, 2).reverse());

    const hidden = ids.at(-1)!;
    const hide = await adminCall('POST', `/${hidden}/hide`);
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json().question).toMatchObject({ status: 'hidden' });
    expect((await list(product.id)).questions.map((q) => q.id)).not.toContain(hidden);
    expect(await queueIds('hidden')).toContain(hidden);
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'question')
      .where('entity_id', '=', String(hidden))
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['question.answer', 'question.hide']);
    expect((await adminCall('POST', `/${hidden}/show`)).statusCode).toBe(200);
    expect((await list(product.id)).questions[0]!.id).toBe(hidden);
  });

  it('bad input: a clear 400 with the field in English and Nepali; markup refused, nothing stored', async () => {
    const product = await makeProduct(t);
    const shopper = await makeShopper(t);
    const cases: [unknown, string][] = [
      ['', QUESTION_MESSAGES.questionRequired],
      ['    ', QUESTION_MESSAGES.questionRequired],
      [undefined, QUESTION_MESSAGES.questionRequired],
      [42, QUESTION_MESSAGES.questionRequired],
      ['Why', QUESTION_MESSAGES.questionLength],
      ['x'.repeat(10_000), QUESTION_MESSAGES.questionLength],
      ['Is it <script>alert(1)</script> good?', QUESTION_MESSAGES.questionMarkup],
      ['<img src=x onerror=alert(1)>', QUESTION_MESSAGES.questionMarkup],
    ];
    for (const [question, message] of cases) {
      const en = await ask(shopper, product.id, question);
      expect(en.statusCode, String(question).slice(0, 40)).toBe(400);
      expect(en.json().errors.question).toBe(message);
      const ne = await ask(shopper, product.id, question, { 'accept-language': 'ne' });
      expect(ne.statusCode).toBe(400);
      expect(ne.json().errors.question).toBe(serverMessage(message, 'ne'));
      expect(ne.json().errors.question).toMatch(/[\u0900-\u097F]/);
    }
    // A "<" that starts no tag is a question like any other.
    expect((await ask(shopper, product.id, 'Is the weight < 200 g?')).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/abc/questions' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/questions?page=0` })).statusCode).toBe(400);
    expect((await ask(shopper, 999_999, 'Is this in stock?')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/999999/questions' })).statusCode).toBe(404);
    const badQueue = await adminCall('GET', '?queue=everything', undefined, { 'accept-language': 'ne' });
    expect(badQueue.statusCode).toBe(400);
    expect(badQueue.json().errors.queue).toBe(serverMessage(QUESTION_MESSAGES.queueInvalid, 'ne'));
    const emptyAnswer = await adminCall('PUT', '/1/answer', { answer: '  ' });
    expect(emptyAnswer.json().errors.answer).toBe(QUESTION_MESSAGES.answerRequired);
    const longAnswer = await adminCall('PUT', '/1/answer', { answer: 'x'.repeat(2001) }, { 'accept-language': 'ne' });
    expect(longAnswer.json().errors.answer).toBe(serverMessage(QUESTION_MESSAGES.answerLength, 'ne'));
    const missing = await adminCall('POST', '/999999/hide', undefined, { 'accept-language': 'ne' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(serverMessage(QUESTION_MESSAGES.notFound, 'ne'));
    const rows = await t.app.ctx.db.selectFrom('questions').select('body').where('product_id', '=', product.id).execute();
    expect(rows.map((row) => row.body)).toEqual(['Is the weight < 200 g?']);
    // A shopper is no admin.
    const asShopper = await t.app.inject({ method: 'GET', url: '/api/admin/questions', headers: bearer(shopper.token) });
    expect(asShopper.statusCode).toBe(403);
  });

  it('the same question twice within a minute is 409 in both languages, in parallel too; a minute later it is asked again', async () => {
    const product = await makeProduct(t);
    const shopper = await makeShopper(t);
    const both = await Promise.all([
      ask(shopper, product.id, 'Does it come with a charger?'),
      ask(shopper, product.id, 'does it   come with a CHARGER?'),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const again = await ask(shopper, product.id, 'Does it come with a charger?', { 'accept-language': 'ne' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(serverMessage(QUESTION_MESSAGES.askedTwice, 'ne'));
    expect(again.json().message).toMatch(/[\u0900-\u097F]/);
    expect((await ask(shopper, product.id, 'Does it come with a charger?')).json().message).toBe(QUESTION_MESSAGES.askedTwice);
    // Another question, or the same one about another product, is fine.
    const other = await ask(shopper, product.id, 'What colours are there?', { 'accept-language': 'ne' });
    expect(other.statusCode).toBe(201);
    expect(other.json().message).toBe(serverMessage(QUESTION_MESSAGES.asked, 'ne'));
    t.clock.advance(61_000);
    expect((await ask(shopper, product.id, 'Does it come with a charger?')).statusCode).toBe(201);
  });

  it('100 questions a minute from one account: all past the limit refused with 429, exactly, in parallel', async () => {
    const product = await makeProduct(t);
    const shopper = await makeShopper(t);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => ask(shopper, product.id, `Flood question number ${i}?`)),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(QUESTIONS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - QUESTIONS_PER_MINUTE);
    const stored = await t.app.ctx.db.selectFrom('questions').select('id').where('user_id', '=', shopper.userId).execute();
    expect(stored).toHaveLength(QUESTIONS_PER_MINUTE);
    const ne = await ask(shopper, product.id, 'One more question?', { 'accept-language': 'ne' });
    expect(ne.statusCode).toBe(429);
    expect(ne.json().message).toMatch(/[\u0900-\u097F]/);
    t.clock.advance(61_000);
    expect((await ask(shopper, product.id, 'One more question?')).statusCode).toBe(201);
  });
});
