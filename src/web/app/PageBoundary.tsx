import { Component, type ReactNode, Suspense } from 'react';
import { LoadingBlock } from '../components/ui/Spinner';
import { RouteError } from './RouteError';

interface BoundaryState {
  error: unknown;
}

/** Catches a page that fails to render or whose code fails to load, and shows RouteError instead. */
class PageErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A page failed:', error);
  }

  override render(): ReactNode {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/**
 * Around the page inside the layout: a spinner while a lazily loaded page's code arrives, and an
 * error panel when the page fails. `resetKey` (the path) gives each page a fresh boundary.
 */
export function PageBoundary({ resetKey, children }: { resetKey: string; children: ReactNode }) {
  return (
    <PageErrorBoundary key={resetKey}>
      <Suspense fallback={<LoadingBlock label="Loading page" className="py-24" />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
