import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type Encoding,
  MIN_COMPRESS_BYTES,
  compressText,
  etagMatches,
  preferredEncoding,
  weakEtag,
} from '../../../lib/http-cache.js';
import { fnv1a } from '../../../lib/fnv.js';
import { LruCache } from '../../../lib/lru-cache.js';

/**
 * Public catalogue answers (GET /api/products, /api/products/:id, /api/category): built once,
 * kept as JSON text with their entity tag and their compressed forms, and sent again while they
 * are still true.
 *
 * - Freshness: an answer belongs to one catalog_state.version (bumped in the transaction of every
 *   catalogue write, by any server process or the seed CLI) and to the stock of the products in it
 *   (the one field that orders change without a new version). Each request reads both in one
 *   statement and rebuilds the answer when either moved, so no answer is ever stale.
 * - HTTP: `ETag` (weak: the version and a digest of what the body is made of — the request URL,
 *   whether it is shared, and the stock of its products — so a rebuilt answer keeps its tag in this
 *   and any other server process, without hashing a list page's ~17 KB body on every uncached
 *   request) and `Cache-Control: public, no-cache` — browsers and shared caches may
 *   keep the answer but must revalidate it each time (a 304 without a body when nothing changed),
 *   so an admin sees a change at once.
 * - Requests with an Authorization header (the admin panel) get a freshly built answer, never
 *   stored, marked private.
 * - Admission: an answer is kept from the second time its URL is asked (within the last
 *   ASKED_ONCE_MAX URLs) on. Most URLs of a large catalogue's filters, pages and sorts are asked
 *   once; keeping each of them cost more than it saved (ADR 0012): their bodies filled the
 *   cache, were promoted to V8's old generation and then collected, and pushed out the answers
 *   that are asked again.
 * - Compression: brotli or gzip of answers of 1 KB or more, made once per cached answer.
 * - Serialisation: the service returns exactly the shapes of the response schemas (TypeScript checks
 *   them), so the answer is JSON.stringify'd as it is; the zod schemas still describe the routes for
 *   the OpenAPI document.
 */

const MAX_BYTES = 16 * 1024 * 1024;
const MAX_ENTRIES = 5_000;
/** How many URLs asked once (and not kept) are remembered, so that their second request is kept. */
const ASKED_ONCE_MAX = 10_000;

export interface Answer {
  version: number;
  /** Ids of the products in the answer and their stock when it was built ("id:stock,…"). */
  ids: number[];
  stockKey: string;
  body: string;
  etag: string;
  headers: Record<string, string>;
  encoded: Partial<Record<Encoding, Buffer>>;
  bytes: number;
}

export interface BuiltAnswer {
  value: unknown;
  /** The products in the answer (their stock is checked before the answer is sent again). */
  products?: readonly { id: number; stock: number | null }[];
  /** Extra headers of the answer (kept with it in the cache). */
  headers?: Record<string, string>;
}

/** Reads the catalogue version and the current stock of the given products (versionAndStock in catalog/queries.ts). */
export type FreshnessReader = (ids: number[]) => Promise<{ version: number; stock: Map<number, number | null> }>;

const stockKeyOf = (ids: readonly number[], stock: (id: number) => number | null | undefined) =>
  ids.map((id) => `${id}:${stock(id) ?? '-'}`).join(',');

/** Answers by request URL, the least recently used dropped first (lib/lru-cache.ts), bounded in entries and bytes. */
export class AnswerCache {
  private readonly entries: LruCache<Answer>;

  constructor(
    private readonly maxBytes = MAX_BYTES,
    maxEntries = MAX_ENTRIES,
  ) {
    this.entries = new LruCache<Answer>(maxEntries, maxBytes);
  }

  get(key: string): Answer | undefined {
    return this.entries.get(key);
  }

  set(key: string, answer: Answer): void {
    if (answer.bytes > this.maxBytes / 8) return;
    this.entries.set(key, answer, answer.bytes);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** A compressed form was added to a cached answer. */
  grew(key: string, answer: Answer, added: number): void {
    answer.bytes += added;
    this.entries.addWeight(key, answer, added);
  }

  get size(): number {
    return this.entries.size;
  }
}

export class PublicAnswers {
  /**
   * URLs whose answer was built once and not kept (see "Admission" above), by a 32-bit hash: a
   * few bytes each however long the URL, and a collision only keeps an answer one request early.
   */
  private readonly askedOnce = new LruCache<true>(ASKED_ONCE_MAX);

  constructor(
    private readonly freshness: FreshnessReader,
    readonly cache = new AnswerCache(),
  ) {}

  /**
   * Sends the answer for this request: the kept one when the catalogue version and the stock of its
   * products are unchanged, else one built by `build(version)` (an error it throws goes to the
   * error handler and nothing is kept).
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    build: (version: number) => Promise<BuiltAnswer>,
  ): Promise<FastifyReply> {
    const shared = request.headers.authorization === undefined;
    const key = request.url;
    let answer = shared ? this.cache.get(key) : undefined;
    // A kept answer that is no longer true is replaced by the new one: its URL is asked again.
    const wasKept = answer !== undefined;
    const now = await this.freshness(answer?.ids ?? []);
    if (answer && (answer.version !== now.version || answer.stockKey !== stockKeyOf(answer.ids, (id) => now.stock.get(id)))) {
      this.cache.delete(key);
      answer = undefined;
    }
    if (!answer) {
      const built = await build(now.version);
      const body = JSON.stringify(built.value);
      const products = built.products ?? [];
      const stockById = new Map(products.map((product) => [product.id, product.stock]));
      const ids = [...stockById.keys()];
      const stockKey = stockKeyOf(ids, (id) => stockById.get(id));
      answer = {
        version: now.version,
        ids,
        stockKey,
        body,
        etag: weakEtag(`c${now.version}`, `${shared ? 'public' : 'private'} ${key} ${stockKey}`),
        headers: built.headers ?? {},
        encoded: {},
        // The key too: a URL can be kilobytes long.
        bytes: (body.length + key.length) * 2 + ids.length * 16 + 256,
      };
      if (shared && (wasKept || this.askedBefore(key))) this.cache.set(key, answer);
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
      if (shared) this.cache.grew(key, answer, encoded.length);
    }
    return reply.header('Content-Encoding', encoding).send(encoded);
  }

  /** True when `key` was asked once lately (then forgotten: it is kept now); else remembers it. */
  private askedBefore(key: string): boolean {
    const hashed = String(fnv1a(key));
    if (this.askedOnce.get(hashed)) {
      this.askedOnce.delete(hashed);
      return true;
    }
    this.askedOnce.set(hashed, true);
    return false;
  }
}
