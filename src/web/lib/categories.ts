import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api';
import { queryKeys } from './query-client';

/** `nameNe`: the Nepali name the Nepali interface shows (localName of shared/category-names.ts). */
export interface ChildCategory {
  id: number;
  name: string;
  nameNe?: string;
}
export interface SubCategory {
  id: number;
  name: string;
  nameNe?: string;
  childCategories?: ChildCategory[];
}
export interface Category {
  id: number;
  name: string;
  nameNe?: string;
  subCategories?: SubCategory[];
}

/**
 * The category tree (GET /api/category). Until the catalogue exists the call may 404: callers get
 * an empty list and show what they can without it.
 */
export function useCategories(enabled = true) {
  return useQuery({
    queryKey: queryKeys.categories,
    queryFn: async () => {
      const reply = await apiGet<unknown>('/api/category');
      return Array.isArray(reply) ? (reply as Category[]) : [];
    },
    enabled,
    staleTime: 10 * 60_000,
    retry: 1,
  });
}
