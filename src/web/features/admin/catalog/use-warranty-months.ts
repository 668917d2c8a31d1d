import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SHIPPING_LIMITS } from '../../../../shared/shipping';
import { api, apiGet } from '../../../lib/api';
import { useT } from '../../../lib/i18n';

const monthsKey = (productId: number) => ['admin', 'warranty-months', productId] as const;

/**
 * The product form's warranty months (counted from shipping; each unit's warranty end is shown to
 * the shopper): loaded from GET /api/admin/couriers/products/:id when editing, checked as a whole
 * number from 1 to 120 or empty (none counted), and saved with PUT to the same address after the
 * product itself, only when it changed.
 */
export function useWarrantyMonths(productId: number | undefined) {
  const t = useT();
  const client = useQueryClient();
  const saved = useQuery({
    queryKey: monthsKey(productId ?? 0),
    queryFn: ({ signal }) =>
      apiGet<{ warrantyMonths: number | null }>(`/api/admin/couriers/products/${productId}`, { auth: 'admin', signal }),
    enabled: productId !== undefined,
    refetchOnMount: 'always',
    staleTime: 0,
  });
  const before = saved.data?.warrantyMonths ?? null;
  // What the admin typed; until then the saved months are shown.
  const [typedValue, setTypedValue] = useState<string | null>(null);
  const value = typedValue ?? (before === null ? '' : String(before));
  const [error, setError] = useState<string | undefined>();

  const typed = value.trim();
  const months = typed === '' ? null : Number(typed);
  /** The field's message when it is not a whole number from 1 to 120 (empty is fine). */
  const check = (): string | undefined => {
    const wrong =
      months !== null && !(/^\d+$/.test(typed) && months >= 1 && months <= SHIPPING_LIMITS.warrantyMonthsMax)
        ? t('admin-catalog.productForm.warrantyMonthsInvalid')
        : undefined;
    setError(wrong);
    return wrong;
  };

  /** After the product is saved: its months, when they changed (a new product sends them when given). */
  const save = async (id: number) => {
    if (months === before) return;
    await api(`/api/admin/couriers/products/${id}`, { method: 'PUT', body: { warrantyMonths: months }, auth: 'admin' });
    await client.invalidateQueries({ queryKey: monthsKey(id) });
  };

  return {
    value,
    change: (next: string) => {
      setTypedValue(next);
      setError(undefined);
    },
    error,
    check,
    save,
    /** An edit's saved months have arrived (or it is a new product). */
    ready: productId === undefined || saved.data !== undefined || saved.isError,
  };
}
