import type { Rating, Review } from '../../../shared/reviews.js';

/** How many reviews a product page's JSON-LD carries (the newest). */
export const JSON_LD_REVIEWS = 5;

/**
 * A product's JSON-LD AggregateRating and Review entries (schema.org), for products with visible
 * reviews; nothing for one without. Texts are plain values: the page's head writes the JSON-LD
 * with every `<`, `>` and `&` escaped.
 */
export function jsonLdRatings(rating: Rating, reviews: Review[]): Record<string, unknown> {
  if (rating.count === 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: rating.average,
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.slice(0, JSON_LD_REVIEWS).map((review) => ({
      '@type': 'Review',
      name: review.title,
      reviewBody: review.text,
      datePublished: review.createdAt.slice(0, 10),
      author: { '@type': 'Person', name: review.author },
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
