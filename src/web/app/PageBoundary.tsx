import { type ReactNode, Suspense } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { LoadingBlock } from '../components/ui/Spinner';
import { useT } from '../lib/i18n';
import { RouteError } from './RouteError';

/**
 * Around the page inside the layout: a spinner while a lazily loaded page's code arrives, and an
 * error panel (RouteError) when the page fails to render or its code fails to load. `resetKey`
 * (the path) gives each page a fresh boundary.
 */
export function PageBoundary({ resetKey, children }: { resetKey: string; children: ReactNode }) {
  const t = useT();
  return (
    <ErrorBoundary key={resetKey} logPrefix="A page failed:" fallback={(error) => <RouteError error={error} />}>
      <Suspense fallback={<LoadingBlock label={t('common.loadingPage')} className="py-24" />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
