import type en from './en-account';
import auth from './ne/auth.json';
import account from './ne/account.json';
import orders from './ne/orders.json';
import invoice from './ne/invoice.json';

/** Nepali messages of the account part: en-account.ts's ids, as a shop in Kathmandu writes them (not word for word). */
const messages: Record<keyof typeof en, string> = { ...auth, ...account, ...orders, ...invoice };

export default messages;
