import { type PaymentOptions, VALLEY_DISTRICTS } from '../../../shared/payments.js';
import type { PaymentConfig } from '../../config.js';
import { offeredMethods } from './methods.js';

/**
 * GET /api/orders/payment-options: the ways to pay this shop offers, its delivery charges (rupees)
 * and delivery times. The checkout reads it, and the product page carries it in its HTML
 * (catalog/meta.ts) so that its delivery and payment block is there on the first paint.
 */
export function paymentOptions(settings: PaymentConfig): PaymentOptions {
  return {
    methods: offeredMethods(settings).map(({ id, label }) => ({ id, label })),
    sandbox: settings.sandbox,
    delivery: {
      valleyFee: settings.deliveryFeeValleyPaisa / 100,
      outsideFee: settings.deliveryFeeOutsidePaisa / 100,
      freeFrom: settings.freeDeliveryFromPaisa / 100,
      valleyDistricts: [...VALLEY_DISTRICTS],
      valleyDays: { ...settings.deliveryDaysValley },
      outsideDays: { ...settings.deliveryDaysOutside },
    },
  };
}
