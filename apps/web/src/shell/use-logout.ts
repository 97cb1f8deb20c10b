import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthProvider';

/** Signs out on the server, forgets the session here, and returns to the sign-in page. */
export function useLogout(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
    } catch {
      // The session is forgotten here even when the server could not be told.
    }
    navigate('/auth/login', { replace: true });
  }, [signOut, navigate]);
}
