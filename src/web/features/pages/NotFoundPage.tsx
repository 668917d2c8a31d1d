import { ButtonLink } from '../../components/ui/Button';
import { usePageTitle } from '../../lib/hooks';
import { useT } from '../../lib/i18n';

export default function NotFoundPage() {
  const t = useT();
  usePageTitle(t('common.notFound.title'));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-amber-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('common.notFound.title')}</h1>
      <p className="mt-2 text-slate-600">{t('common.notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">{t('common.goHome')}</ButtonLink>
        <ButtonLink to="/products" variant="outline">
          {t('common.notFound.browse')}
        </ButtonLink>
      </div>
    </div>
  );
}
