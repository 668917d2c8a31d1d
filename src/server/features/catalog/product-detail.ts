import type { Product } from '../../../shared/catalog.js';
import type { ProductDetail } from '../../../shared/product-detail.js';
import type { SnapshotReader } from '../../db/client.js';
import { toProduct } from './product-answer.js';
import { type Db, liveProductNow } from './queries.js';
import { specsNow, specsOf } from './specs/queries.js';
import { toOptions, toVariant } from './variants/answer.js';
import { liveVariantsNow, liveVariantsOf, optionsNow, optionsOf } from './variants/queries.js';

/** A product with its options, live variants and specifications, as its page reads it. */
export async function productDetail(db: Db, product: Product, imageBaseUrl: string | undefined): Promise<ProductDetail> {
  const [optionRows, variantRows, specs] = await Promise.all([
    optionsOf(db, product.id),
    liveVariantsOf(db, product.id),
    specsOf(db, product.id),
  ]);
  return detailFrom(product, optionRows, variantRows, specs, imageBaseUrl);
}

/**
 * SQLite: a live product with its options, live variants and specifications, read at once on the
 * snapshot reader in one snapshot; undefined when there is no such live product.
 */
export function liveProductDetailNow(reader: SnapshotReader, id: number, imageBaseUrl: string | undefined): ProductDetail | undefined {
  return reader.read(() => {
    const found = liveProductNow(reader, id);
    if (!found) return undefined;
    const product = toProduct(found.row, found.images, imageBaseUrl);
    return detailFrom(product, optionsNow(reader, id), liveVariantsNow(reader, id), specsNow(reader, id), imageBaseUrl);
  });
}

function detailFrom(
  product: Product,
  optionRows: Awaited<ReturnType<typeof optionsOf>>,
  variantRows: Awaited<ReturnType<typeof liveVariantsOf>>,
  specs: ProductDetail['specs'],
  imageBaseUrl: string | undefined,
): ProductDetail {
  const options = toOptions(optionRows);
  return {
    ...product,
    options,
    variants: variantRows.map((row) => toVariant(row, options, imageBaseUrl)),
    specs,
  };
}
