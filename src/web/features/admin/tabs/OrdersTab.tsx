import ClipboardList from 'lucide-react/icons/clipboard-list';
import { Card, EmptyState } from '../../../components/ui/Card';

/** Placeholder of the admin Orders tab; the catalogue and orders issues replace this file. */
export function OrdersTab() {
  return (
    <Card title="Orders">
      <EmptyState icon={<ClipboardList className="size-7" aria-hidden="true" />} title="Orders management is coming soon">
        <p>Search all orders, filter them by date, see their items and change their status.</p>
      </EmptyState>
    </Card>
  );
}
