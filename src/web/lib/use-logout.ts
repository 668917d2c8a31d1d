import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from './session';

/** Logout from any button: ends the session(s), clears cached data, toasts, and goes to /login. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    // Navigate first: React renders the new location and the ended session together (one batch),
    // so a guarded page never sees its token vanish while still on screen.
    void navigate('/login', { replace: true });
    logout();
  }, [navigate]);
}
