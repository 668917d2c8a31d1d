/**
 * One HTTP exchange with a payment gateway, bounded in time and size, that never throws.
 *
 * A gateway that is down, slow or answering garbage must not turn into a random exception in the
 * caller: the caller leaves the order awaiting payment and asks again later. So every way the
 * exchange can fail to produce a body becomes `{ kind: 'unavailable', reason }`, with a reason
 * written here (never the error's own text, which may quote a URL or a header).
 */

/** What the gateway clients accept in place of the global fetch (tests pass their own). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** How long a gateway may take, headers and body together (the issue: 10 s). */
export const GATEWAY_TIMEOUT_MS = 10_000;
/** A gateway's answers are a few hundred bytes; more is garbage and is not read to the end. */
const MAX_BODY_BYTES = 64 * 1024;

export type GatewayExchange = { kind: 'response'; status: number; text: string } | { kind: 'unavailable'; reason: string };

export interface GatewayRequest {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  fetch?: FetchLike | undefined;
  timeoutMs?: number | undefined;
}

export async function exchange(request: GatewayRequest): Promise<GatewayExchange> {
  const timeoutMs = request.timeoutMs ?? GATEWAY_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const doFetch: FetchLike = request.fetch ?? ((input, init) => fetch(input, init));
  try {
    const response = await doFetch(request.url, {
      method: request.method,
      headers: { accept: 'application/json', ...request.headers },
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: controller.signal,
      // A gateway API answers; it does not send us elsewhere (and a redirect would carry the key along).
      redirect: 'manual',
    });
    const text = await readLimited(response);
    if (text === undefined) return { kind: 'unavailable', reason: `the answer was larger than ${MAX_BODY_BYTES} bytes` };
    return { kind: 'response', status: response.status, text };
  } catch (error) {
    if (timedOut) return { kind: 'unavailable', reason: `no answer within ${formatSeconds(timeoutMs)}` };
    return { kind: 'unavailable', reason: networkReason(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** The body as text, or undefined when it is too large (the rest is not read). */
async function readLimited(response: Response): Promise<string | undefined> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A short, secret-free account of a failed connection: the system error code when there is one. */
function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = cause && typeof cause.code === 'string' ? cause.code : undefined;
  if (code && /^[A-Z_]+$/.test(code)) return `could not reach the gateway (${code})`;
  return 'could not reach the gateway';
}

function formatSeconds(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** JSON.parse that answers undefined instead of throwing. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Text of a gateway's answer short enough to put in a reason (never includes our request). */
export function snippet(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** True for an absolute http: or https: URL. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
