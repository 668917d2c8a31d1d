import { createHash } from 'node:crypto';
import { type Encoding, compressText } from '../../lib/http-cache.js';
import { LruCache } from '../../lib/lru-cache.js';

/** Documents kept compressed, and the bytes they may hold together (each a few tens of KB). */
const KEPT_DOCUMENTS = 400;
const KEPT_BYTES = 16 * 1024 * 1024;

/**
 * A page's document compressed once, not on every request. Brotli over a list page's 150 KB of
 * HTML was the largest part of the server's CPU for a page (measured with --cpu-prof: about a
 * quarter of it), while most requests are for the same few documents: the same address, language
 * and catalogue give the same bytes. The document's own hash is the key, so whatever went into it
 * (the answers, the sandbox flag, the preloads) a changed document is compressed afresh, and a
 * stale one can never be served; hashing costs a fraction of compressing.
 */
export function compressedPages(): (html: string, encoding: Encoding) => Buffer {
  const kept = new LruCache<Buffer>(KEPT_DOCUMENTS, KEPT_BYTES);
  return (html, encoding) => {
    const key = `${encoding}:${createHash('sha1').update(html).digest('base64')}`;
    const held = kept.get(key);
    if (held) return held;
    const body = compressText(html, encoding);
    kept.set(key, body, body.length);
    return body;
  };
}
