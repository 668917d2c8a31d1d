/** The job that settles an online order's payment (payment-service.ts checkPayment). */
export const PAYMENT_CHECK_JOB = 'payment-check';

export interface PaymentCheck {
  orderId: string;
  /** Checks so far (the pauses grow with it). */
  round?: number;
  /** After the order was cancelled unpaid: a payment that still completed is recorded as refund due. */
  late?: boolean;
}
