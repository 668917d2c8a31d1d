/** The admin's Mail & jobs tab lives in ../jobs. */
export { JobsPanel as JobsTab } from '../jobs/JobsPanel';
