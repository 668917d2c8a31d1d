import { Navigate, useNavigation } from 'react-router';

/**
 * A guard's redirect. While another navigation is under way (a logout heading for /login, say),
 * it waits instead of overriding that navigation with its own target.
 */
export function GuardRedirect({ to }: { to: string }) {
  const navigation = useNavigation();
  return navigation.state === 'idle' ? <Navigate to={to} replace /> : null;
}
