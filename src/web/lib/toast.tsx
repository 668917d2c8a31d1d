import { type ComponentProps, type ReactNode, Suspense, lazy, useSyncExternalStore } from 'react';
import type * as ToastifyModule from 'react-toastify/unstyled';
import type { ToastOptions } from 'react-toastify/unstyled';

/**
 * Toasts, with react-toastify loaded only when the first toast is shown: most visits never show
 * one, and the library is not part of the first visit's JavaScript. Its stylesheet ships in the
 * CSS bundle (styles.css imports it). Import toasts from here.
 *
 * A toast asked for before the library arrives is shown as soon as it has: react-toastify keeps
 * toasts raised before its container mounts and shows them when it does.
 */

type Toastify = typeof ToastifyModule;

let library: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();
let wanted = false;

function load(): Promise<Toastify> {
  library ??= import('react-toastify/unstyled');
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return library;
}

type Kind = 'success' | 'error' | 'info';

function show(kind: Kind, content: ReactNode, options?: ToastOptions): void {
  load().then(
    ({ toast: toastify }) => toastify[kind](content, options),
    (error: unknown) => console.error('Could not load the toast library', error),
  );
}

export const toast = {
  success: (content: ReactNode, options?: ToastOptions) => show('success', content, options),
  error: (content: ReactNode, options?: ToastOptions) => show('error', content, options),
  info: (content: ReactNode, options?: ToastOptions) => show('info', content, options),
};

const LazyContainer = lazy(async () => ({ default: (await load()).ToastContainer }));

type ContainerProps = ComponentProps<Toastify['ToastContainer']>;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The toast container: rendered (and its code fetched) once the first toast is asked for. */
export function ToastContainer(props: ContainerProps) {
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <LazyContainer {...props} />
    </Suspense>
  );
}
