/** The admin's Returns tab lives in ../returns. */
export { ReturnsPanel as ReturnsTab } from '../returns/ReturnsPanel';
