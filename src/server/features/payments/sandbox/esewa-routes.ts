import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../../../lib/clock.js';
import { esewaAmountToPaisa, esewaSign } from '../esewa.js';
import { isHttpUrl } from '../http.js';
import { checkoutPage, messagePage } from './pages.js';
import * as q from './queries.js';
import type { PaymentSandboxOptions, SandboxContext } from './routes.js';

/**
 * eSewa ePay v2 in the sandbox (see routes.ts): the form, the Pay/Cancel page, the signed
 * success redirect and the status API, as developer.esewa.com.np describes them.
 */

const formSchema = z.object({
  amount: z.string().min(1),
  tax_amount: z.string().min(1),
  total_amount: z.string().min(1),
  transaction_uuid: z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'transaction_uuid may hold letters, digits and hyphens only'),
  product_code: z.string().min(1),
  product_service_charge: z.string().min(1),
  product_delivery_charge: z.string().min(1),
  success_url: z.string().refine(isHttpUrl, 'success_url must be a URL'),
  failure_url: z.string().refine(isHttpUrl, 'failure_url must be a URL'),
  signed_field_names: z.string().min(1),
  signature: z.string().min(1),
});
type EsewaForm = z.infer<typeof formSchema>;

/** What the sandbox keeps about an eSewa payment beyond its row. */
interface EsewaDetails {
  product_code: string;
  /** As the merchant sent it, e.g. "1500". */
  total_amount: string;
  /** Set by Pay: the code of the success message and the status API's ref_id. */
  transaction_code?: string;
}

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const statusQuery = z.object({
  product_code: z.string().min(1),
  total_amount: z.string().min(1),
  transaction_uuid: z.string().min(1),
});

export function esewaSandboxRoutes(ctx: SandboxContext, options: PaymentSandboxOptions): FastifyPluginAsync {
  return async (app) => {
    const base = app.prefix;

    app.post('/form', async (request, reply) => {
      const parsed = formSchema.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') ?? '';
        return refuse(
          reply,
          400,
          'The payment request was refused',
          issue?.code === 'invalid_type' ? `${field} is missing` : (issue?.message ?? 'bad form'),
        );
      }
      const form = parsed.data;
      const problem = checkForm(form, options);
      if (problem) return refuse(reply, 400, 'The payment request was refused', problem);
      const totalPaisa = esewaAmountToPaisa(form.total_amount) ?? 0;

      const now = isoNow(ctx.clock);
      const details: EsewaDetails = { product_code: form.product_code, total_amount: form.total_amount };
      let id = await q.insertPayment(ctx.db, {
        gateway: 'esewa',
        reference: form.transaction_uuid,
        amount_paisa: totalPaisa,
        status: 'PENDING',
        return_url: form.success_url,
        failure_url: form.failure_url,
        details: JSON.stringify(details),
        created_at: now,
        updated_at: now,
      });
      if (id === undefined) {
        // The same form sent again (a reload, the back button) shows the same payment; anything else
        // reusing a transaction_uuid is refused, as eSewa refuses it.
        const existing = await q.findByReference(ctx.db, 'esewa', form.transaction_uuid);
        const same =
          existing?.status === 'PENDING' &&
          existing.amount_paisa === totalPaisa &&
          existing.return_url === form.success_url &&
          existing.failure_url === form.failure_url;
        if (!existing || !same)
          return refuse(reply, 400, 'The payment request was refused', 'This transaction_uuid was used already.');
        id = existing.id;
      }
      return reply.type('text/html; charset=utf-8').send(
        checkoutPage({
          gateway: 'eSewa',
          amountPaisa: totalPaisa,
          lines: [
            ['Merchant', form.product_code],
            ['Transaction', form.transaction_uuid],
          ],
          payAction: `${base}/pay/${id}`,
          cancelAction: `${base}/cancel/${id}`,
        }),
      );
    });

    app.post('/pay/:id', async (request, reply) => {
      let payment = await paymentOf(request.params);
      if (!payment) return refuse(reply, 404, 'Payment not found', 'There is no such payment.');
      if (payment.status === 'PENDING') {
        const details = { ...(JSON.parse(payment.details) as EsewaDetails), transaction_code: transactionCode() };
        await q.changeStatus(ctx.db, payment.id, {
          from: 'PENDING',
          to: 'COMPLETE',
          details: JSON.stringify(details),
          now: isoNow(ctx.clock),
        });
        // Re-read: of two clicks (or Pay and Cancel in two tabs) only one changed it.
        payment = await q.findById(ctx.db, 'esewa', payment.id);
        if (!payment) return refuse(reply, 404, 'Payment not found', 'There is no such payment.');
      }
      const details = JSON.parse(payment.details) as EsewaDetails;
      if (payment.status !== 'COMPLETE' || !details.transaction_code) {
        return refuse(reply, 409, 'This payment is closed', `The payment was ${payment.status.toLowerCase()}.`);
      }
      // A second click on Pay after it went through sends the shopper back with the same message.
      const data = successMessage(options.esewaSecret, {
        transactionCode: details.transaction_code,
        totalPaisa: payment.amount_paisa,
        transactionUuid: payment.reference,
        productCode: details.product_code,
      });
      const target = new URL(payment.return_url);
      target.searchParams.set('data', data);
      return reply.redirect(target.toString(), 303);
    });

    app.post('/cancel/:id', async (request, reply) => {
      const payment = await paymentOf(request.params);
      if (!payment || !payment.failure_url) return refuse(reply, 404, 'Payment not found', 'There is no such payment.');
      if (payment.status === 'PENDING') {
        await q.changeStatus(ctx.db, payment.id, {
          from: 'PENDING',
          to: 'CANCELED',
          details: payment.details,
          now: isoNow(ctx.clock),
        });
      }
      const current = await q.findById(ctx.db, 'esewa', payment.id);
      if (current?.status === 'COMPLETE') return refuse(reply, 409, 'This payment is closed', 'The payment was complete.');
      return reply.redirect(payment.failure_url, 303);
    });

    /**
     * eSewa's status API. An unknown payment, or a known one asked about with another product
     * code or amount, is NOT_FOUND: eSewa documents it as an ordinary answer (HTTP 200).
     * total_amount is written as eSewa writes it, a number with a decimal (100.0).
     */
    app.get('/status', async (request, reply) => {
      const parsed = statusQuery.safeParse(request.query);
      const askedPaisa = parsed.success ? esewaAmountToPaisa(parsed.data.total_amount) : undefined;
      if (!parsed.success || askedPaisa === undefined) {
        return reply
          .status(400)
          .type('application/json')
          .send('{"code":0,"error_message":"product_code, total_amount and transaction_uuid are required"}');
      }
      const query = parsed.data;
      const payment = await q.findByReference(ctx.db, 'esewa', query.transaction_uuid);
      const details = payment ? (JSON.parse(payment.details) as EsewaDetails) : undefined;
      const known = payment && details?.product_code === query.product_code && payment.amount_paisa === askedPaisa;
      const status = known ? payment.status : 'NOT_FOUND';
      const refId = known && details?.transaction_code ? details.transaction_code : null;
      return reply
        .type('application/json')
        .send(
          `{"product_code":${JSON.stringify(query.product_code)},"transaction_uuid":${JSON.stringify(query.transaction_uuid)},` +
            `"total_amount":${esewaStyleAmount(askedPaisa)},"status":${JSON.stringify(status)},"ref_id":${JSON.stringify(refId)}}`,
        );
    });

    async function paymentOf(params: unknown) {
      const parsed = idParams.safeParse(params);
      return parsed.success ? q.findById(ctx.db, 'esewa', parsed.data.id) : undefined;
    }
  };
}

