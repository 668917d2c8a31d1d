import { z } from 'zod';
import { exchange, type FetchLike, isHttpUrl, parseJson, snippet } from './http.js';
import type { PaymentVerdict } from './verdict.js';

/**
 * Khalti KPG-2 web checkout (https://docs.khalti.com/khalti-epayment/): our own small client.
 *
 * 1. khaltiInitiate() creates the payment (server to server, `Authorization: Key <secret>`) and
 *    gives the pidx and the payment_url to send the shopper to.
 * 2. Khalti sends the shopper back to return_url?pidx=…&status=…: khaltiReturnParams() reads the
 *    pidx from it, and nothing else there is trusted.
 * 3. Only the lookup API is proof of payment: khaltiLookup() asks it, khaltiVerdict() says whether
 *    the answer means this order is paid.
 *
 * Amounts are integer paisa both ways. Secrets are never put in a reason, an error or a log line.
 */

export const KHALTI_DEFAULT_API_URL = 'https://dev.khalti.com/api/v2/';

/** Khalti refuses less than Rs. 10. */
export const KHALTI_MIN_AMOUNT_PAISA = 1000;
/** Khalti's own words for it (docs.khalti.com, "Amount is less than 10"). */
export const KHALTI_MIN_AMOUNT_MESSAGE = 'Amount should be greater than Rs. 10, that is 1000 paisa.';

/** The statuses the lookup API documents. */
export const KHALTI_STATUSES = [
  'Completed',
  'Pending',
  'Initiated',
  'Refunded',
  'Expired',
  'User canceled',
  'Partially Refunded',
] as const;
export type KhaltiStatus = (typeof KHALTI_STATUSES)[number];

interface KhaltiCall {
  /** Ends with '/', e.g. https://dev.khalti.com/api/v2/ (one is added when missing). */
  apiUrl: string;
  secretKey: string;
  fetch?: FetchLike;
  /** Default 10 s. */
  timeoutMs?: number;
}

// -------------------------------------------------------------------------------------------
// 1. Initiate

export interface KhaltiInitiateInput extends KhaltiCall {
  returnUrl: string;
  websiteUrl: string;
  amountPaisa: number;
  /** purchase_order_id: our order id. */
  orderId: string;
  /** purchase_order_name: what the shopper sees they pay for. */
  orderName: string;
  customer?: { name: string; email: string; phone: string };
}

export type KhaltiInitiateOutcome =
  | { kind: 'created'; pidx: string; paymentUrl: string; expiresAt: string; expiresIn?: number }
  /** Khalti (or our own check of its rules) said no: HTTP status and Khalti's words. Do not retry as is. */
  | { kind: 'refused'; status: number; detail: string }
  /** Khalti could not be asked (down, slow, 5xx): try again later. */
  | { kind: 'unavailable'; reason: string }
  /** Khalti answered 2xx with something that is not a created payment. */
  | { kind: 'invalid'; reason: string };

const initiateAnswer = z.object({
  pidx: z.string().min(1).max(200),
  payment_url: z.string().refine(isHttpUrl),
  expires_at: z.string().min(1),
  expires_in: z.number().optional(),
});

/** Creates a KPG-2 payment. Never throws. */
export async function khaltiInitiate(input: KhaltiInitiateInput): Promise<KhaltiInitiateOutcome> {
  // Khalti would refuse it with 400: say so without the round trip.
  if (!Number.isSafeInteger(input.amountPaisa) || input.amountPaisa < KHALTI_MIN_AMOUNT_PAISA) {
    return { kind: 'refused', status: 400, detail: `amount: ${KHALTI_MIN_AMOUNT_MESSAGE}` };
  }
  const body = {
    return_url: input.returnUrl,
    website_url: input.websiteUrl,
    amount: input.amountPaisa,
    purchase_order_id: input.orderId,
    purchase_order_name: input.orderName,
    ...(input.customer ? { customer_info: customerInfo(input.customer) } : {}),
  };
  const result = await post(input, 'epayment/initiate/', body);
  if (result.kind === 'unavailable') return result;
  const json = parseJson(result.text);
  if (result.status >= 200 && result.status < 300) {
    const parsed = initiateAnswer.safeParse(json);
    if (!parsed.success) return { kind: 'invalid', reason: 'Khalti answered without pidx, payment_url or expires_at' };
    const { pidx, payment_url: paymentUrl, expires_at: expiresAt, expires_in: expiresIn } = parsed.data;
    return { kind: 'created', pidx, paymentUrl, expiresAt, ...(expiresIn === undefined ? {} : { expiresIn }) };
  }
  return { kind: 'refused', status: result.status, detail: errorDetail(json, result.status) };
}

// -------------------------------------------------------------------------------------------
// 2. The return redirect

/**
 * The pidx (and, for display only, the status) from the query of Khalti's redirect to
 * return_url. Never trust the status: look the pidx up (khaltiLookup).
 */
export function khaltiReturnParams(query: Readonly<Record<string, unknown>>): { pidx: string; status?: string } | undefined {
  const pidx = query.pidx;
  if (typeof pidx !== 'string' || !/^[A-Za-z0-9_-]{1,200}$/.test(pidx)) return undefined;
  return typeof query.status === 'string' ? { pidx, status: query.status } : { pidx };
}

