import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionUser } from '#shared/schemas/auth';
import { apiRequest, onUnauthorized } from './api-client';
import {
  clearAuthFromStorage,
  readAuthFromStorage,
  writeAuthToStorage,
  type AuthSnapshot,
  type StoredUser,
} from './auth-state';
import { writeSignedInHint } from './signed-in-hint';

interface AuthContextValue {
  isAuthenticated: boolean;
  isLoading: boolean;
  /** The visitor signed out with Logout (not a session that ended): guards send them to the site root. */
  loggedOut: boolean;
  user: StoredUser | null;
  signIn(sessionId: string, user: SessionUser): void;
  signOut(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);
const SIGNED_OUT: AuthSnapshot = { isAuthenticated: false, user: null };

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // No storage while prerendering: public pages are rendered for a signed-out visitor.
  const [state, setState] = useState<AuthSnapshot & { isLoading: boolean; loggedOut: boolean }>(() => ({
    ...(typeof localStorage === 'undefined' ? SIGNED_OUT : readAuthFromStorage(localStorage)),
    isLoading: false,
    loggedOut: false,
  }));

  useEffect(
    () =>
      onUnauthorized(() => {
        queryClient.clear();
        setState({ ...SIGNED_OUT, isLoading: false, loggedOut: false });
      }),
    [queryClient],
  );

  useEffect(() => {
    writeSignedInHint(document, state.isAuthenticated);
  }, [state.isAuthenticated]);

  const signIn = useCallback((sessionId: string, user: SessionUser) => {
    writeAuthToStorage(localStorage, sessionId, user);
    setState({ isAuthenticated: true, user, isLoading: false, loggedOut: false });
  }, []);

  const signOut = useCallback(() => {
    // Revoke on the server too; the visitor is signed out here whatever that answers.
    apiRequest('POST', '/api/auth/logout').catch(() => undefined);
    clearAuthFromStorage(localStorage);
    queryClient.clear();
    setState({ ...SIGNED_OUT, isLoading: false, loggedOut: true });
  }, [queryClient]);

  const value = useMemo(() => ({ ...state, signIn, signOut }), [state, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
