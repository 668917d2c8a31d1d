import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from './session';

/** Logout from any button: ends the session(s), clears cached data, toasts, and goes to /login. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    // Start the navigation first and commit its pending state at once (flushSync): a guarded page
    // that sees its token vanish then waits for this navigation instead of redirecting elsewhere.
    void navigate('/login', { replace: true, flushSync: true });
    logout();
  }, [navigate]);
}
