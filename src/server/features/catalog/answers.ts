import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import {
  type Encoding,
  MIN_COMPRESS_BYTES,
  compressText,
  etagMatches,
  preferredEncoding,
  weakEtag,
} from '../../lib/http-cache.js';

/**
 * Public catalogue answers (GET /api/products, /api/products/:id, /api/category): built once,
 * kept as JSON text with their entity tag and their compressed forms, and sent again while the
 * catalogue has not changed.
 *
 * - Freshness: an answer belongs to one catalog_state.version (bumped in the transaction of every
 *   catalogue write, by any server process or the seed CLI), read on every request; a new version
 *   empties the cache. Stock is the one field that changes without a new version (checkouts and
 *   order cancellations move it), so an answer is also rebuilt once it is STOCK_STALE_MS old: the
 *   stock a shopper sees may lag by that much. The cart and checkout always check the current stock.
 * - HTTP: `ETag` (weak: the version and a digest of the body, so a rebuilt answer with the same
 *   content keeps its tag) and `Cache-Control: public, no-cache` — browsers and shared caches may
 *   keep the answer but must revalidate it each time (a 304 without a body when nothing changed),
 *   so an admin sees a change at once.
 * - Requests with an Authorization header (the admin panel) get a fresh answer, never stored,
 *   marked private.
 * - Compression: brotli or gzip of answers of 1 KB or more, made once per cached answer.
 * - Serialisation: the service returns exactly the shapes of the response schemas (TypeScript checks
 *   them), so the answer is JSON.stringify'd as it is; the zod schemas still describe the route for
 *   validation in tests and for the OpenAPI document.
 */

export const STOCK_STALE_MS = 5_000;
const MAX_BYTES = 16 * 1024 * 1024;
const MAX_ENTRIES = 5_000;

export interface Answer {
  version: number;
  body: string;
  etag: string;
  storedAt: number;
  headers: Record<string, string>;
  encoded: Partial<Record<Encoding, Buffer>>;
  bytes: number;
}

export interface BuiltAnswer {
  value: unknown;
  /** Extra headers of the answer (kept with it in the cache). */
  headers?: Record<string, string>;
}

export class AnswerCache {
  private readonly entries = new Map<string, Answer>();
  private bytes = 0;
  private version = -1;

  constructor(
    private readonly maxBytes = MAX_BYTES,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** A fresh answer for `key` at `version`, or undefined. */
  get(key: string, version: number, now: number): Answer | undefined {
    if (version !== this.version) {
      // A newer catalogue: everything kept is out of date. (An older one is a request that read
      // the version just before a write; it is answered fresh and its answer is not kept.)
      if (version > this.version) {
        this.clear();
        this.version = version;
      }
      return undefined;
    }
    const answer = this.entries.get(key);
    if (!answer) return undefined;
    if (now - answer.storedAt >= STOCK_STALE_MS || now < answer.storedAt) {
      this.remove(key, answer);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, answer);
    return answer;
  }

  set(key: string, answer: Answer): void {
    if (answer.version !== this.version || answer.bytes > this.maxBytes / 8) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, answer);
    this.bytes += answer.bytes;
    this.evict();
  }

  /** A compressed form was added to a cached answer. */
  grew(answer: Answer, added: number): void {
    answer.bytes += added;
    this.bytes += added;
    this.evict();
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private evict(): void {
    while (this.bytes > this.maxBytes || this.entries.size > this.maxEntries) {
      const oldest = this.entries.entries().next();
      if (oldest.done) break;
      this.remove(oldest.value[0], oldest.value[1]);
    }
  }

  private remove(key: string, answer: Answer): void {
    if (this.entries.get(key) === answer) {
      this.entries.delete(key);
      this.bytes -= answer.bytes;
    }
  }
}

export class PublicAnswers {
  readonly cache = new AnswerCache();

  constructor(private readonly clock: Clock) {}

  /**
   * Sends the answer for this request: from the cache when it is fresh for `version`, else built
   * by `build` (an error it throws goes to the error handler and nothing is stored).
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    version: number,
    build: () => Promise<BuiltAnswer>,
  ): Promise<FastifyReply> {
    const shared = request.headers.authorization === undefined;
    const now = this.clock.now().getTime();
    let answer = shared ? this.cache.get(request.url, version, now) : undefined;
    if (!answer) {
      const built = await build();
      const body = JSON.stringify(built.value);
      answer = {
        version,
        body,
        etag: weakEtag(`c${version}`, body),
        storedAt: now,
        headers: built.headers ?? {},
        encoded: {},
        bytes: body.length * 2 + 256,
      };
      if (shared) this.cache.set(request.url, answer);
    }

    void reply
      .headers(answer.headers)
      .header('ETag', answer.etag)
      .header('Cache-Control', shared ? 'public, no-cache' : 'private, no-cache')
      .header('Vary', 'Accept-Encoding');
    if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();

    void reply.type('application/json; charset=utf-8');
    const encoding = answer.body.length >= MIN_COMPRESS_BYTES ? preferredEncoding(request.headers['accept-encoding']) : undefined;
    if (!encoding) return reply.send(answer.body);
    let encoded = answer.encoded[encoding];
    if (!encoded) {
      encoded = compressText(answer.body, encoding);
      answer.encoded[encoding] = encoded;
      if (shared) this.cache.grew(answer, encoded.length);
    }
    return reply.header('Content-Encoding', encoding).send(encoded);
  }
}
