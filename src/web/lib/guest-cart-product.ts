import type { ProductDetail } from '../../shared/product-detail';
import { apiGet } from './api';
import { productKeys } from './products';
import { queryClient } from './query-client';
import type { GuestLine } from './guest-cart';

/**
 * What the public product API says of a guest's line: the price it sells at now, its stock, and
 * whether it can be had at all. The device keeps no price; this is asked each time.
 */

export interface GuestLinePrice {
  name: string;
  images: string;
  /** The price it sells at now (a sale's, when one runs), in rupees. */
  price: number;
  /** Units in stock; null: not tracked. */
  stock: number | null;
  variantLabel: string | null;
  /** False when the product or the variant is gone, it is out of stock, or a variant must be chosen. */
  isAvailable: boolean;
}

/** GET /api/products/{id} through the catalogue's cache (the product page shares it). */
export function fetchProductDetail(productId: number, signal?: AbortSignal): Promise<ProductDetail> {
  return apiGet<ProductDetail>(`/api/products/${productId}`, { signal });
}

export function productDetailQuery(productId: number) {
  return {
    queryKey: productKeys.one(productId),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchProductDetail(productId, signal),
    staleTime: 30_000,
  };
}

export function loadProductDetail(productId: number): Promise<ProductDetail> {
  return queryClient.fetchQuery(productDetailQuery(productId));
}

/** The line as the product is now. */
export function priceGuestLine(line: Pick<GuestLine, 'variantId'>, product: ProductDetail): GuestLinePrice {
  const variants = product.variants ?? [];
  const variant = line.variantId === undefined ? undefined : variants.find((v) => v.id === line.variantId);
  const chosenWell = line.variantId === undefined ? variants.length === 0 : variant !== undefined;
  const stock = variant ? variant.stock : product.stock;
  const price = variant ? (variant.sale?.price ?? variant.price) : (product.sale?.price ?? product.price);
  return {
    name: product.name,
    images: variant && variant.images.length > 0 ? JSON.stringify(variant.images) : product.images,
    price,
    stock,
    variantLabel: variant?.label ?? null,
    isAvailable: chosenWell && stock !== 0,
  };
}
