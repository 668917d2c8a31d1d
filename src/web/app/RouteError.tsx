import { Button, ButtonLink } from '../components/ui/Button';
import { useT } from '../lib/i18n';

/** Shown inside the layout when a page fails to load or render (for example a lost connection while loading its code). */
export function RouteError({ error }: { error: unknown }) {
  const t = useT();
  const chunkFailed =
    error instanceof TypeError && /dynamically imported module|Importing a module script failed|fetch/i.test(error.message);
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('common.error.title')}</h1>
      <p className="mt-2 text-slate-600">{chunkFailed ? t('common.error.chunkFailed') : t('common.error.pageFailed')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t('common.tryAgain')}</Button>
        <ButtonLink to="/" variant="outline" reloadDocument>
          {t('common.goHome')}
        </ButtonLink>
      </div>
    </div>
  );
}
