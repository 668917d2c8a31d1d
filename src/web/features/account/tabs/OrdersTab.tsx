import Package from 'lucide-react/icons/package';
import { Card, EmptyState } from '../../../components/ui/Card';

/** Placeholder until the orders issue: the sortable orders table with View Items goes here. */
export function OrdersTab() {
  return (
    <Card title="Your Orders">
      <EmptyState icon={<Package className="size-7" aria-hidden="true" />} title="Order history is coming soon">
        <p>Your orders, their status and their items will be listed here.</p>
      </EmptyState>
    </Card>
  );
}
