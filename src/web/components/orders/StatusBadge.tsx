import { useT } from '../../lib/i18n';
import { statusClasses, statusLabel } from './order-status';

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${statusClasses(status)}`}
      data-testid="order-status"
    >
      {statusLabel(status, t)}
    </span>
  );
}
