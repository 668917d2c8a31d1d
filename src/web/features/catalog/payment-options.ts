import { useQuery } from '@tanstack/react-query';
import type { PaymentOptions } from '../../../shared/payments';
import { apiGet } from '../../lib/api';
import { initialData, initialDataUpdatedAt } from '../../lib/initial-data';

const PATH = '/api/orders/payment-options';

/**
 * GET /api/orders/payment-options for the product page's delivery and payment block: at once from
 * the answer the server wrote into the page on a first visit. The key and freshness are the
 * checkout's (cart/checkout-api.ts: paymentOptionsKey, PAYMENT_OPTIONS_STALE_MS), so both share one
 * answer; written out here rather than imported, because a module shared with the cart drawer's code
 * becomes a chunk of its own that every first visit's script must name.
 */
export function usePaymentOptions() {
  return useQuery({
    queryKey: ['payment-options'],
    queryFn: () => apiGet<PaymentOptions>(PATH),
    staleTime: 5 * 60_000,
    initialData: () => initialData<PaymentOptions>(PATH),
    initialDataUpdatedAt,
  });
}
