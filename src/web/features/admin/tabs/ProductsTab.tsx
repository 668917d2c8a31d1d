/** The admin's Products tab lives in ../catalog. */
export { ProductsPanel as ProductsTab } from '../catalog/ProductsPanel';
