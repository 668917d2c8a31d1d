import admin from './en/admin.json';
import admin_catalog from './en/admin-catalog.json';
import admin_dashboard from './en/admin-dashboard.json';
import admin_sms from './en/admin-sms.json';
import admin_staff from './en/admin-staff.json';

/**
 * English messages of the admin part (lib/i18n.tsx MESSAGE_PARTS): fixed texts, to the letter. One
 * JSON file per area, each id starting with its file's name ("cart.empty" in en/cart.json); the
 * ne-admin.ts twin has the same ids in Nepali. The build compiles them (vite.config.ts).
 */
const messages = { ...admin, ...admin_catalog, ...admin_dashboard, ...admin_sms, ...admin_staff };

export default messages;
