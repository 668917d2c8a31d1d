import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '../../src/server/i18n/errors-ne.js';
import { REVIEW_MESSAGES, type Review, type ReviewPage } from '../../src/shared/reviews.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { type FilePart, multipart, pngFile, uploadedFiles } from '../helpers/catalog.js';
import { bearer, makeProduct, makeShopper, type TestShopper } from '../helpers/orders.js';
import { buyerReviews, reviewBody } from '../helpers/reviews.js';

/** Up to three photos on one's own review, through the image pipeline; replaced files are removed. */
describe('review photos', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  async function reviewer(): Promise<{ shopper: TestShopper; productId: number }> {
    const product = await makeProduct(t);
    const { shopper, res } = await buyerReviews(t, product, reviewBody());
    expect(res.statusCode).toBe(201);
    return { shopper, productId: product.id };
  }
  const put = async (shopper: TestShopper, productId: number, files: FilePart[], headers: Record<string, string> = {}) => {
    const form = await multipart({}, files);
    return t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}/reviews/photos`,
      headers: { ...bearer(shopper.token), ...form.headers, ...headers },
      payload: form.payload,
    });
  };
  const photo = async (name: string, color?: string): Promise<FilePart> => ({ ...(await pngFile(name, color)), field: 'photos' });

  it('adds up to 3 photos, shown with the review; replacing them removes the old files', async () => {
    const { shopper, productId } = await reviewer();
    const before = (await uploadedFiles(t)).length;
    const res = await put(shopper, productId, [await photo('a.png', '#ff0000'), await photo('b.png', '#00ff00')]);
    expect(res.statusCode, res.body).toBe(200);
    const { review } = res.json<{ review: Review }>();
    expect(review.photos).toHaveLength(2);
    for (const address of review.photos) expect(address).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-\d+\.webp$/);
    const page = (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/reviews` })).json<ReviewPage>();
    expect(page.reviews[0]!.photos).toEqual(review.photos);
    const stored = (await uploadedFiles(t)).length;
    expect(stored).toBeGreaterThan(before);

    const replaced = await put(shopper, productId, [await photo('c.png', '#0000ff')]);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<{ review: Review }>().review.photos).toHaveLength(1);
    expect((await uploadedFiles(t)).length).toBeLessThan(stored);
    // None: the photos are taken off.
    const none = await put(shopper, productId, []);
    expect(none.json<{ review: Review }>().review.photos).toEqual([]);
    expect((await uploadedFiles(t)).length).toBe(before);
  });

  it('refuses a 4th photo, a file that is not an image, a wrong field and a shopper without a review', async () => {
    const { shopper, productId } = await reviewer();
    const before = (await uploadedFiles(t)).length;
    const four = await put(shopper, productId, await Promise.all(['1', '2', '3', '4'].map((n) => photo(`${n}.png`))), {
      'accept-language': 'ne',
    });
    expect(four.statusCode).toBe(400);
    expect(four.json().message).toBe(serverMessage(REVIEW_MESSAGES.tooManyPhotos, 'ne'));
    expect(four.json().message).not.toBe(REVIEW_MESSAGES.tooManyPhotos);
    const text = await put(shopper, productId, [
      { field: 'photos', name: 'x.png', type: 'image/png', data: Buffer.from('<script>') },
    ]);
    expect(text.statusCode).toBe(415);
    const wrongField = await put(shopper, productId, [{ ...(await photo('a.png')), field: 'images' }]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(REVIEW_MESSAGES.photosField);
    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}/reviews/photos`,
      headers: bearer(shopper.token),
      payload: { photos: [] },
    });
    expect(json.statusCode).toBe(415);
    const stranger = await makeShopper(t);
    const none = await put(stranger, productId, [await photo('a.png')]);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(REVIEW_MESSAGES.noReviewYet);
    // Nothing refused left a file behind.
    expect((await uploadedFiles(t)).length).toBe(before);
  });
});
