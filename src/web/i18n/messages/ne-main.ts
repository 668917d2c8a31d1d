import type en from './en-main';
import common from './ne/common.json';
import home from './ne/home.json';
import catalog from './ne/catalog.json';
import pages from './ne/pages.json';

/** Nepali messages of the main part: en-main.ts's ids, as a shop in Kathmandu writes them (not word for word). */
const messages: Record<keyof typeof en, string> = { ...common, ...home, ...catalog, ...pages };

export default messages;
