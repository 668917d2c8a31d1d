import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerCache, PublicAnswers } from '../../src/server/features/catalog/listing/answers.js';

/**
 * Which public catalogue answers are kept (features/catalog/listing/answers.ts, ADR 0012): from the second
 * request of a URL on, so that the many URLs asked once do not fill the cache.
 */
describe('public answers: admission to the cache', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** A bare app whose GET /p/:n answers through PublicAnswers at a fixed catalogue version, counting builds. */
  async function answering(version = { value: 1 }, cache?: AnswerCache) {
    const answers = new PublicAnswers(async () => ({ version: version.value, stock: new Map() }), cache);
    const builds: string[] = [];
    app = Fastify({ maxParamLength: 30_000 });
    app.get('/p/:n', (request, reply) =>
      answers.send(request, reply, async (v) => {
        builds.push(request.url);
        return { value: { n: (request.params as { n: string }).n, version: v } };
      }),
    );
    await app.ready();
    const get = async (url: string, headers: Record<string, string> = {}) => {
      const res = await app!.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBeLessThan(400);
      return res;
    };
    return { answers, builds, get, version };
  }

  it('builds a URL asked once and does not keep it; keeps it at its second request and serves it from then on', async () => {
    const { answers, builds, get } = await answering();
    const first = await get('/p/1');
    expect(first.json()).toEqual({ n: '1', version: 1 });
    expect(answers.cache.size).toBe(0);
    const second = await get('/p/1');
    expect(answers.cache.size).toBe(1);
    const third = await get('/p/1');
    expect(builds).toEqual(['/p/1', '/p/1']);
    // The same answer and entity tag each time, kept or not.
    expect(new Set([first.body, second.body, third.body]).size).toBe(1);
    expect(new Set([first.headers.etag, second.headers.etag, third.headers.etag]).size).toBe(1);
    expect((await get('/p/1', { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
  });

  it('keeps none of many URLs asked once each', async () => {
    const { answers, builds, get } = await answering();
    for (let i = 0; i < 200; i += 1) await get(`/p/${i}`);
    expect(builds).toHaveLength(200);
    expect(answers.cache.size).toBe(0);
  });

  it('keeps a popular answer again at once after a catalogue change', async () => {
    const { answers, builds, get, version } = await answering();
    await get('/p/7');
    await get('/p/7');
    expect(answers.cache.size).toBe(1);
    version.value = 2;
    expect((await get('/p/7')).json()).toEqual({ n: '7', version: 2 });
    expect(answers.cache.size).toBe(1);
    await get('/p/7');
    expect(builds).toEqual(['/p/7', '/p/7', '/p/7']);
  });

  it('counts a long URL in what a kept answer takes', async () => {
    // 20 000-character URLs, echoed in the body: ~80 KB an entry with the URL, ~40 KB without.
    // 800 KB holds 9 of them (it would hold 19 if the URL were not counted).
    const { answers, get } = await answering({ value: 1 }, new AnswerCache(800_000, 1_000));
    for (let i = 0; i < 50; i += 1) {
      const url = `/p/${String(i).padStart(20_000, 'x')}`;
      await get(url);
      await get(url);
    }
    expect(answers.cache.size).toBe(9);
  });

  it('never keeps an answer to a request with an Authorization header', async () => {
    const { answers, builds, get } = await answering();
    for (let i = 0; i < 3; i += 1) await get('/p/9', { authorization: 'Bearer x' });
    expect(builds).toHaveLength(3);
    expect(answers.cache.size).toBe(0);
  });
});
