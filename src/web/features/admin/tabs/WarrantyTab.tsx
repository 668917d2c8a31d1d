/** The admin's Warranty tab lives in ../warranty. */
export { WarrantyPanel as WarrantyTab } from '../warranty/WarrantyPanel';