// -------------------------------------------------------------------------------------------
// 3. Lookup

export interface KhaltiLookupInput extends KhaltiCall {
  pidx: string;
}

export type KhaltiLookupOutcome =
  | {
      kind: 'answer';
      /** One of KHALTI_STATUSES, or a status Khalti added since (treat as undecided). */
      status: string;
      pidx: string;
      totalAmountPaisa: number;
      transactionId: string | null;
      fee?: number;
      refunded?: boolean;
    }
  /** Khalti could not be asked (down, slow, 5xx): ask again later. */
  | { kind: 'unavailable'; reason: string }
  /** Khalti answered something that is not a lookup answer (garbage, 401 for our key, 404 for the pidx). */
  | { kind: 'invalid'; reason: string };

const lookupAnswer = z.object({
  pidx: z.string().min(1),
  status: z.string().min(1),
  total_amount: z.number().int().nonnegative(),
  transaction_id: z.string().nullable().optional(),
  fee: z.number().optional(),
  refunded: z.boolean().optional(),
});

/**
 * Looks a payment up. Expired and User canceled come back from Khalti as HTTP 400 with a status
 * body; they are answers like the 200s. Never throws.
 */
export async function khaltiLookup(input: KhaltiLookupInput): Promise<KhaltiLookupOutcome> {
  const result = await post(input, 'epayment/lookup/', { pidx: input.pidx });
  if (result.kind === 'unavailable') return result;
  const json = parseJson(result.text);
  if (result.status === 200 || result.status === 400) {
    const parsed = lookupAnswer.safeParse(json);
    if (parsed.success) {
      const answer = parsed.data;
      return {
        kind: 'answer',
        status: answer.status,
        pidx: answer.pidx,
        totalAmountPaisa: answer.total_amount,
        transactionId: answer.transaction_id ?? null,
        ...(answer.fee === undefined ? {} : { fee: answer.fee }),
        ...(answer.refunded === undefined ? {} : { refunded: answer.refunded }),
      };
    }
  }
  if (result.status === 401 || result.status === 403)
    return { kind: 'invalid', reason: `Khalti refused our key (HTTP ${result.status})` };
  if (result.status === 404) return { kind: 'invalid', reason: 'Khalti does not know this pidx (HTTP 404)' };
  if (json === undefined) return { kind: 'invalid', reason: `Khalti answered HTTP ${result.status} with no JSON` };
  return { kind: 'invalid', reason: `Khalti answered HTTP ${result.status}: ${errorDetail(json, result.status)}` };
}

export interface KhaltiExpected {
  pidx: string;
  amountPaisa: number;
}

/**
 * What a lookup answer means for the order that made this payment (see verdict.ts). Only
 * Completed for this order's pidx and amount is paid. Khalti asks merchants to hold payments of
 * statuses it does not document, so those are "waiting".
 */
export function khaltiVerdict(outcome: KhaltiLookupOutcome, expected: KhaltiExpected): PaymentVerdict {
  if (outcome.kind !== 'answer') return 'waiting';
  if (outcome.pidx !== expected.pidx) return 'mismatch';
  switch (outcome.status.toLowerCase()) {
    case 'completed':
      return outcome.totalAmountPaisa === expected.amountPaisa ? 'paid' : 'mismatch';
    case 'expired':
    case 'user canceled':
    case 'refunded':
    case 'partially refunded':
      return 'failed';
    default:
      return 'waiting';
  }
}

// -------------------------------------------------------------------------------------------

async function post(call: KhaltiCall, path: string, body: unknown) {
  const base = call.apiUrl.endsWith('/') ? call.apiUrl : `${call.apiUrl}/`;
  let url: string;
  try {
    url = new URL(path, base).toString();
  } catch {
    return { kind: 'unavailable' as const, reason: 'the Khalti API URL is not a URL' };
  }
  const result = await exchange({
    url,
    method: 'POST',
    headers: { authorization: `Key ${call.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    fetch: call.fetch,
    timeoutMs: call.timeoutMs,
  });
  if (result.kind === 'response' && (result.status >= 500 || result.status === 429)) {
    return { kind: 'unavailable' as const, reason: `Khalti answered HTTP ${result.status}` };
  }
  return result;
}

/**
 * Khalti's error bodies in one line: `{ detail, status_code }` for authorization, and
 * `{ field: [messages], error_key }` for validation ("amount: Amount should be greater …").
 */
function errorDetail(json: unknown, status: number): string {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return `HTTP ${status}`;
  const record = json as Record<string, unknown>;
  if (typeof record.detail === 'string') return snippet(record.detail, 200);
  const parts: string[] = [];
  for (const [field, value] of Object.entries(record)) {
    if (field === 'error_key' || field === 'status_code') continue;
    const messages = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
    if (typeof value === 'string') messages.push(value);
    if (messages.length > 0) parts.push(`${field}: ${messages.join(' ')}`);
  }
  return parts.length > 0 ? snippet(parts.join('; '), 300) : `HTTP ${status}`;
}

/**
 * The shopper as Khalti is told of them. An account made at checkout from a mobile number alone
 * has no email: an empty one is left out rather than sent for the gateway to refuse.
 */
function customerInfo(customer: { name: string; email: string; phone: string }) {
  const { email, ...rest } = customer;
  return email ? customer : rest;
}
