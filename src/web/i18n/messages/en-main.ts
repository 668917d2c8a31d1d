import common from './en/common.json';
import home from './en/home.json';
import catalog from './en/catalog.json';
import cart from './en/cart.json';
import pages from './en/pages.json';

/**
 * English messages of the main part (lib/i18n.tsx MESSAGE_PARTS): SPEC's texts, to the letter. One
 * JSON file per area, each id starting with its file's name ("cart.empty" in en/cart.json); the
 * ne-main.ts twin has the same ids in Nepali. The build compiles them (vite.config.ts).
 */
const messages = { ...common, ...home, ...catalog, ...cart, ...pages };

export default messages;
