import cart from './en/cart.json';
import products from './en/products.json';
import compare from './en/compare.json';
import productSpecs from './en/product-specs.json';

/**
 * English messages of the cart part (lib/i18n.tsx): the products pages (list, filters, detail, comparison), the
 * cart drawer, the checkout and the labels they share with the orders (payment methods, provinces);
 * loaded with the drawer and the pages that use them, not on Home's first visit.
 */
const messages = { ...products, ...productSpecs, ...compare, ...cart };

export default messages;
