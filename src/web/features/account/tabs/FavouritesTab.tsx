import Heart from 'lucide-react/icons/heart';
import { Card, EmptyState } from '../../../components/ui/Card';

/** SPEC §1: a placeholder only; there is no favourites backend. */
export function FavouritesTab() {
  return (
    <Card title="Favourites">
      <EmptyState icon={<Heart className="size-7" aria-hidden="true" />} title="Your favourite items will appear here.">
        <p>Favourites are not saved yet: there is no backend for them so far.</p>
      </EmptyState>
    </Card>
  );
}
