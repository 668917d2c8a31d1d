/**
 * What an order should make of a gateway's answer about its payment (esewaVerdict, khaltiVerdict).
 *
 * - paid: the gateway's status/lookup API says this order's payment, for this order's amount, is
 *   complete. The only proof of payment; a redirect's query never is.
 * - failed: the gateway says the payment will not happen (cancelled, expired, refunded): the order
 *   may be cancelled.
 * - waiting: not decided yet, or the gateway could not be asked (unavailable, garbage): keep the
 *   order awaiting payment and ask again later; its own deadline ends the wait.
 * - mismatch: the gateway answered about a different payment, or says complete for a different
 *   amount. Not paid, and worth a loud log line: someone should look.
 */
export type PaymentVerdict = 'paid' | 'failed' | 'waiting' | 'mismatch';
