/** Home's Featured Products section lives in the catalogue feature. */
export { FeaturedProducts } from '../catalog/FeaturedProducts';
