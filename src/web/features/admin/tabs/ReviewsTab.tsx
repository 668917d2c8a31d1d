/** The admin's Reviews tab lives in ../reviews. */
export { ReviewsPanel as ReviewsTab } from '../reviews/ReviewsPanel';
