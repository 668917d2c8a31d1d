/** The admin's Activity tab (the audit log) lives in ../audit. */
export { ActivityPanel as ActivityTab } from '../audit/ActivityPanel';
