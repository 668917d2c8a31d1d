import crypto from 'node:crypto';
import type { PaymentConfig } from '../../config.js';
import type { PaymentRedirect } from '../../../shared/payments.js';
import { esewaFormFields, esewaStatus, esewaVerdict, paisaToEsewaAmount } from './esewa.js';
import type { FetchLike } from './http.js';
import { khaltiInitiate, khaltiLookup, khaltiVerdict } from './khalti.js';
import type { PaymentVerdict } from './verdict.js';

/**
 * eSewa and Khalti as the order flow uses them: start a try (where the shopper pays) and ask
 * what became of it. The clients (features/payments/) speak the protocols; this file knows our
 * settings, our return URLs and, in the sandbox, that the gateway is this very server.
 */

export interface PayingOrder {
  id: string;
  subtotalPaisa: number;
  deliveryFeePaisa: number;
  totalPaisa: number;
  customer: { name: string; email: string; phone: string };
}

export type StartOutcome =
  | { kind: 'redirect'; reference: string; redirect: PaymentRedirect }
  /** The gateway could not be asked, or refused: the order stays awaiting payment. */
  | { kind: 'unavailable'; reason: string };

export interface CheckOutcome {
  verdict: PaymentVerdict;
  /** The gateway's own reference of a completed payment. */
  gatewayRef?: string;
  /** Why it is not paid (for the log; no secrets). */
  reason?: string;
}

export interface Gateways {
  start(method: 'esewa' | 'khalti', order: PayingOrder, shopBase: string): Promise<StartOutcome>;
  check(attempt: { method: 'esewa' | 'khalti'; reference: string; amountPaisa: number }): Promise<CheckOutcome>;
}

/**
 * `fetch` reaches real gateways; `sandboxFetch` this server's own sandbox, in-process. In the
 * sandbox, a gateway whose URL is not set is the sandbox: its browser-facing URLs are paths on
 * the shop, its server-to-server ones live on a made-up origin that only sandboxFetch answers.
 */
export function createGateways(
  config: PaymentConfig,
  fetches: { fetch: FetchLike; sandboxFetch?: FetchLike | undefined },
): Gateways {
  const sandboxOrigin = 'http://sandbox.invalid';
  // An unset URL (config.ts resolves the real defaults) is the sandbox's.
  const esewaFormUrl = config.esewa?.formUrl ?? '/sandbox/esewa/form';
  const esewaStatusUrl = config.esewa?.statusUrl ?? `${sandboxOrigin}/sandbox/esewa/status`;
  const khaltiApiUrl = config.khalti?.apiUrl ?? `${sandboxOrigin}/sandbox/khalti/`;
  const fetchFor = (url: string): FetchLike =>
    url.startsWith(sandboxOrigin) && fetches.sandboxFetch ? fetches.sandboxFetch : fetches.fetch;

  return {
    async start(method, order, shopBase) {
      if (method === 'esewa') {
        const esewa = config.esewa;
        if (!esewa) return { kind: 'unavailable', reason: 'eSewa is not configured' };
        // eSewa appends "?data=…" to success_url as it is, so the attempt is in the path.
        const reference = `${order.id}-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
        const fields = esewaForm({
          amountPaisa: order.subtotalPaisa,
          deliveryChargePaisa: order.deliveryFeePaisa,
          transactionUuid: reference,
          productCode: esewa.productCode,
          successUrl: `${shopBase}/api/payments/esewa/success/${reference}`,
          failureUrl: `${shopBase}/api/payments/esewa/failure/${reference}`,
          secret: esewa.secretKey,
        });
        if (fields instanceof Error) return { kind: 'unavailable', reason: `eSewa cannot take this order: ${fields.message}` };
        return { kind: 'redirect', reference, redirect: { method: 'POST', url: esewaFormUrl, fields: { ...fields } } };
      }
      const khalti = config.khalti;
      if (!khalti) return { kind: 'unavailable', reason: 'Khalti is not configured' };
      const outcome = await khaltiInitiate({
        apiUrl: khaltiApiUrl,
        secretKey: khalti.secretKey,
        fetch: fetchFor(khaltiApiUrl),
        returnUrl: `${shopBase}/api/payments/khalti/return`,
        websiteUrl: shopBase,
        amountPaisa: order.totalPaisa,
        orderId: order.id,
        orderName: `Order ${order.id}`,
        customer: order.customer,
      });
      if (outcome.kind !== 'created') {
        const reason = outcome.kind === 'refused' ? `Khalti refused (HTTP ${outcome.status}): ${outcome.detail}` : outcome.reason;
        return { kind: 'unavailable', reason };
      }
      // The sandbox answers a URL on its own made-up origin: the shopper's browser opens the path on the shop.
      const url = outcome.paymentUrl.startsWith(sandboxOrigin)
        ? outcome.paymentUrl.slice(sandboxOrigin.length)
        : outcome.paymentUrl;
      return { kind: 'redirect', reference: outcome.pidx, redirect: { method: 'GET', url } };
    },

    async check(attempt) {
      if (attempt.method === 'esewa') {
        const esewa = config.esewa;
        if (!esewa) return { verdict: 'waiting', reason: 'eSewa is not configured' };
        const outcome = await esewaStatus({
          statusUrl: esewaStatusUrl,
          productCode: esewa.productCode,
          totalAmount: paisaToEsewaAmount(attempt.amountPaisa),
          transactionUuid: attempt.reference,
          fetch: fetchFor(esewaStatusUrl),
        });
        const verdict = esewaVerdict(outcome, {
          productCode: esewa.productCode,
          transactionUuid: attempt.reference,
          amountPaisa: attempt.amountPaisa,
        });
        if (outcome.kind !== 'answer') return { verdict, reason: outcome.reason };
        return { verdict, ...(outcome.refId ? { gatewayRef: outcome.refId } : {}), reason: `eSewa says ${outcome.status}` };
      }
      const khalti = config.khalti;
      if (!khalti) return { verdict: 'waiting', reason: 'Khalti is not configured' };
      const outcome = await khaltiLookup({
        apiUrl: khaltiApiUrl,
        secretKey: khalti.secretKey,
        pidx: attempt.reference,
        fetch: fetchFor(khaltiApiUrl),
      });
      const verdict = khaltiVerdict(outcome, { pidx: attempt.reference, amountPaisa: attempt.amountPaisa });
      if (outcome.kind !== 'answer') return { verdict, reason: outcome.reason };
      return {
        verdict,
        ...(outcome.transactionId ? { gatewayRef: outcome.transactionId } : {}),
        reason: `Khalti says ${outcome.status}`,
      };
    },
  };
}

/** eSewa's form, or the reason it cannot be made (a zero amount, a return URL that is not http(s)). */
function esewaForm(input: Parameters<typeof esewaFormFields>[0]): ReturnType<typeof esewaFormFields> | Error {
  try {
    return esewaFormFields(input);
  } catch (error) {
    if (error instanceof RangeError) return error;
    throw error;
  }
}
