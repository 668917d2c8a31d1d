import Heart from 'lucide-react/icons/heart';
import { Card, EmptyState } from '../../../components/ui/Card';
import { useT } from '../../../lib/i18n';

/** A placeholder only; there is no favourites backend. */
export function FavouritesTab() {
  const t = useT();
  return (
    <Card title={t('account.favourites.title')}>
      <EmptyState icon={<Heart className="size-7" aria-hidden="true" />} title={t('account.favourites.empty')}>
        <p>{t('account.favourites.notSaved')}</p>
      </EmptyState>
    </Card>
  );
}
