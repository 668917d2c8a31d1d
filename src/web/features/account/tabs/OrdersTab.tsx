/** The dashboard's Orders tab lives with the orders feature. */
export { OrdersTab } from '../../orders/OrdersTab';
