/** The admin's Coupons tab lives in ../coupons. */
export { CouponsPanel as CouponsTab } from '../coupons/CouponsPanel';
