import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../../lib/sms-settings.js';

/**
 * The two Nepali gateways, written from their public API documents, and the dev outbox. Each
 * sends one text to one number: a number the gateway calls invalid is 'invalid' (that text fails
 * at once, alone); anything else that is not a clear yes (an error answer, a 5xx, a page that is
 * not JSON, no answer in time) throws, and the queue tries again later. Error texts name the
 * gateway's answer, never the token or the text (a code).
 *
 * Aakash SMS v3: POST …/sms/v3/send, form fields auth_token, to, text; answers
 *   {error: false, message, data: {valid: [{mobile, status…}], invalid: [{mobile…}]}} or
 *   {error: true, message, data: []} (a bad token, no balance).
 * Sparrow SMS v2: POST …/v2/sms/, form fields token, from, to, text; answers 200
 *   {count, response_code: 200, response} or 403 {response_code: 1000-1013, response}, where
 *   1007 (Invalid Receiver) and 1011 (No valid receiver) are about the number.
 */

export type SmsOutcome = 'sent' | 'invalid';

export interface SmsTransport {
  /** 'outbox', or the gateway's name: shown to the admin. */
  readonly name: 'aakash' | 'sparrow' | 'outbox';
  send(to: string, text: string, signal: AbortSignal): Promise<SmsOutcome>;
}

const SPARROW_INVALID_RECEIVER = new Set([1007, 1011]);

export function createSmsTransport(config: SmsConfig, dataDir: string, log: FastifyBaseLogger): SmsTransport {
  const provider = config.provider;
  if (!provider) return outboxTransport(dataDir, log);
  const post = (fields: Record<string, string>, signal: AbortSignal) => postForm(provider.apiUrl, fields, signal, config.timeoutMs);
  if (provider.name === 'aakash') {
    return {
      name: 'aakash',
      async send(to, text, signal) {
        const { status, body } = await post({ auth_token: provider.token, to, text }, signal);
        const answer = asObject(body);
        if (status >= 500 || !answer || typeof answer.error !== 'boolean') throw new Error(`Aakash SMS answered ${status} without its JSON answer`);
        if (answer.error) throw new Error(`Aakash SMS refused the text (${status}): ${shortText(answer.message)}`);
        const data = asObject(answer.data);
        const valid = Array.isArray(data?.valid) ? data.valid.length : 0;
        const invalid = Array.isArray(data?.invalid) ? data.invalid.length : 0;
        if (valid > 0) return 'sent';
        if (invalid > 0) return 'invalid';
        throw new Error('Aakash SMS answered with neither a valid nor an invalid number');
      },
    };
  }
  return {
    name: 'sparrow',
    async send(to, text, signal) {
      const { status, body } = await post({ token: provider.token, from: provider.from ?? '', to, text }, signal);
      const answer = asObject(body);
      const code = answer?.response_code;
      if (!answer || typeof code !== 'number') throw new Error(`Sparrow SMS answered ${status} without its JSON answer`);
      if (status === 200 && code === 200) return 'sent';
      if (SPARROW_INVALID_RECEIVER.has(code)) return 'invalid';
      throw new Error(`Sparrow SMS refused the text (${status}, ${code}): ${shortText(answer.response)}`);
    },
  };
}

/** Posts a form; the answer's status and its body as JSON (undefined when it is not JSON). */
async function postForm(
  url: string,
  fields: Record<string, string>,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      redirect: 'error',
    });
  } catch (error) {
    throw new Error(`could not reach the SMS gateway (${reasonOf(error)})`, { cause: error });
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new Error(`the SMS gateway's answer was cut off (${reasonOf(error)})`, { cause: error });
  }
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: undefined };
  }
}

/** A network failure's code or name, never its whole text (which could quote the request). */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  const name = (error as { name?: unknown }).name;
  return name === 'TimeoutError' || name === 'AbortError' ? 'no answer in time' : 'network error';
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function shortText(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 120) : 'no message';
}

/**
 * With no gateway, each text becomes a file under DATA_DIR/outbox/sms so a local demo can read its
 * codes, as the mail outbox does; the log names the file, never the text.
 */
function outboxTransport(dataDir: string, log: FastifyBaseLogger): SmsTransport {
  const folder = path.join(dataDir, 'outbox', 'sms');
  return {
    name: 'outbox',
    async send(to, text) {
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${to}-${randomBytes(4).toString('hex')}.txt`);
      await fs.writeFile(file, `To: ${to}\n\n${text}\n`, { mode: 0o600, flag: 'wx' });
      log.info({ file }, 'text written to the dev SMS outbox');
      return 'sent';
    },
  };
}
