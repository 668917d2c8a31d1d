/** The dashboard's Cart tab lives with the cart feature. */
export { CartTab } from '../../cart/CartTab';
