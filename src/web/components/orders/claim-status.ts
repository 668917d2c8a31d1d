import type { ClaimStatus } from '../../../shared/warranty';
import type { MessageId } from '../../lib/i18n';

/** A warranty claim's step as the shopper and the admin read it. */
export const CLAIM_STATUS_LABELS = {
  opened: 'orders.warranty.status.opened',
  received: 'orders.warranty.status.received',
  at_service_centre: 'orders.warranty.status.at_service_centre',
  repaired: 'orders.warranty.status.repaired',
  replaced: 'orders.warranty.status.replaced',
  returned_to_shopper: 'orders.warranty.status.returned_to_shopper',
  rejected: 'orders.warranty.status.rejected',
} as const satisfies Record<ClaimStatus, MessageId>;
