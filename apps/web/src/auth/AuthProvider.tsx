import type { AuthSession } from '@portal/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionManager, SessionState } from './session-manager';

export interface AuthContextValue extends SessionState {
  /** Adopts a session returned by sign-in or email confirmation. */
  signIn: (session: AuthSession) => void;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ session, children }: { session: SessionManager; children: ReactNode }) {
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const queryClient = useQueryClient();
  const lastUserId = useRef<string | null>(null);

  useEffect(() => {
    void session.restore();
  }, [session]);

  // Cached server data belongs to one person: drop it whenever the signed-in user changes.
  useEffect(() => {
    const userId = state.user?.id ?? null;
    if (lastUserId.current !== null && lastUserId.current !== userId) queryClient.clear();
    lastUserId.current = userId;
  }, [state.user, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, signIn: session.begin, signOut: session.signOut }),
    [state, session],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
