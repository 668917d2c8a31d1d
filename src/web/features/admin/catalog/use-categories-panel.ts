import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { type MessageId, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useAdminCategoryTree, useCatalogInvalidation } from './api';

/** Category toasts (message ids; the English texts are fixed). */
export const CATEGORY_TOASTS = {
  categoryAdded: 'admin-catalog.categories.toast.added',
  categoryAddFailed: 'admin-catalog.categories.toast.addFailed',
  categoryRemoved: 'admin-catalog.categories.toast.removed',
  categoryRemoveFailed: 'admin-catalog.categories.toast.removeFailed',
  subAdded: 'admin-catalog.subcategories.toast.added',
  subAddFailed: 'admin-catalog.subcategories.toast.addFailed',
  subRemoved: 'admin-catalog.subcategories.toast.removed',
  subRemoveFailed: 'admin-catalog.subcategories.toast.removeFailed',
  childAdded: 'admin-catalog.children.toast.added',
  childAddFailed: 'admin-catalog.children.toast.addFailed',
  childRemoved: 'admin-catalog.children.toast.removed',
  childRemoveFailed: 'admin-catalog.children.toast.removeFailed',
} as const satisfies Record<string, MessageId>;

export type Level = 'category' | 'sub' | 'child';

/** A removal waiting for the admin's yes: what the question names, and what a yes runs. */
export interface PendingRemoval {
  level: Level;
  key: string;
  title: string;
  body: string;
  action: string;
  call: () => Promise<unknown>;
  ok: MessageId;
  failed: MessageId;
  after?: () => void;
}

/**
 * The server's reason for a refusal (409 "still has products", 400 name rules), shown beside the
 * toast; it comes in the page's language (the API client sends it as Accept-Language).
 */
export function reasonOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.isClientError && error.status !== 401 && error.status !== 403
    ? error.serverMessage
    : undefined;
}

/**
 * The Categories tab's state: the tree, the category and subcategory selected, the removal asked about and the one under way, and a refusal's reason.
 */
export function useCategoriesPanel() {
  const t = useT();
  const tree = useAdminCategoryTree();
  const invalidate = useCatalogInvalidation();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [subId, setSubId] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ level: Level; message: string } | null>(null);
  const [asking, setAsking] = useState<PendingRemoval | null>(null);

  const categories = tree.data ?? [];
  const category = categories.find((item) => item.id === categoryId);
  const subCategories = category?.subCategories ?? [];
  const sub = subCategories.find((item) => item.id === subId);
  const childCategories = sub?.childCategories ?? [];

  const selectCategory = (id: number) => {
    setCategoryId(id);
    setSubId(null);
    setRefusal(null);
  };
  const selectSub = (id: number) => {
    setSubId(id);
    setRefusal(null);
  };

  /** Runs one removal the admin said yes to, with its toasts; a refusal's reason is shown in the level's panel. */
  const remove = async ({ level, key, call, ok, failed, after }: PendingRemoval) => {
    setBusy(key);
    setRefusal(null);
    try {
      await call();
      toast.info(t(ok));
      after?.();
    } catch (error) {
      toast.error(t(failed));
      const message = reasonOf(error);
      if (message) setRefusal({ level, message });
    } finally {
      setBusy(null);
      setAsking(null);
      await invalidate('categories');
    }
  };

  return {
    tree,
    invalidate,
    categories,
    categoryId,
    category,
    subCategories,
    subId,
    sub,
    childCategories,
    selectCategory,
    selectSub,
    deselect: (level: 'category' | 'sub', id: number) => {
      if (level === 'category' && categoryId === id) {
        setCategoryId(null);
        setSubId(null);
      }
      if (level === 'sub' && subId === id) setSubId(null);
    },
    busy,
    refusal,
    dismissRefusal: () => setRefusal(null),
    asking,
    setAsking,
    remove,
  };
}

export type CategoriesPanelState = ReturnType<typeof useCategoriesPanel>;
