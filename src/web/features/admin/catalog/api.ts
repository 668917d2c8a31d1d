import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Category, Product, ProductPage } from '../../../../shared/catalog';
import type { ArchivedProduct, ArchivedProductPage } from '../../../../shared/product-archive';
import type { ImportReport } from '../../../../shared/product-csv';
import type { ProductDetail } from '../../../../shared/product-detail';
import type { Brand, SpecField } from '../../../../shared/specs';
import { api, apiDownload, apiGet, apiPost } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-client';

export type { ArchivedProduct, ArchivedProductPage, Brand, Category, Product, ProductDetail, ProductPage, SpecField };

/** Admin product pages are session data (removed on logout with everything under ['admin']). */
export const adminProductKeys = {
  all: ['admin', 'products'] as const,
  page: (q: string, page: number) => ['admin', 'products', q, page] as const,
  archived: (page: number) => ['admin', 'products', 'archived', page] as const,
};

export const ADMIN_PAGE_SIZE = 20;

/**
 * The category tree for the admin panel: the same cache entry as the menu's (so a change shows in
 * the menu at once), but fetched fresh each time the panel mounts (the tree loads on mount).
 */
export function useAdminCategoryTree() {
  return useQuery({
    queryKey: queryKeys.categories,
    queryFn: async () => {
      // The admin panel sends its bearer token on every category call.
      const reply = await apiGet<unknown>('/api/category', { auth: 'admin' });
      return Array.isArray(reply) ? (reply as Category[]) : [];
    },
    refetchOnMount: 'always',
  });
}

