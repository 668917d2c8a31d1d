/** Values shared by the browser tests' global setup (server process) and the test files (workers). */

/** One shop of the run, as a test worker reaches it. */
export interface WorkerShop {
  /** The production build under test, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The HTTP face of its SMTP capture (see global-setup.ts). */
  mailboxUrl: string;
  /** Its DATA_DIR (a temp folder, removed after the run). */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shop per test worker, in the order of VITEST_POOL_ID (see worker-shop.ts). */
    shops: WorkerShop[];
  }
}

/** The admin the server is started with (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e admin passphrase' } as const;

/** Phone first, as most of Pasal's shoppers; desktop for the wide layouts. */
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 900 } as const;

/** Optional store facts the shared shop is started with (STORE_HOURS, STORE_PAN), shown in the footer. */
export const E2E_STORE = { hours: 'Sun–Fri 10:00–19:00', pan: '601234567' } as const;
