/** The owner's Staff tab lives in ../staff. */
export { StaffPanel as StaffTab } from '../staff/StaffPanel';
