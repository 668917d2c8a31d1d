import { ORDER_SORTS } from '../../../../shared/admin-orders';
import { PAYMENT_STATUSES } from '../../../../shared/payments';
import { ORDER_STATUSES } from '../../../../shared/orders';
import type { UrlStateSpec } from '../../../lib/url-state';
import type { AdminOrdersParams } from './api';

/**
 * The Orders tab's list in the address (/admin?tab=orders&status=pending&page=2): the search, the
 * days, the status and payment filters, the date order and the page; named as the API names them.
 */
export const ORDERS_URL: UrlStateSpec<AdminOrdersParams> = {
  defaults: { q: '', from: '', to: '', status: '', paymentStatus: '', sort: 'date_desc', page: 1 },
  allowed: { status: ORDER_STATUSES, paymentStatus: PAYMENT_STATUSES, sort: ORDER_SORTS },
};
