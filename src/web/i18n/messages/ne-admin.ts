import type en from './en-admin';
import admin from './ne/admin.json';
import admin_catalog from './ne/admin-catalog.json';
import admin_dashboard from './ne/admin-dashboard.json';
import admin_sms from './ne/admin-sms.json';
import admin_staff from './ne/admin-staff.json';

/** Nepali messages of the admin part: en-admin.ts's ids, as a shop in Kathmandu writes them (not word for word). */
const messages: Record<keyof typeof en, string> = { ...admin, ...admin_catalog, ...admin_dashboard, ...admin_sms, ...admin_staff };

export default messages;
