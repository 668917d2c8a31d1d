import http from 'node:http';
import zlib from 'node:zlib';

/**
 * The soak's HTTP client: node:http over keep-alive sockets (cheaper for the load generator than
 * fetch, which shares the two cores with the shop), every answer recorded with its kind, status
 * and time into the minute it finished in.
 */

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as text, decoded only when asked (most answers are only counted). */
  text(): string;
  json<T>(): T;
}

export interface Sent {
  method?: string;
  path: string;
  token?: string | undefined;
  json?: unknown;
  form?: Record<string, string>;
}

/** What the soak counts an answer as: fine, an expected refusal (409 out of stock), or an error. */
export type Outcome = 'ok' | 'expected' | 'error';

export interface Recorder {
  record(kind: string, outcome: Outcome, ms: number, detail?: string): void;
}

/** Codes of a 409 the sale-day traffic expects: the last units were sold to someone else. */
const EXPECTED_409 = new Set(['OUT_OF_STOCK', 'PRODUCT_UNAVAILABLE']);

export class SoakClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  constructor(
    private readonly baseUrl: string,
    private readonly recorder: Recorder,
  ) {}

  /**
   * One request, recorded; never throws (a socket error is recorded and answered as status 0).
   * `expect` lists statuses that are this step's success besides 2xx (303 of a redirect).
   */
  async send(kind: string, sent: Sent, expect: number[] = []): Promise<Answer> {
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await this.raw(sent);
    } catch (error) {
      // Counted here; the flow sees status 0 and goes no further.
      this.recorder.record(kind, 'error', performance.now() - started, `socket: ${(error as Error).message}`);
      return { status: 0, headers: {}, text: () => '', json: () => ({}) as never };
    }
    const ms = performance.now() - started;
    const { status } = answer;
    if ((status >= 200 && status < 300) || expect.includes(status)) this.recorder.record(kind, 'ok', ms);
    else if (status === 409 && EXPECTED_409.has(codeOf(answer))) this.recorder.record(kind, 'expected', ms);
    else this.recorder.record(kind, 'error', ms, `${status} ${answer.text().slice(0, 160)}`);
    return answer;
  }

  private raw(sent: Sent): Promise<Answer> {
    const url = new URL(sent.path, this.baseUrl);
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, br' };
    let body: string | undefined;
    if (sent.json !== undefined) {
      body = JSON.stringify(sent.json);
      headers['content-type'] = 'application/json';
    } else if (sent.form) {
      body = new URLSearchParams(sent.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    if (sent.token) headers.authorization = `Bearer ${sent.token}`;
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        { method: sent.method ?? (body === undefined ? 'GET' : 'POST'), headers, agent: this.agent, timeout: 30_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            let text: string | undefined;
            const read = () => (text ??= decode(raw, res.headers['content-encoding']));
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: read,
              json: <T>() => JSON.parse(read()) as T,
            });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

function decode(raw: Buffer, encoding: string | string[] | undefined): string {
  try {
    if (encoding === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
    if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  } catch {
    return '';
  }
  return raw.toString('utf8');
}

function codeOf(answer: Answer): string {
  try {
    const code = answer.json<{ code?: unknown }>().code;
    return typeof code === 'string' ? code : '';
  } catch {
    return '';
  }
}
