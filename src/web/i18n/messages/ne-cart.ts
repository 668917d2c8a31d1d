import type en from './en-cart';
import cart from './ne/cart.json';
import products from './ne/products.json';
import compare from './ne/compare.json';
import productSpecs from './ne/product-specs.json';

/** Nepali messages of the cart part: en-cart.ts's ids. */
const messages: Record<keyof typeof en, string> = { ...products, ...productSpecs, ...compare, ...cart };

export default messages;
