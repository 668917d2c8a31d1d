import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** Shown instead of the children once one of them has thrown while rendering or loading. */
  fallback: (error: unknown) => ReactNode;
  /** Logged before the error, as in 'A page failed:'. */
  logPrefix: string;
  children: ReactNode;
}

/** Keeps a failure (a render error, a lazy chunk that could not be fetched) inside one part of the screen. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown): void {
    console.error(this.props.logPrefix, error);
  }

  override render(): ReactNode {
    return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error);
  }
}
