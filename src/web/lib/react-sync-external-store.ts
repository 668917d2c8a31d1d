/**
 * React 19's own useSyncExternalStore, under the name of the `use-sync-external-store/shim` package
 * that @lingui/react imports (vite.config.ts aliases it here): the shim exists for React before 18
 * and would add its CommonJS wrapper to every first visit for nothing.
 */
export { useSyncExternalStore } from 'react';
