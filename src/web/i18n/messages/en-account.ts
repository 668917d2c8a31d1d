import auth from './en/auth.json';
import account from './en/account.json';
import orders from './en/orders.json';
import invoice from './en/invoice.json';

/**
 * English messages of the account part (lib/i18n.tsx MESSAGE_PARTS): fixed texts, to the letter. One
 * JSON file per area, each id starting with its file's name ("cart.empty" in en/cart.json); the
 * ne-account.ts twin has the same ids in Nepali. The build compiles them (vite.config.ts).
 */
const messages = { ...auth, ...account, ...orders, ...invoice };

export default messages;
