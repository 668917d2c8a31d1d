import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage, RelatedProducts } from '../../src/shared/catalog.js';
import { serverMessage } from '../../src/server/i18n/errors-ne.js';
import { REVIEW_MESSAGES, REVIEW_WRITES_PER_MINUTE, type Review, type ReviewPage } from '../../src/shared/reviews.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { bearer, makeProduct, makeShopper, type TestProduct, type TestShopper } from '../helpers/orders.js';
import { deliveredOrder, reviewBody } from '../helpers/reviews.js';

/**
 * Verified reviews: only a shopper who received the product reviews it, once, editable; the
 * product's figures follow every write exactly, in parallel too; votes and reports once per
 * shopper; bad input a clear 400 in English and Nepali; text stays text.
 */
describe('reviews', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const post = (shopper: TestShopper, productId: number, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/reviews`,
      headers: { ...bearer(shopper.token), ...headers },
      payload: payload as object,
    });
  const list = async (productId: number, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${productId}/reviews${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReviewPage>();
  };
  /** A shopper who has received the product. */
  async function buyer(product: TestProduct, options: Parameters<typeof makeShopper>[1] = {}): Promise<TestShopper> {
    const shopper = await makeShopper(t, options);
    await deliveredOrder(t, shopper.userId, product);
    return shopper;
  }

  it('a shopper with a delivered order reviews the product: 201, shown with name, variant and verified purchase', async () => {
    const product = await makeProduct(t);
    const shopper = await makeShopper(t, { firstName: 'Sita', lastName: 'sharma' });
    await deliveredOrder(t, shopper.userId, product, { variantLabel: '256 GB / Black' });
    const res = await post(
      shopper,
      product.id,
      reviewBody({ rating: 4, title: '  Good phone ', text: 'Battery lasts two days.' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { review } = res.json<{ review: Review }>();
    expect(review).toMatchObject({
      productId: product.id,
      rating: 4,
      title: 'Good phone',
      text: 'Battery lasts two days.',
      author: 'Sita S.',
      variant: '256 GB / Black',
      verifiedPurchase: true,
      helpfulCount: 0,
      reply: null,
    });
    const page = await list(product.id);
    expect(page).toMatchObject({ average: 4, count: 1, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 }, page: 1, totalPages: 1 });
    expect(page.reviews).toEqual([review]);
    // The product's answers carry the figures, their other fields unchanged.
    const detail = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(detail.json()).toMatchObject({
      id: product.id,
      name: product.name,
      price: product.price,
      rating: { average: 4, count: 1 },
    });
    const listed = await t.app.inject({ method: 'GET', url: '/api/products?page=1&pageSize=100&sort=newest' });
    expect(listed.json<ProductPage>().products.find((p) => p.id === product.id)?.rating).toEqual({ average: 4, count: 1 });
    // The shopper's own view: allowed, their review.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}/reviews/mine`,
      headers: bearer(shopper.token),
    });
    expect(mine.json()).toEqual({ canReview: true, review });
  });

  it('refuses a shopper who has not received the product: 403 in both languages', async () => {
    const product = await makeProduct(t);
    const stranger = await makeShopper(t);
    // An order on its way is not enough, nor another shopper's delivered order.
    await deliveredOrder(t, stranger.userId, product, { status: 'shipped' });
    const other = await buyer(product);
    expect(other.userId).not.toBe(stranger.userId);
    const res = await post(stranger, product.id, reviewBody());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: REVIEW_MESSAGES.notBought, code: 'FORBIDDEN' });
    const ne = await post(stranger, product.id, reviewBody(), { 'accept-language': 'ne' });
    expect(ne.json().message).toBe(serverMessage(REVIEW_MESSAGES.notBought, 'ne'));
    expect(ne.json().message).not.toBe(REVIEW_MESSAGES.notBought);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}/reviews/mine`,
      headers: bearer(stranger.token),
    });
    expect(mine.json()).toEqual({ canReview: false, reason: REVIEW_MESSAGES.notBought, review: null });
    // Nobody logged in: 401; a product that does not exist: 404.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/products/${product.id}/reviews`, payload: reviewBody() })).statusCode,
    ).toBe(401);
    expect((await post(other, 999_999, reviewBody())).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/999999/reviews' })).statusCode).toBe(404);
  });

  it('one review per shopper and product: a second is 409; PUT edits it and the figures follow', async () => {
    const product = await makeProduct(t);
    const shopper = await buyer(product);
    expect((await post(shopper, product.id, reviewBody({ rating: 5 }))).statusCode).toBe(201);
    const again = await post(shopper, product.id, reviewBody({ rating: 1 }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_MESSAGES.alreadyReviewed);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/reviews`,
      headers: bearer(shopper.token),
      payload: reviewBody({ rating: 2, title: 'Changed my mind', text: 'Stopped working after a week.' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().review).toMatchObject({ rating: 2, title: 'Changed my mind' });
    expect(await list(product.id)).toMatchObject({ average: 2, count: 1, distribution: { 2: 1, 5: 0 } });
    // PUT without a review to edit: 404.
    const newcomer = await buyer(product);
    const none = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/reviews`,
      headers: bearer(newcomer.token),
      payload: reviewBody(),
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(REVIEW_MESSAGES.noReviewYet);
  });

  it('bad input: a clear 400 with field errors in English and Nepali, never a 500', async () => {
    const product = await makeProduct(t);
    const shopper = await buyer(product);
    const cases: [Record<string, unknown>, string, string][] = [
      [reviewBody({ rating: 0 }), 'rating', REVIEW_MESSAGES.ratingInvalid],
      [reviewBody({ rating: 6 }), 'rating', REVIEW_MESSAGES.ratingInvalid],
      [reviewBody({ rating: 4.5 }), 'rating', REVIEW_MESSAGES.ratingInvalid],
      [reviewBody({ rating: '5' }), 'rating', REVIEW_MESSAGES.ratingInvalid],
      [reviewBody({ rating: undefined }), 'rating', REVIEW_MESSAGES.ratingInvalid],
      [reviewBody({ title: '' }), 'title', REVIEW_MESSAGES.titleRequired],
      [reviewBody({ title: 'x'.repeat(101) }), 'title', REVIEW_MESSAGES.titleLength],
      [reviewBody({ text: '' }), 'text', REVIEW_MESSAGES.textRequired],
      [reviewBody({ text: '   ' }), 'text', REVIEW_MESSAGES.textRequired],
      [reviewBody({ text: 'Too short' }), 'text', REVIEW_MESSAGES.textLength],
      [reviewBody({ text: 'x'.repeat(10_000) }), 'text', REVIEW_MESSAGES.textLength],
      [reviewBody({ text: 42 }), 'text', REVIEW_MESSAGES.textRequired],
    ];
    for (const [payload, field, message] of cases) {
      const en = await post(shopper, product.id, payload);
      expect(en.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(en.json().errors[field]).toBe(message);
      const ne = await post(shopper, product.id, payload, { 'accept-language': 'ne' });
      expect(ne.statusCode).toBe(400);
      expect(ne.json().errors[field]).toBe(serverMessage(message, 'ne'));
      expect(ne.json().errors[field]).toMatch(/[\u0900-\u097F]/);
    }
    // Bad ids and queries.
    expect((await t.app.inject({ method: 'GET', url: '/api/products/abc/reviews' })).statusCode).toBe(400);
    const sort = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}/reviews?sort=best`,
      headers: { 'accept-language': 'ne' },
    });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors.sort).toBe(serverMessage(REVIEW_MESSAGES.sortInvalid, 'ne'));
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/reviews?page=0` })).statusCode).toBe(400);
    // Nothing was stored by the refused tries.
    expect((await list(product.id)).count).toBe(0);
  });

  it('script in any field is stored and answered as the text it is', async () => {
    const product = await makeProduct(t);
    const shopper = await buyer(product, { firstName: '<img src=x onerror=alert(1)>' });
    const title = '<script>alert("t")</script>';
    const text = 'Call 9841000000 or see <a href="https://evil.example">this</a> <script>alert(1)</script>';
    const res = await post(shopper, product.id, { rating: 3, title, text });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const [review] = (await list(product.id)).reviews;
    expect(review).toMatchObject({ title, text, author: '<img src=x onerror=alert(1)> S.' });
  });

  it('100 reviews a minute from one account: refused with 429 after the limit', async () => {
    const shopper = await makeShopper(t);
    const products = await Promise.all(Array.from({ length: REVIEW_WRITES_PER_MINUTE + 5 }, () => makeProduct(t)));
    for (const product of products) await deliveredOrder(t, shopper.userId, product);
    const statuses: number[] = [];
    for (const product of products) statuses.push((await post(shopper, product.id, reviewBody())).statusCode);
    expect(statuses.slice(0, REVIEW_WRITES_PER_MINUTE)).toEqual(Array(REVIEW_WRITES_PER_MINUTE).fill(201));
    expect(statuses.slice(REVIEW_WRITES_PER_MINUTE)).toEqual(Array(5).fill(429));
    const refused = await post(shopper, products.at(-1)!.id, reviewBody(), { 'accept-language': 'ne' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/[\u0900-\u097F]/);
    // A minute later the shopper writes again.
    t.clock.advance(61_000);
    expect((await post(shopper, products.at(-1)!.id, reviewBody())).statusCode).toBe(201);
  });

  it('two parallel reviews by one shopper: exactly one 201 and one 409; parallel shoppers: figures exact', async () => {
    const product = await makeProduct(t);
    const shopper = await buyer(product);
    const both = await Promise.all([
      post(shopper, product.id, reviewBody({ rating: 5 })),
      post(shopper, product.id, reviewBody({ rating: 1 })),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);

    const ratings = [1, 2, 3, 4, 5, 5, 4, 4];
    const shoppers = await Promise.all(ratings.map(() => buyer(product)));
    const results = await Promise.all(shoppers.map((s, i) => post(s, product.id, reviewBody({ rating: ratings[i] }))));
    expect(results.map((res) => res.statusCode)).toEqual(ratings.map(() => 201));
    const first = both.find((res) => res.statusCode === 201)!.json<{ review: Review }>().review.rating;
    const all = [...ratings, first];
    const page = await list(product.id);
    expect(page.count).toBe(all.length);
    expect(page.average).toBe(Math.round((all.reduce((a, b) => a + b, 0) * 10) / all.length) / 10);
    expect(page.distribution).toEqual(
      Object.fromEntries([1, 2, 3, 4, 5].map((n) => [String(n), all.filter((r) => r === n).length])),
    );
    const row = await t.app.ctx.db
      .selectFrom('products')
      .select(['rating_count', 'rating_sum'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect({ count: Number(row.rating_count), sum: Number(row.rating_sum) }).toEqual({
      count: all.length,
      sum: all.reduce((a, b) => a + b, 0),
    });
    expect(page.totalPages).toBe(1);
  });

  it('helpful votes: once per shopper (409 after), counted once in parallel, never on one’s own review', async () => {
    const product = await makeProduct(t);
    const author = await buyer(product);
    const { review } = (await post(author, product.id, reviewBody())).json<{ review: Review }>();
    const voter = await makeShopper(t);
    const vote = (s: TestShopper, id = review.id) =>
      t.app.inject({ method: 'POST', url: `/api/reviews/${id}/helpful`, headers: bearer(s.token) });
    const first = await vote(voter);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ helpfulCount: 1 });
    const twice = await vote(voter);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(REVIEW_MESSAGES.alreadyHelpful);
    expect((await vote(author)).statusCode).toBe(403);
    expect((await vote(voter, 999_999)).statusCode).toBe(404);

    const racer = await makeShopper(t);
    const parallel = await Promise.all([vote(racer), vote(racer), vote(racer)]);
    expect(parallel.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    const [shown] = (await list(product.id)).reviews;
    expect(shown!.helpfulCount).toBe(2);
    // Sorted by helpful votes.
    const second = await buyer(product);
    expect((await post(second, product.id, reviewBody({ rating: 1 }))).statusCode).toBe(201);
    expect((await list(product.id, '?sort=helpful')).reviews.map((r) => r.id)[0]).toBe(review.id);
    expect((await list(product.id, '?sort=newest')).reviews.map((r) => r.id)[0]).not.toBe(review.id);
    expect((await list(product.id, '?sort=rating')).reviews.map((r) => r.rating)).toEqual([5, 1]);
  });

  it('abuse reports: once per shopper, with a reason from the list', async () => {
    const product = await makeProduct(t);
    const author = await buyer(product);
    const { review } = (await post(author, product.id, reviewBody())).json<{ review: Review }>();
    const reporter = await makeShopper(t);
    const report = (payload: unknown, s = reporter) =>
      t.app.inject({
        method: 'POST',
        url: `/api/reviews/${review.id}/report`,
        headers: bearer(s.token),
        payload: payload as object,
      });
    const bad = await report({ reason: 'boring' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.reason).toBe(REVIEW_MESSAGES.reportReasonInvalid);
    const ok = await report({ reason: 'spam' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: REVIEW_MESSAGES.reported });
    expect((await report({ reason: 'fake' })).statusCode).toBe(409);
    expect((await report({ reason: 'fake' }, author)).statusCode).toBe(403);
  });

  it('the product list sorts by rating, ties by more reviews; unrated products last', async () => {
    const category = 'Reviewed Sort Category';
    const low = await makeProduct(t, { category });
    const [tieFew, tieMany, none] = await Promise.all([
      makeProduct(t, { category }),
      makeProduct(t, { category }),
      makeProduct(t, { category }),
    ]);
    const rate = async (product: TestProduct, ratings: number[]) => {
      for (const rating of ratings)
        expect((await post(await buyer(product), product.id, reviewBody({ rating }))).statusCode).toBe(201);
    };
    await rate(low, [3]);
    await rate(tieFew, [5]);
    await rate(tieMany, [5, 5]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products?category=${encodeURIComponent(category)}&sort=rating&page=1`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { products } = res.json<ProductPage>();
    expect(products.map((p) => p.id)).toEqual([tieMany.id, tieFew.id, low.id, none.id]);
    expect(products.map((p) => p.rating)).toEqual([
      { average: 5, count: 2 },
      { average: 5, count: 1 },
      { average: 3, count: 1 },
      { average: 0, count: 0 },
    ]);
    const related = await t.app.inject({ method: 'GET', url: `/api/products/${none.id}/related` });
    expect(related.json<RelatedProducts>().products.find((p) => p.id === tieMany.id)?.rating).toEqual({ average: 5, count: 2 });
  });
});
