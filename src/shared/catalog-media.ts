/**
 * Product image addresses (see the header of catalog.ts): every product image is stored as WebP in
 * the widths of IMAGE_WIDTHS under /uploads/products/<base>-<width>.webp, and a product's `images`
 * field lists the DEFAULT_IMAGE_WIDTH address of each image. No zod here: Home's featured cards and
 * the product pages import this without pulling in the schemas. catalog.ts re-exports it all.
 */

export const IMAGE_WIDTHS = [320, 640, 1024] as const;
export const DEFAULT_IMAGE_WIDTH = 640;

/**
 * `sizes` of the product page's main image (ProductGallery). The server's page head preloads that
 * image with the same srcset and sizes, so the browser picks the same file for both.
 */
export const PRODUCT_MAIN_IMAGE_SIZES =
  '(min-width: 1280px) 608px, (min-width: 1024px) calc((100vw - 5rem) / 2), calc(100vw - 2rem)';
/**
 * `sizes` of a product card's image (ProductCard on /products, Home's FeaturedGrid): 2 columns on
 * phones (0.75rem apart inside 1rem page margins, so about half the screen), 2, 3 then 4 columns from
 * 640 px (1.25rem apart inside 1.5rem margins), 293 px inside the 80rem page. The server preloads the
 * first card's image with it.
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 293px, (min-width: 1024px) calc((100vw - 6.75rem) / 4), (min-width: 768px) calc((100vw - 5.5rem) / 3), (min-width: 640px) calc((100vw - 4.25rem) / 2), calc((100vw - 2.75rem) / 2)';

/** Width of the main image's `src` (for browsers without srcset); srcset offers every width. */
export const PRODUCT_MAIN_IMAGE_WIDTH = 1024;

/** Address of one width of a product image, from any width's address (see the header comment). */
export function imageVariant(address: string, width: number): string {
  return address.replace(/-\d+\.webp$/, `-${width}.webp`);
}

/** `srcset` value for a product image address: "…-320.webp 320w, …-640.webp 640w, …-1024.webp 1024w". */
export function imageSrcSet(address: string): string {
  return IMAGE_WIDTHS.map((width) => `${imageVariant(address, width)} ${width}w`).join(', ');
}

/** Parses a product's `images` field (a JSON-encoded list); anything malformed is an empty list. */
export function parseImages(images: string): string[] {
  try {
    const parsed: unknown = JSON.parse(images);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
