/**
 * The page-data key (PageMeta.data, src/web/lib/initial-data.ts) under which the server tells every
 * page it writes that the payment sandbox is on: online payments are fake, no money moves. Absent
 * when the sandbox is off.
 */
export const PAYMENT_SANDBOX_DATA_KEY = 'paymentSandbox';
