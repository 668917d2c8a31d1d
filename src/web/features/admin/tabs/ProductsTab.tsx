import Package from 'lucide-react/icons/package';
import { Card, EmptyState } from '../../../components/ui/Card';

/** Placeholder of the admin Products tab; the catalogue and orders issues replace this file. */
export function ProductsTab() {
  return (
    <Card title="Products">
      <EmptyState icon={<Package className="size-7" aria-hidden="true" />} title="Products management is coming soon">
        <p>Upload new products with their images, feature them on the home page, or delete them.</p>
      </EmptyState>
    </Card>
  );
}
