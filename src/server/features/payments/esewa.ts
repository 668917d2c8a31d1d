import crypto from 'node:crypto';
import { exchange, type FetchLike, isHttpUrl, snippet } from './http.js';
import { type RawJsonValue, rawText, readRawJsonObject } from './raw-json.js';
import type { PaymentVerdict } from './verdict.js';

/**
 * eSewa ePay v2 (https://developer.esewa.com.np/pages/Epay): our own small client.
 *
 * 1. esewaFormFields() gives the fields the shopper's browser POSTs to the form URL, signed.
 * 2. eSewa sends the shopper back to success_url?data=<base64 JSON>; parseEsewaCallback() checks
 *    its signature (over the values as eSewa wrote them) and reads it.
 * 3. Only the status API is proof of payment: esewaStatus() asks it, esewaVerdict() says whether
 *    the answer means this order is paid.
 *
 * Amounts travel as rupee text. Ours are written canonically by paisaToEsewaAmount(): whole
 * rupees with no separators, and paisa only when there are any, without trailing zeros
 * (150000 → "1500", 150050 → "1500.5", 150005 → "1500.05"). eSewa writes its own as it likes
 * ("1000.0", "1,000.0"); esewaAmountToPaisa() reads all of them.
 *
 * Secrets are never put in a reason, an error message or a log line.
 */

export const ESEWA_DEFAULTS = {
  formUrl: 'https://rc-epay.esewa.com.np/api/epay/main/v2/form',
  statusUrl: 'https://rc.esewa.com.np/api/epay/transaction/status/',
  productCode: 'EPAYTEST',
  /** eSewa's published UAT (test) secret key; for tests and the sandbox only. */
  uatSecretKey: '8gBm/:&EnhH.1/q',
} as const;

/** The fields our form signs, in the order eSewa requires. */
export const ESEWA_SIGNED_FIELDS = ['total_amount', 'transaction_uuid', 'product_code'] as const;

/** What the status API can answer (developer.esewa.com.np, "Status Check"). */
export const ESEWA_STATUSES = [
  'COMPLETE',
  'PENDING',
  'AMBIGUOUS',
  'NOT_FOUND',
  'CANCELED',
  'FULL_REFUND',
  'PARTIAL_REFUND',
] as const;
export type EsewaStatus = (typeof ESEWA_STATUSES)[number];

/** eSewa: "alphanumeric characters and hyphen(-) only". */
const TRANSACTION_UUID = /^[A-Za-z0-9-]{1,100}$/;

// -------------------------------------------------------------------------------------------
// Amounts

