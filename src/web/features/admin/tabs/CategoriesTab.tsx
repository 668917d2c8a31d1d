import FolderTree from 'lucide-react/icons/folder-tree';
import { Card, EmptyState } from '../../../components/ui/Card';

/** Placeholder of the admin Categories tab; the catalogue and orders issues replace this file. */
export function CategoriesTab() {
  return (
    <Card title="Categories">
      <EmptyState icon={<FolderTree className="size-7" aria-hidden="true" />} title="Categories management is coming soon">
        <p>Add categories, subcategories and child categories, and remove them. The category tree is managed here.</p>
      </EmptyState>
    </Card>
  );
}
