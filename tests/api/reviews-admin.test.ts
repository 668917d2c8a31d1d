import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '../../src/server/i18n/errors-ne.js';
import { type AdminReview, REVIEW_MESSAGES, type Review, type ReviewPage } from '../../src/shared/reviews.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { adminToken } from '../helpers/accounts.js';
import { bearer, makeProduct, makeShopper, type TestProduct, type TestShopper } from '../helpers/orders.js';
import { buyerReviews, deliveredOrder, reviewBody } from '../helpers/reviews.js';

/**
 * Moderation: the admin's queues of new and reported reviews, hiding with a reason (the author is
 * mailed through the outbox in their language, the product's figures drop it), showing again, the
 * shop's public reply; each audited; the product page's JSON-LD carries the ratings.
 */
describe('review moderation', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  async function reviewed(product: TestProduct, rating = 5): Promise<{ shopper: TestShopper; review: Review }> {
    const { shopper, res } = await buyerReviews(t, product, reviewBody({ rating, title: `Rated ${rating}` }));
    expect(res.statusCode, res.body).toBe(201);
    return { shopper, review: res.json<{ review: Review }>().review };
  }
  const queue = async (name: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/reviews?queue=${name}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ reviews: AdminReview[]; total: number }>();
  };
  const act = (method: 'POST' | 'PUT', path: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url: `/api/admin/reviews/${path}`,
      headers: { ...bearer(admin), ...headers },
      ...(payload ? { payload } : {}),
    });
  const publicPage = async (productId: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/reviews` })).json<ReviewPage>();

  it('lists new and reported reviews; hides one with a reason, mails its author in Nepali, and audits it', async () => {
    const product = await makeProduct(t);
    const { shopper, review } = await reviewed(product, 1);
    await reviewed(product, 5);
    await t.app.ctx.db.updateTable('users').set({ language: 'ne' }).where('id', '=', shopper.userId).execute();
    expect((await queue('new')).reviews.map((r) => r.id)).toContain(review.id);
    const reporter = await makeShopper(t);
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/reviews/${review.id}/report`,
      headers: bearer(reporter.token),
      payload: { reason: 'offensive' },
    });
    expect(report.statusCode).toBe(200);
    expect((await queue('reported')).reviews).toEqual([expect.objectContaining({ id: review.id, openReports: 1, isNew: true })]);
    expect(await publicPage(product.id)).toMatchObject({ count: 2, average: 3 });

    const hide = await act('POST', `${review.id}/hide`, { reason: 'Rude words <b>removed</b>' });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json().review).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Rude words <b>removed</b>',
      openReports: 0,
      isNew: false,
    });
    // Gone from the page and from the figures; out of the queues but in "hidden".
    expect(await publicPage(product.id)).toMatchObject({ count: 1, average: 5, distribution: { 1: 0, 5: 1 } });
    expect((await publicPage(product.id)).reviews.map((r) => r.id)).not.toContain(review.id);
    const detail = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(detail.json().rating).toEqual({ average: 5, count: 1 });
    expect((await queue('reported')).reviews).toEqual([]);
    expect((await queue('hidden')).reviews.map((r) => r.id)).toEqual([review.id]);
    // Votes on a hidden review: not found.
    const vote = await t.app.inject({
      method: 'POST',
      url: `/api/reviews/${review.id}/helpful`,
      headers: bearer(reporter.token),
    });
    expect(vote.statusCode).toBe(404);

    // The author's mail waits in the durable queue, in Nepali, with the reason as plain text.
    const mails = await t.app.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'mail').execute();
    const mail = mails
      .map((row) => JSON.parse(String(row.payload)) as { to: string; subject: string; text: string })
      .find((m) => m.to === shopper.email);
    expect(mail?.subject).toMatch(/समीक्षा लुकाइयो/);
    expect(mail?.text).toContain('Rude words <b>removed</b>');
    expect(mail).not.toHaveProperty('html');

    const audit = await t.app.ctx.db.selectFrom('audit_log').selectAll().where('entity_type', '=', 'review').execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'review.hide', entity_id: String(review.id), note: 'Rude words <b>removed</b>' }),
    ]);

    // Shown again: back on the page and in the figures.
    const show = await act('POST', `${review.id}/show`);
    expect(show.statusCode, show.body).toBe(200);
    expect(await publicPage(product.id)).toMatchObject({ count: 2, average: 3 });
  });

  it('replies publicly as the shop, audited; the reply shows under the review', async () => {
    const product = await makeProduct(t);
    const { review } = await reviewed(product, 4);
    const reply = await act('PUT', `${review.id}/reply`, { reply: 'Thank you! <script>x</script>' });
    expect(reply.statusCode, reply.body).toBe(200);
    const [shown] = (await publicPage(product.id)).reviews;
    expect(shown).toMatchObject({ id: review.id, reply: 'Thank you! <script>x</script>' });
    expect(shown!.repliedAt).not.toBeNull();
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity_id', '=', String(review.id))
      .where('entity_type', '=', 'review')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['review.reply']);
    // The Activity tab's filter takes the new kind.
    const activity = await t.app.inject({ method: 'GET', url: '/api/admin/audit?entityType=review', headers: bearer(admin) });
    expect(activity.statusCode, activity.body).toBe(200);
  });

  it('bad input and access: 400 in both languages, 404 for an unknown review, shoppers refused', async () => {
    const product = await makeProduct(t);
    const { shopper, review } = await reviewed(product);
    const short = await act('POST', `${review.id}/hide`, { reason: 'x' }, { 'accept-language': 'ne' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.reason).toBe(serverMessage(REVIEW_MESSAGES.reasonLength, 'ne'));
    const empty = await act('PUT', `${review.id}/reply`, { reply: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.reply).toBe(REVIEW_MESSAGES.replyRequired);
    const long = await act('PUT', `${review.id}/reply`, { reply: 'x'.repeat(2001) });
    expect(long.json().errors.reply).toBe(REVIEW_MESSAGES.replyLength);
    expect((await act('POST', '999999/hide', { reason: 'Spam link' })).statusCode).toBe(404);
    const badQueue = await t.app.inject({ method: 'GET', url: '/api/admin/reviews?queue=everything', headers: bearer(admin) });
    expect(badQueue.json().errors.queue).toBe(REVIEW_MESSAGES.queueInvalid);
    const asShopper = await t.app.inject({ method: 'GET', url: '/api/admin/reviews', headers: bearer(shopper.token) });
    expect(asShopper.statusCode).toBe(403);
  });

  it('the product page carries AggregateRating and Review in its JSON-LD', async () => {
    const web = t;
    {
      const product = await makeProduct(web);
      const shopper = await makeShopper(web, { firstName: 'Ram', lastName: 'Thapa' });
      await deliveredOrder(web, shopper.userId, product);
      const res = await web.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/reviews`,
        headers: bearer(shopper.token),
        payload: reviewBody({ rating: 4, title: 'Solid </script><b>', text: 'Good value for the price.' }),
      });
      expect(res.statusCode).toBe(201);
      const { catalogMetaResolver } = await import('../../src/server/features/catalog/meta.js');
      const { CatalogService } = await import('../../src/server/features/catalog/service.js');
      const meta = await catalogMetaResolver(web.app.ctx, new CatalogService(web.app.ctx))(
        `/products/${product.id}`,
        new URLSearchParams(),
        'https://pasal.example',
        'en',
      );
      expect(meta?.jsonLd).toMatchObject({
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1, bestRating: 5 },
        review: [
          {
            '@type': 'Review',
            name: 'Solid </script><b>',
            author: { '@type': 'Person', name: 'Ram T.' },
            reviewRating: { '@type': 'Rating', ratingValue: 4 },
          },
        ],
      });
    }
  });
});
