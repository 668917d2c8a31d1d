import type en from './en-cart';
import cart from './ne/cart.json';
import products from './ne/products.json';

/** Nepali messages of the cart part: en-cart.ts's ids. */
const messages: Record<keyof typeof en, string> = { ...products, ...cart };

export default messages;
