import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../../../lib/clock.js';
import { isHttpUrl } from '../http.js';
import { KHALTI_MIN_AMOUNT_MESSAGE } from '../khalti.js';
import { checkoutPage, messagePage } from './pages.js';
import * as q from './queries.js';
import type { PaymentSandboxOptions, SandboxContext } from './routes.js';

/**
 * Khalti KPG-2 in the sandbox (see routes.ts): initiate, the payment page, the return redirect
 * and lookup, with Khalti's status codes and error bodies (docs.khalti.com/khalti-epayment/).
 */

/** Khalti's sandbox links last 30 minutes (expires_in 1800); then lookup says Expired. */
export const KHALTI_SANDBOX_TTL_MS = 30 * 60 * 1000;

const REQUIRED = 'This field is required.';
const BLANK = 'This field may not be blank.';
const BAD_URL = 'Enter a valid URL.';
const BAD_INTEGER = 'A valid integer is required.';

const url = z.string({ error: REQUIRED }).min(1, BLANK).refine(isHttpUrl, BAD_URL);
const text = z.string({ error: REQUIRED }).trim().min(1, BLANK).max(255);
const initiateSchema = z.object({
  return_url: url,
  website_url: url,
  // Khalti takes the amount as a number or as digits in a string ("1000" in its own examples).
  amount: z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? REQUIRED : BAD_INTEGER) })
      .int(BAD_INTEGER)
      .min(1000, KHALTI_MIN_AMOUNT_MESSAGE)
      .max(1e12, BAD_INTEGER),
  ),
  purchase_order_id: text,
  purchase_order_name: text,
  customer_info: z
    .object({ name: z.string().max(255).optional(), email: z.string().max(255).optional(), phone: z.string().max(30).optional() })
    .optional(),
});
const lookupSchema = z.object({ pidx: z.string({ error: REQUIRED }).min(1, BLANK).max(100) });
const pidxParams = z.object({ pidx: z.string().regex(/^[A-Za-z0-9]{1,100}$/) });

/** What the sandbox keeps about a Khalti payment beyond its row. */
interface KhaltiDetails {
  purchase_order_id: string;
  purchase_order_name: string;
  website_url: string;
  phone?: string;
  /** Set by Pay. */
  transaction_id?: string;
  mobile?: string;
}

