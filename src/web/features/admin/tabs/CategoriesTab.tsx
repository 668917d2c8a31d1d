/** The admin's Categories tab lives in ../catalog. */
export { CategoriesPanel as CategoriesTab } from '../catalog/CategoriesPanel';
