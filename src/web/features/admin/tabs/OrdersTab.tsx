/** The admin's Orders tab lives in ../orders. */
export { AdminOrdersTab as OrdersTab } from '../orders/AdminOrdersTab';