/** After a change to the catalogue: the tree, the admin lists and the shop's lists are out of date. */
export function useCatalogInvalidation() {
  const client = useQueryClient();
  return useCallback(
    (what: 'categories' | 'products' | 'all' = 'all') => {
      const keys =
        what === 'categories'
          ? [queryKeys.categories]
          : what === 'products'
            ? [adminProductKeys.all, ['products']]
            : [queryKeys.categories, adminProductKeys.all, ['products']];
      return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    [client],
  );
}

/** One page of products for the admin table (bearer sent), newest first, with an optional search. */
export function useAdminProducts(q: string, page: number) {
  return useQuery({
    queryKey: adminProductKeys.page(q, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        page: String(page),
        pageSize: String(ADMIN_PAGE_SIZE),
        sort: q ? 'relevance' : 'newest',
      });
      if (q) params.set('q', q);
      return apiGet<ProductPage>(`/api/products?${params.toString()}`, { auth: 'admin', signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** One page of the archived products that can still be restored, newest archive first. */
export function useArchivedProducts(page: number) {
  return useQuery({
    queryKey: adminProductKeys.archived(page),
    queryFn: ({ signal }) =>
      apiGet<ArchivedProductPage>(`/api/admin/products/archived?page=${page}&pageSize=${ADMIN_PAGE_SIZE}`, {
        auth: 'admin',
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

// ----- category writes (admin bearer) ------------------------------------------------------------

export const addCategory = (name: string) =>
  api<{ category: Category }>('/api/category', { method: 'POST', body: { name }, auth: 'admin' });

export const addSubCategory = (categoryId: number, name: string) =>
  api(`/api/category/${categoryId}/subcategory`, { method: 'POST', body: { name }, auth: 'admin' });

export const addChildCategory = (categoryId: number, subId: number, name: string) =>
  api(`/api/category/${categoryId}/subcategory/${subId}/childcategory`, { method: 'POST', body: { name }, auth: 'admin' });

export const removeCategory = (categoryId: number) => api(`/api/category/${categoryId}`, { method: 'DELETE', auth: 'admin' });

export const removeSubCategory = (categoryId: number, subId: number) =>
  api(`/api/category/${categoryId}/subcategory/${subId}`, { method: 'DELETE', auth: 'admin' });

export const removeChildCategory = (categoryId: number, subId: number, childId: number) =>
  api(`/api/category/${categoryId}/subcategory/${subId}/childcategory/${childId}`, { method: 'DELETE', auth: 'admin' });

// ----- product writes (admin bearer) -------------------------------------------------------------

export const uploadProduct = (form: FormData) => api<Product>('/api/products/', { method: 'POST', body: form, auth: 'admin' });

export const updateProduct = (id: number, form: FormData) =>
  api<Product>(`/api/products/${id}`, { method: 'PUT', body: form, auth: 'admin' });

export const toggleFeatured = (id: number) =>
  api<{ message: string; isFeatured: boolean }>(`/api/products/${id}/feature`, { method: 'PUT', auth: 'admin' });

/** The original API's delete: the product is archived underneath (restorable for 30 days). */
export const deleteProduct = (id: number) => api<{ message: string }>(`/api/products/${id}`, { method: 'DELETE', auth: 'admin' });

export const restoreProduct = (id: number) => apiPost<Product>(`/api/admin/products/${id}/restore`, undefined, { auth: 'admin' });
// ----- CSV (admin bearer) ------------------------------------------------------------------------

/** Every live product as the import's CSV, downloaded (GET /api/admin/products/export.csv). */
export async function downloadProductsCsv(): Promise<void> {
  const { blob, filename } = await apiDownload('/api/admin/products/export.csv', 'pasal-products.csv', { auth: 'admin' });
  saveFile(blob, filename);
}

/** The import's columns with example rows (GET /api/admin/products/template.csv), downloaded. */
export async function downloadProductsTemplate(): Promise<void> {
  const { blob, filename } = await apiDownload('/api/admin/products/template.csv', 'pasal-products-template.csv', {
    auth: 'admin',
  });
  saveFile(blob, filename);
}

/**
 * POST /api/admin/products/import: the CSV and an optional ZIP; dryRun checks only; confirmPriceChanges:
 * the owner has seen the preview's price changes of more than half and means them.
 */
export function importProducts(csv: File, zip: File | null, dryRun: boolean, confirmPriceChanges = false): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', csv, csv.name);
  if (zip) form.append('images', zip, zip.name);
  const query = dryRun ? '?dryRun=1' : confirmPriceChanges ? '?confirmPriceChanges=1' : '';
  return api<ImportReport>(`/api/admin/products/import${query}`, {
    method: 'POST',
    body: form,
    auth: 'admin',
  });
}

// ----- a product's variants and specifications (the product form) -------------------------------

/** The product being edited with its options, variants and specifications (GET /api/products/:id). */
export function useProductDetailForEdit(id: number | undefined) {
  return useQuery({
    queryKey: ['admin', 'products', 'detail', id ?? 0] as const,
    queryFn: ({ signal }) => apiGet<ProductDetail>(`/api/products/${id}`, { auth: 'admin', signal }),
    enabled: id !== undefined,
    // Always the saved state: the form starts from it, and saving sends it back.
    refetchOnMount: 'always',
    staleTime: 0,
  });
}

/** The shop's brands (GET /api/brands), for the product form's select. */
export function useBrands() {
  return useQuery({
    queryKey: ['admin', 'brands'] as const,
    queryFn: async ({ signal }) => {
      const reply = await apiGet<unknown>('/api/brands', { auth: 'admin', signal });
      const list = Array.isArray(reply) ? reply : (reply as { brands?: unknown } | null)?.brands;
      return Array.isArray(list) ? (list as Brand[]) : [];
    },
  });
}

/** A category's specification fields (GET /api/categories/:id/spec-fields); idle without a category. */
export function useSpecFields(categoryId: number | undefined) {
  return useQuery({
    queryKey: ['admin', 'spec-fields', categoryId ?? 0] as const,
    queryFn: async ({ signal }) =>
      (await apiGet<{ fields: SpecField[] }>(`/api/categories/${categoryId}/spec-fields`, { auth: 'admin', signal })).fields,
    enabled: categoryId !== undefined,
  });
}

/** POST /api/admin/brands: a new brand of the managed list. */
export const addBrand = (name: string) => api<{ brand: Brand }>('/api/admin/brands', { method: 'POST', body: { name }, auth: 'admin' });

/** PUT /api/admin/brands/:id: a brand's new name. */
export const renameBrand = (id: number, name: string) =>
  api<{ brand: Brand }>(`/api/admin/brands/${id}`, { method: 'PUT', body: { name }, auth: 'admin' });

// ----- a category's specification fields and Nepali name (the Specifications dialog) -------------

/** What the Specifications dialog sends for a field (POST, and PUT with all of it). */
export interface SpecFieldInput {
  name: string;
  kind: SpecField['kind'];
  unit: string | null;
  choices: string[] | null;
  isFilter: boolean;
}

/** POST /api/admin/categories/:id/spec-fields: a new field at the end of the category's list. */
export const addSpecField = (categoryId: number, field: SpecFieldInput) =>
  api<{ field: SpecField }>(`/api/admin/categories/${categoryId}/spec-fields`, { method: 'POST', body: field, auth: 'admin' });

/** PUT /api/admin/spec-fields/:id: the field as it is to be. */
export const updateSpecField = (id: number, field: SpecFieldInput) =>
  api<{ field: SpecField }>(`/api/admin/spec-fields/${id}`, { method: 'PUT', body: field, auth: 'admin' });

/** DELETE /api/admin/spec-fields/:id: the field leaves its category. */
export const deleteSpecField = (id: number) => api<{ message: string }>(`/api/admin/spec-fields/${id}`, { method: 'DELETE', auth: 'admin' });

/** PUT /api/category/:id/nepali-name: a category's Nepali name ('' clears it). */
export const setCategoryNepaliName = (categoryId: number, nameNe: string) =>
  api<{ id: number; name: string; nameNe?: string }>(`/api/category/${categoryId}/nepali-name`, {
    method: 'PUT',
    body: { nameNe },
    auth: 'admin',
  });