/** Why eSewa would refuse this form, or undefined when it is good. */
function checkForm(form: EsewaForm, options: PaymentSandboxOptions): string | undefined {
  if (form.product_code !== options.esewaProductCode) return 'Unknown product_code.';
  const amounts = [form.amount, form.tax_amount, form.product_service_charge, form.product_delivery_charge].map(
    esewaAmountToPaisa,
  );
  const total = esewaAmountToPaisa(form.total_amount);
  if (total === undefined || amounts.some((amount) => amount === undefined)) return 'Amounts must be rupees, e.g. 100 or 100.5.';
  if (total <= 0) return 'total_amount must be above zero.';
  const sum = amounts.reduce<number>((acc, amount) => acc + (amount ?? 0), 0);
  if (sum !== total) return 'total_amount must equal amount + tax_amount + product_service_charge + product_delivery_charge.';
  const names = form.signed_field_names.split(',');
  for (const required of ['total_amount', 'transaction_uuid', 'product_code']) {
    if (!names.includes(required)) return `signed_field_names must include ${required}.`;
  }
  const fields = form as unknown as Record<string, string>;
  if (names.some((name) => typeof fields[name] !== 'string')) return 'signed_field_names names a field that was not sent.';
  const expected = Buffer.from(esewaSign(options.esewaSecret, fields, names), 'base64');
  const received = Buffer.from(form.signature, 'base64');
  if (expected.length !== received.length || !crypto.timingSafeEqual(expected, received)) return 'Invalid signature.';
  return undefined;
}

/** The base64 JSON eSewa puts in success_url?data=, signed over its fields as eSewa signs them. */
function successMessage(
  secret: string,
  payment: { transactionCode: string; totalPaisa: number; transactionUuid: string; productCode: string },
): string {
  const fields: Record<string, string> = {
    transaction_code: payment.transactionCode,
    status: 'COMPLETE',
    total_amount: esewaStyleAmount(payment.totalPaisa),
    transaction_uuid: payment.transactionUuid,
    product_code: payment.productCode,
    signed_field_names: 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names',
  };
  const names = (fields.signed_field_names ?? '').split(',');
  const message = { ...fields, signature: esewaSign(secret, fields, names) };
  return Buffer.from(JSON.stringify(message), 'utf8').toString('base64');
}

/** An amount the way eSewa writes it: always a decimal point ("1500.0", "1500.5", "1500.05"). */
function esewaStyleAmount(paisa: number): string {
  const rest = paisa % 100;
  const fraction = rest === 0 ? '0' : String(rest).padStart(2, '0').replace(/0$/, '');
  return `${Math.floor(paisa / 100)}.${fraction}`;
}

/** A code like eSewa's (000AWEO, 0007G36): seven capitals and digits. */
function transactionCode(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return `000${Array.from(crypto.randomBytes(4), (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

function refuse(reply: FastifyReply, status: number, heading: string, message: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(messagePage('eSewa', heading, message));
}
