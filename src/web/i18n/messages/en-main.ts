import common from './en/common.json';
import home from './en/home.json';
import catalog from './en/catalog.json';
import pages from './en/pages.json';

/**
 * English messages of the main part (lib/i18n.tsx): fixed texts, to the letter. One
 * JSON file per area, each id starting with its file's name ("home.shopNow" in en/home.json); the
 * ne-main.ts twin has the same ids in Nepali. The build compiles them (vite.config.ts).
 */
const messages = { ...common, ...home, ...catalog, ...pages };

export default messages;
