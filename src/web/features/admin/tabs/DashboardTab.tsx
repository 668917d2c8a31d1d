/** The admin's Dashboard tab lives in ../dashboard. */
export { DashboardPanel as DashboardTab } from '../dashboard/DashboardPanel';
