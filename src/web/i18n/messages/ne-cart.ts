import type en from './en-cart';
import cart from './ne/cart.json';

/** Nepali messages of the cart part: en-cart.ts's ids. */
const messages: Record<keyof typeof en, string> = { ...cart };

export default messages;
