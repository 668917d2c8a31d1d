import { Navigate } from 'react-router';

/**
 * A guard's redirect. A logout (use-logout.ts) changes the location and ends the session in one
 * render, so the guarded page is gone before its guard could send the visitor elsewhere.
 */
export function GuardRedirect({ to }: { to: string }) {
  return <Navigate to={to} replace />;
}
