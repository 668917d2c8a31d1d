import { useRef, useState } from 'react';
import { forwardFrom } from '../../../../shared/order-steps';
import { statusLabel } from '../../../components/orders/order-status';
import { useT } from '../../../lib/i18n';
import type { Order, OrderStatus } from './api';

/**
 * The status of one order. Picked from the list with the mouse or a finger, it is saved at once. With
 * the keyboard on the closed list (arrows, letters) the choice shows and is saved on Enter or when
 * focus leaves, so going past 'Confirmed' on the way to 'Shipped' does not save (and mail) each step;
 * Escape takes it back. While it saves it stays focusable (aria-disabled, not disabled: a disabled
 * control would drop the keyboard's focus to the page's start) and ignores changes.
 */
export function StatusSelect({
  order,
  saving,
  onSave,
}: {
  order: Order;
  saving: boolean;
  onSave: (status: OrderStatus) => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<OrderStatus | null>(null);
  const byKeyboard = useRef(false);
  const commit = (next: OrderStatus) => {
    setDraft(null);
    if (next !== order.status) onSave(next);
  };
  return (
    <select
      aria-label={t('admin.orders.statusOf', { id: order.id })}
      aria-disabled={saving || undefined}
      value={draft ?? order.status}
      onPointerDown={() => {
        byKeyboard.current = false;
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && draft !== null) {
          event.preventDefault();
          commit(draft);
        } else if (event.key === 'Escape' && draft !== null) {
          event.stopPropagation();
          setDraft(null);
        } else if (event.key !== 'Tab' && event.key !== 'Shift') {
          byKeyboard.current = true;
        }
      }}
      onChange={(event) => {
        if (saving) return;
        const next = event.target.value as OrderStatus;
        if (byKeyboard.current) setDraft(next);
        else commit(next);
      }}
      onBlur={() => {
        byKeyboard.current = false;
        if (draft !== null) commit(draft);
      }}
      className={`h-9 rounded-lg border border-control bg-white px-2 text-sm text-slate-900 focus-visible:border-focus ${saving ? 'opacity-60' : ''}`}
    >
      {/* Forward only: a step back is the separate Take back, with a reason. */}
      {[order.status, ...forwardFrom(order.status)].map((value) => (
        <option key={value} value={value}>
          {statusLabel(value, t)}
        </option>
      ))}
    </select>
  );
}
