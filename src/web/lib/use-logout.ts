import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from './session';

/** Logout from any button: ends the session(s), clears cached data, toasts, and goes to /login. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    logout();
    void navigate('/login', { replace: true });
  }, [navigate]);
}