export function khaltiSandboxRoutes(ctx: SandboxContext, options: PaymentSandboxOptions): FastifyPluginAsync {
  return async (app) => {
    const base = app.prefix;

    app.post('/epayment/initiate/', async (request, reply) => {
      if (!authorized(request, reply, options.khaltiSecretKey)) return reply;
      const parsed = initiateSchema.safeParse(request.body);
      if (!parsed.success) return reply.status(400).send(validationError(parsed.error));
      const body = parsed.data;
      const pidx = newPidx();
      const now = ctx.clock.now();
      const details: KhaltiDetails = {
        purchase_order_id: body.purchase_order_id,
        purchase_order_name: body.purchase_order_name,
        website_url: body.website_url,
        ...(body.customer_info?.phone ? { phone: body.customer_info.phone } : {}),
      };
      await q.insertPayment(ctx.db, {
        gateway: 'khalti',
        reference: pidx,
        amount_paisa: body.amount,
        status: 'Initiated',
        return_url: body.return_url,
        failure_url: null,
        details: JSON.stringify(details),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      const origin = options.baseUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
      return {
        pidx,
        payment_url: `${origin}${base}/pay/${pidx}`,
        expires_at: nepalTime(new Date(now.getTime() + KHALTI_SANDBOX_TTL_MS)),
        expires_in: KHALTI_SANDBOX_TTL_MS / 1000,
      };
    });

    /** Completed, Pending and Initiated answer 200; Expired and User canceled 400 (Khalti's table). */
    app.post('/epayment/lookup/', async (request, reply) => {
      if (!authorized(request, reply, options.khaltiSecretKey)) return reply;
      const parsed = lookupSchema.safeParse(request.body);
      if (!parsed.success) return reply.status(400).send(validationError(parsed.error));
      const payment = await currentPayment(parsed.data.pidx);
      if (!payment) return reply.status(404).send({ detail: 'Not found.', error_key: 'validation_error' });
      const details = JSON.parse(payment.details) as KhaltiDetails;
      const failed = payment.status === 'Expired' || payment.status === 'User canceled';
      return reply.status(failed ? 400 : 200).send({
        pidx: payment.reference,
        total_amount: payment.amount_paisa,
        status: payment.status,
        transaction_id: details.transaction_id ?? null,
        fee: 0,
        refunded: false,
      });
    });

    app.get('/pay/:pidx', async (request, reply) => {
      const payment = await paymentOf(request.params);
      if (!payment) return refuse(reply, 404, 'Payment not found', 'This payment link is not valid.');
      if (payment.status !== 'Initiated') return closed(reply, payment.status);
      const details = JSON.parse(payment.details) as KhaltiDetails;
      return reply.type('text/html; charset=utf-8').send(
        checkoutPage({
          gateway: 'Khalti',
          amountPaisa: payment.amount_paisa,
          lines: [
            ['Order', details.purchase_order_name],
            ['Order id', details.purchase_order_id],
          ],
          payAction: `${base}/pay/${payment.reference}`,
          cancelAction: `${base}/cancel/${payment.reference}`,
        }),
      );
    });

    app.post('/pay/:pidx', async (request, reply) => {
      let payment = await paymentOf(request.params);
      if (!payment) return refuse(reply, 404, 'Payment not found', 'This payment link is not valid.');
      if (payment.status === 'Initiated') {
        const before = JSON.parse(payment.details) as KhaltiDetails;
        const transactionId = newPidx();
        const details: KhaltiDetails = { ...before, transaction_id: transactionId, mobile: maskedMobile(before.phone) };
        await q.changeStatus(ctx.db, payment.id, {
          from: 'Initiated',
          to: 'Completed',
          details: JSON.stringify(details),
          now: isoNow(ctx.clock),
        });
        // Re-read: of two clicks (or Pay and Cancel in two tabs) only one changed it.
        payment = await currentPayment(payment.reference);
        if (!payment) return refuse(reply, 404, 'Payment not found', 'This payment link is not valid.');
      }
      if (payment.status !== 'Completed') return closed(reply, payment.status);
      const details = JSON.parse(payment.details) as KhaltiDetails;
      const id = details.transaction_id ?? '';
      // The parameters and their order of Khalti's "Success transaction callback" sample.
      return reply.redirect(
        returnTo(payment.return_url, [
          ['pidx', payment.reference],
          ['txnId', id],
          ['amount', String(payment.amount_paisa)],
          ['total_amount', String(payment.amount_paisa)],
          ['status', 'Completed'],
          ['mobile', details.mobile ?? ''],
          ['tidx', id],
          ['purchase_order_id', details.purchase_order_id],
          ['purchase_order_name', details.purchase_order_name],
          ['transaction_id', id],
        ]),
        303,
      );
    });

    app.post('/cancel/:pidx', async (request, reply) => {
      let payment = await paymentOf(request.params);
      if (!payment) return refuse(reply, 404, 'Payment not found', 'This payment link is not valid.');
      if (payment.status === 'Initiated') {
        await q.changeStatus(ctx.db, payment.id, {
          from: 'Initiated',
          to: 'User canceled',
          details: payment.details,
          now: isoNow(ctx.clock),
        });
        payment = await currentPayment(payment.reference);
        if (!payment) return refuse(reply, 404, 'Payment not found', 'This payment link is not valid.');
      }
      if (payment.status !== 'User canceled') return closed(reply, payment.status);
      const details = JSON.parse(payment.details) as KhaltiDetails;
      // Khalti's "Canceled transaction callback" sample.
      return reply.redirect(
        returnTo(payment.return_url, [
          ['pidx', payment.reference],
          ['transaction_id', ''],
          ['tidx', ''],
          ['amount', String(payment.amount_paisa)],
          ['total_amount', String(payment.amount_paisa)],
          ['mobile', ''],
          ['status', 'User canceled'],
          ['purchase_order_id', details.purchase_order_id],
          ['purchase_order_name', details.purchase_order_name],
        ]),
        303,
      );
    });

    async function paymentOf(params: unknown) {
      const parsed = pidxParams.safeParse(params);
      return parsed.success ? currentPayment(parsed.data.pidx) : undefined;
    }

    /** The payment as of now: a link not paid within its 30 minutes has expired. */
    async function currentPayment(pidx: string) {
      const payment = await q.findByReference(ctx.db, 'khalti', pidx);
      if (!payment || payment.status !== 'Initiated') return payment;
      const now = ctx.clock.now();
      if (now.getTime() - Date.parse(payment.created_at) < KHALTI_SANDBOX_TTL_MS) return payment;
      await q.changeStatus(ctx.db, payment.id, {
        from: 'Initiated',
        to: 'Expired',
        details: payment.details,
        now: now.toISOString(),
      });
      return q.findByReference(ctx.db, 'khalti', pidx);
    }
  };
}

/**
 * `Authorization: Key <secret>` (Khalti's own examples write "key"). Answers Khalti's 401 bodies
 * and false when it is missing or wrong.
 */
function authorized(request: FastifyRequest, reply: FastifyReply, secretKey: string): boolean {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^key\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) {
    void reply.status(401).send({ detail: 'Authentication credentials were not provided.', status_code: 401 });
    return false;
  }
  // Compared as hashes: equal lengths for timingSafeEqual, and no early exit on the first wrong byte.
  const digest = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest();
  if (!crypto.timingSafeEqual(digest(match[1]), digest(secretKey))) {
    void reply.status(401).send({ detail: 'Invalid token.', status_code: 401 });
    return false;
  }
  return true;
}

/** Khalti's validation body: `{ field: [message], …, error_key: 'validation_error' }`. */
function validationError(error: z.ZodError): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    const messages = (body[field] as string[] | undefined) ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    body[field] = messages;
  }
  return { ...body, error_key: 'validation_error' };
}

function returnTo(returnUrl: string, params: Array<[string, string]>): string {
  const target = new URL(returnUrl);
  for (const [name, value] of params) target.searchParams.append(name, value);
  return target.toString();
}

/** Khalti's identifiers look like bZQLD9wRVWo4CdESSfuSsB: 22 letters and digits. */
function newPidx(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  return Array.from(crypto.randomBytes(22), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** The payer's Khalti ID as Khalti shows it in the redirect (98XXXXX904). */
function maskedMobile(phone: string | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return `98XXXXX${digits.length >= 3 ? digits.slice(-3) : '000'}`;
}

/** Khalti writes times in Nepal's offset with microseconds: 2023-05-25T16:26:16.471649+05:45. */
function nepalTime(date: Date): string {
  const shifted = new Date(date.getTime() + (5 * 60 + 45) * 60 * 1000).toISOString();
  return `${shifted.slice(0, 23)}000+05:45`;
}

function closed(reply: FastifyReply, status: string) {
  const message: Record<string, string> = {
    Completed: 'This payment is already complete.',
    'User canceled': 'This payment was canceled.',
    Expired: 'This payment link has expired.',
  };
  return refuse(reply, 400, 'This payment is closed', message[status] ?? `This payment is ${status}.`);
}

function refuse(reply: FastifyReply, status: number, heading: string, message: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(messagePage('Khalti', heading, message));
}
