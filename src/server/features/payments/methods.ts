import type { PaymentConfig } from '../../config.js';
import { PAYMENT_METHOD_LABELS, type PaymentMethodId, type PaymentStatus } from '../../../shared/payments.js';

/**
 * The ways to pay, as checkout sees them. Cash on delivery starts 'unpaid' (paid to the courier);
 * eSewa and Khalti start 'awaiting_payment' and are settled only by their gateway's own API
 * (gateways.ts, service.ts). A wallet is offered only when it is configured.
 */
export interface PaymentMethod {
  readonly id: PaymentMethodId;
  readonly label: string;
  /** Paid before delivery, through a gateway. */
  readonly online: boolean;
  readonly initialStatus: PaymentStatus;
}

const methods: Record<PaymentMethodId, PaymentMethod> = {
  cod: { id: 'cod', label: PAYMENT_METHOD_LABELS.cod, online: false, initialStatus: 'unpaid' },
  esewa: { id: 'esewa', label: PAYMENT_METHOD_LABELS.esewa, online: true, initialStatus: 'awaiting_payment' },
  khalti: { id: 'khalti', label: PAYMENT_METHOD_LABELS.khalti, online: true, initialStatus: 'awaiting_payment' },
};

export function paymentMethod(id: PaymentMethodId): PaymentMethod {
  return methods[id];
}

/** The methods this shop offers now, cash on delivery first. */
export function offeredMethods(config: PaymentConfig): PaymentMethod[] {
  return [methods.cod, ...(config.esewa ? [methods.esewa] : []), ...(config.khalti ? [methods.khalti] : [])];
}
