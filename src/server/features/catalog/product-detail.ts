import type { Product } from '../../../shared/catalog.js';
import type { ProductDetail } from '../../../shared/product-detail.js';
import type { Db } from './queries.js';
import { specsOf } from './specs/queries.js';
import { toOptions, toVariant } from './variants/answer.js';
import { liveVariantsOf, optionsOf } from './variants/queries.js';

/** A product with its options, live variants and specifications, as its page reads it. */
export async function productDetail(db: Db, product: Product, imageBaseUrl: string | undefined): Promise<ProductDetail> {
  const [optionRows, variantRows, specs] = await Promise.all([
    optionsOf(db, product.id),
    liveVariantsOf(db, product.id),
    specsOf(db, product.id),
  ]);
  const options = toOptions(optionRows);
  return {
    ...product,
    options,
    variants: variantRows.map((row) => toVariant(row, options, imageBaseUrl)),
    specs,
  };
}