/** Paisa → eSewa's rupee text, canonically (see above). Throws on anything but a whole, non-negative number. */
export function paisaToEsewaAmount(paisa: number): string {
  if (!Number.isSafeInteger(paisa) || paisa < 0) throw new RangeError('an amount must be whole, non-negative paisa');
  const rupees = Math.floor(paisa / 100);
  const rest = paisa % 100;
  if (rest === 0) return String(rupees);
  return `${rupees}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * eSewa's rupee text → paisa: "1000", "1000.0", "1000.00", "1,000.0", "1,00,000.5" (any digit
 * grouping by commas). Undefined for anything else, including fractions of a paisa.
 */
export function esewaAmountToPaisa(text: string): number | undefined {
  const match = /^(\d{1,3}(?:,\d{2,3})*|\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const whole = Number((match[1] ?? '').replace(/,/g, ''));
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return undefined;
  const paisa = whole * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(paisa) ? paisa : undefined;
}

/** True when eSewa's rupee text is this many paisa ("1,000.0", "1000.0" and "1000" are all 100000). */
export function esewaAmountEquals(text: string, paisa: number): boolean {
  const read = esewaAmountToPaisa(text);
  return read !== undefined && read === paisa;
}

// -------------------------------------------------------------------------------------------
// Signing

/** The text eSewa signs: `name=value` for each signed field, in order, joined by commas. */
export function esewaSignedMessage(fields: Readonly<Record<string, string>>, signedFieldNames: readonly string[]): string {
  return signedFieldNames
    .map((name) => {
      const value = fields[name];
      if (value === undefined) throw new Error(`the signed field ${name} has no value`);
      return `${name}=${value}`;
    })
    .join(',');
}

/** Base64 HMAC-SHA256, keyed with the merchant's secret, of the signed fields (our form's three by default). */
export function esewaSign(
  secret: string,
  fields: Readonly<Record<string, string>>,
  signedFieldNames: readonly string[] = ESEWA_SIGNED_FIELDS,
): string {
  return crypto.createHmac('sha256', secret).update(esewaSignedMessage(fields, signedFieldNames), 'utf8').digest('base64');
}

/** Compares a received base64 signature with ours in constant time. */
function signatureMatches(expected: string, received: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(received)) return false;
  const a = Buffer.from(expected, 'base64');
  const b = Buffer.from(received, 'base64');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

// -------------------------------------------------------------------------------------------
// 1. The form

export interface EsewaFormInput {
  amountPaisa: number;
  taxPaisa?: number;
  serviceChargePaisa?: number;
  deliveryChargePaisa?: number;
  /** Unique per attempt; letters, digits and hyphens (eSewa's rule). */
  transactionUuid: string;
  productCode: string;
  successUrl: string;
  failureUrl: string;
  secret: string;
}

/** The exact fields to POST (as a form) to the eSewa form URL. (A type, not an interface, so it is a Record<string, string>.) */
export type EsewaFormFields = {
  amount: string;
  tax_amount: string;
  total_amount: string;
  transaction_uuid: string;
  product_code: string;
  product_service_charge: string;
  product_delivery_charge: string;
  success_url: string;
  failure_url: string;
  signed_field_names: string;
  signature: string;
};

/**
 * The signed form for one payment attempt. total_amount is the sum of the four parts (eSewa's
 * rule), worked out in paisa so it always adds up. Throws RangeError on inputs no caller should
 * pass (a negative or fractional amount, a zero total, a bad uuid or URL).
 */
export function esewaFormFields(input: EsewaFormInput): EsewaFormFields {
  const parts = [input.amountPaisa, input.taxPaisa ?? 0, input.serviceChargePaisa ?? 0, input.deliveryChargePaisa ?? 0];
  const [amount = '', tax = '', service = '', delivery = ''] = parts.map(paisaToEsewaAmount);
  const totalPaisa = parts.reduce((sum, part) => sum + part, 0);
  if (input.amountPaisa <= 0) throw new RangeError('the amount must be above zero');
  if (!TRANSACTION_UUID.test(input.transactionUuid))
    throw new RangeError('transaction_uuid may hold letters, digits and hyphens only');
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(input.productCode)) throw new RangeError('product_code is not a valid code');
  for (const url of [input.successUrl, input.failureUrl]) {
    if (!isHttpUrl(url)) throw new RangeError('success_url and failure_url must be http(s) URLs');
  }
  const total = paisaToEsewaAmount(totalPaisa);
  const signed = { total_amount: total, transaction_uuid: input.transactionUuid, product_code: input.productCode };
  return {
    amount,
    tax_amount: tax,
    total_amount: total,
    transaction_uuid: input.transactionUuid,
    product_code: input.productCode,
    product_service_charge: service,
    product_delivery_charge: delivery,
    success_url: input.successUrl,
    failure_url: input.failureUrl,
    signed_field_names: ESEWA_SIGNED_FIELDS.join(','),
    signature: esewaSign(input.secret, signed),
  };
}

// -------------------------------------------------------------------------------------------
// 2. The success redirect

/** The callback's fields, each as eSewa wrote it (total_amount is text such as "1000.0"). */
export interface EsewaCallbackFields {
  transaction_code: string;
  status: string;
  total_amount: string;
  transaction_uuid: string;
  product_code: string;
}

export type EsewaCallback = { ok: true; fields: EsewaCallbackFields } | { ok: false; reason: string };

const CALLBACK_FIELDS = ['transaction_code', 'status', 'total_amount', 'transaction_uuid', 'product_code'] as const;

/**
 * Reads and checks the `data` query parameter of eSewa's success redirect: base64 of a JSON
 * object whose `signature` covers the fields named in its `signed_field_names`, in that order,
 * with the values as written in the JSON text. Never throws. A good answer only says that eSewa
 * wrote this message: ask the status API (esewaStatus) before treating the order as paid.
 */
export function parseEsewaCallback(dataParam: string | undefined, secret: string): EsewaCallback {
  if (typeof dataParam !== 'string' || dataParam.trim() === '') return { ok: false, reason: 'no data' };
  // Whitespace is dropped (eSewa's docs wrap their example); a '+' that a form decoder turned
  // into a space is put back; the URL-safe alphabet is accepted too.
  const base64 = dataParam.trim().replace(/ /g, '+').replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (base64.length > 8192 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.replace(/=+$/, '').length % 4 === 1) {
    return { ok: false, reason: 'data is not base64' };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(base64, 'base64'));
  } catch {
    return { ok: false, reason: 'data is not UTF-8 text' };
  }
  const members = readRawJsonObject(text);
  if (!members) return { ok: false, reason: 'data is not a JSON object' };

  const scalar = (name: string): string | undefined => {
    const value: RawJsonValue | undefined = members.get(name);
    if (!value || value.type === 'nested' || (value.type === 'literal' && value.text === 'null')) return undefined;
    return rawText(value);
  };
  const signature = scalar('signature');
  const signedNames = scalar('signed_field_names');
  if (signature === undefined || signedNames === undefined) return { ok: false, reason: 'data has no signature' };
  const names = signedNames.split(',');
  const missing = CALLBACK_FIELDS.filter((name) => scalar(name) === undefined);
  if (missing.length > 0) return { ok: false, reason: `data lacks ${missing.join(', ')}` };
  // A field we act on that the signature does not cover could have been changed by anyone.
  const unsigned = CALLBACK_FIELDS.filter((name) => !names.includes(name));
  if (unsigned.length > 0) return { ok: false, reason: `the signature does not cover ${unsigned.join(', ')}` };
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = scalar(name);
    if (value === undefined) return { ok: false, reason: `the signed field ${name || '(empty)'} is missing` };
    values[name] = value;
  }
  if (!signatureMatches(esewaSign(secret, values, names), signature)) return { ok: false, reason: 'bad signature' };
  const fields = Object.fromEntries(CALLBACK_FIELDS.map((name) => [name, values[name] ?? ''])) as unknown as EsewaCallbackFields;
  return { ok: true, fields };
}

// -------------------------------------------------------------------------------------------
// 3. The status API

export interface EsewaStatusQuery {
  statusUrl: string;
  productCode: string;
  /** The total as sent in the form (EsewaFormFields.total_amount, e.g. "1500"). */
  totalAmount: string;
  transactionUuid: string;
  fetch?: FetchLike;
  /** Default 10 s. */
  timeoutMs?: number;
}

export type EsewaStatusOutcome =
  | {
      kind: 'answer';
      status: EsewaStatus;
      /** eSewa's reference of a completed (or refunded, cancelled) payment. */
      refId?: string;
      /** As eSewa wrote it, e.g. "1500.0" (compare with esewaAmountEquals). */
      totalAmount: string;
      productCode: string;
      transactionUuid: string;
    }
  /** eSewa could not be asked (down, slow, 5xx, "Service is currently unavailable"): ask again later. */
  | { kind: 'unavailable'; reason: string }
  /** eSewa answered something that is not a status answer. */
  | { kind: 'invalid'; reason: string };

/** Asks eSewa's status API about one payment attempt. Never throws. */
export async function esewaStatus(query: EsewaStatusQuery): Promise<EsewaStatusOutcome> {
  let url: URL;
  try {
    url = new URL(query.statusUrl);
  } catch {
    return { kind: 'invalid', reason: 'the status URL is not a URL' };
  }
  url.searchParams.set('product_code', query.productCode);
  url.searchParams.set('total_amount', query.totalAmount);
  url.searchParams.set('transaction_uuid', query.transactionUuid);
  const result = await exchange({ url: url.toString(), method: 'GET', fetch: query.fetch, timeoutMs: query.timeoutMs });
  if (result.kind === 'unavailable') return result;
  if (result.status >= 500 || result.status === 429)
    return { kind: 'unavailable', reason: `eSewa answered HTTP ${result.status}` };

  const members = readRawJsonObject(result.text);
  if (!members) return { kind: 'invalid', reason: `eSewa answered HTTP ${result.status} with no JSON object` };
  const text = (name: string): string | undefined => {
    const value = members.get(name);
    return value && (value.type === 'string' || value.type === 'number') ? rawText(value) : undefined;
  };
  const status = text('status');
  if (status === undefined) {
    const message = text('error_message');
    // eSewa's documented "Service is currently unavailable" answer: { code: 0, error_message }.
    // The same shape with a 4xx is eSewa refusing our question: asking again will not help.
    if (message !== undefined) {
      return result.status >= 400
        ? { kind: 'invalid', reason: `eSewa answered HTTP ${result.status}: ${snippet(message)}` }
        : { kind: 'unavailable', reason: `eSewa: ${snippet(message)}` };
    }
    return { kind: 'invalid', reason: `eSewa answered HTTP ${result.status} without a status` };
  }
  if (!(ESEWA_STATUSES as readonly string[]).includes(status)) {
    return { kind: 'invalid', reason: `eSewa answered an unknown status ${snippet(status, 40)}` };
  }
  const totalAmount = text('total_amount');
  const productCode = text('product_code');
  const transactionUuid = text('transaction_uuid');
  if (totalAmount === undefined || productCode === undefined || transactionUuid === undefined) {
    return { kind: 'invalid', reason: 'eSewa answered a status without total_amount, product_code or transaction_uuid' };
  }
  const refId = text('ref_id');
  return {
    kind: 'answer',
    status: status as EsewaStatus,
    ...(refId ? { refId } : {}),
    totalAmount,
    productCode,
    transactionUuid,
  };
}

export interface EsewaExpected {
  productCode: string;
  transactionUuid: string;
  amountPaisa: number;
}

/**
 * What a status answer means for the order that made this attempt (see verdict.ts). Only
 * COMPLETE for this order's product code, uuid and amount is paid. NOT_FOUND is "waiting": eSewa
 * also says it before the shopper has sent the form, so the order's own deadline ends the wait.
 */
export function esewaVerdict(outcome: EsewaStatusOutcome, expected: EsewaExpected): PaymentVerdict {
  if (outcome.kind !== 'answer') return 'waiting';
  if (outcome.productCode !== expected.productCode || outcome.transactionUuid !== expected.transactionUuid) return 'mismatch';
  switch (outcome.status) {
    case 'COMPLETE':
      return esewaAmountEquals(outcome.totalAmount, expected.amountPaisa) ? 'paid' : 'mismatch';
    case 'CANCELED':
    case 'FULL_REFUND':
    case 'PARTIAL_REFUND':
      return 'failed';
    case 'PENDING':
    case 'AMBIGUOUS':
    case 'NOT_FOUND':
      return 'waiting';
  }
}
