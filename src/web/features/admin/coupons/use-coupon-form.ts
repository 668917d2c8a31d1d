import { useT } from '../../../lib/i18n';
import { useEditForm } from '../ui/use-edit-form';
import type { Coupon, CouponInputBody, useAdminCoupons } from './api';

/** What the form holds: text as typed (the server checks it), the scope's categories as ids. */
export interface CouponDraft {
  code: string;
  type: 'percent' | 'fixed';
  value: string;
  minSubtotal: string;
  maxDiscount: string;
  /** `datetime-local` text in the admin's own time zone; empty: no bound. */
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  categoryIds: number[];
  /** Product ids separated by commas or spaces. */
  productIds: string;
}

const EMPTY: CouponDraft = {
  code: '',
  type: 'percent',
  value: '',
  minSubtotal: '',
  maxDiscount: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  categoryIds: [],
  productIds: '',
};

const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));
const text = (value: number | null) => (value === null ? '' : String(value));
/** Local `datetime-local` text as an instant; the field leaves the zone to the device (Nepal's). */
const toInstant = (local: string) => (local === '' ? null : new Date(local).toISOString());
/** An instant as `datetime-local` text in the device's zone. */
function toLocal(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
/** "12, 34 56" → [12, 34, 56]; a word that is not a number is sent as it is, for the server to refuse. */
const parseIds = (list: string) =>
  list
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map(Number);

function draftOf(coupon: Coupon): CouponDraft {
  return {
    code: coupon.code,
    type: coupon.type,
    value: String(coupon.value),
    minSubtotal: text(coupon.minSubtotal),
    maxDiscount: text(coupon.maxDiscount),
    startsAt: toLocal(coupon.startsAt),
    endsAt: toLocal(coupon.endsAt),
    usageLimit: text(coupon.usageLimit),
    perCustomerLimit: text(coupon.perCustomerLimit),
    categoryIds: coupon.categoryIds,
    productIds: coupon.productIds.join(', '),
  };
}

function bodyOf(draft: CouponDraft, active: boolean): CouponInputBody {
  return {
    code: draft.code.trim(),
    type: draft.type,
    value: Number(draft.value),
    minSubtotal: optionalNumber(draft.minSubtotal),
    maxDiscount: draft.type === 'percent' ? optionalNumber(draft.maxDiscount) : null,
    startsAt: toInstant(draft.startsAt),
    endsAt: toInstant(draft.endsAt),
    usageLimit: optionalNumber(draft.usageLimit),
    perCustomerLimit: optionalNumber(draft.perCustomerLimit),
    categoryIds: draft.categoryIds,
    productIds: parseIds(draft.productIds),
    active,
  };
}

/**
 * The coupon form's state: a new coupon, or an existing one being edited (sent whole with PUT,
 * keeping whether it is active). The server's field messages are shown under their fields.
 */
export function useCouponForm(coupons: Pick<ReturnType<typeof useAdminCoupons>, 'create' | 'update'>) {
  const t = useT();
  const form = useEditForm({
    empty: () => EMPTY,
    draftOf,
    bodyOf: (draft: CouponDraft, editing: Coupon | null) => bodyOf(draft, editing?.active ?? true),
    writes: coupons,
    texts: {
      created: t('admin.coupons.created'),
      saved: t('admin.coupons.saved'),
      saveFailed: t('admin.coupons.saveFailed'),
    },
    // "productIds.2" is the product field's message.
    fieldOf: (key) => key.split('.')[0]!,
  });
  const toggleCategory = (id: number) =>
    form.setDraft((old) => ({
      ...old,
      categoryIds: old.categoryIds.includes(id) ? old.categoryIds.filter((other) => other !== id) : [...old.categoryIds, id],
    }));
  const { draft, set, editing, edit, reset, errors, submit, saving } = form;
  return { draft, set, toggleCategory, editing, edit, reset, errors, submit, saving };
}

export type CouponFormState = ReturnType<typeof useCouponForm>;
