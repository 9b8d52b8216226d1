import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionUser } from '#shared/schemas/auth';
import { endSession, onUnauthorized } from './api-client';
import {
  clearAuthFromStorage,
  readAuthFromStorage,
  writeAuthToStorage,
  type AuthSnapshot,
  type StoredUser,
} from './auth-state';
import { readSessionId } from './session-storage';
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

  // Whoever was signed in on this browser before (an invitation opened on a shared desk) leaves nothing
  // behind: their session ends and their cached lists and permissions go.
  const signIn = useCallback(
    (sessionId: string, user: SessionUser) => {
      if (readSessionId() !== sessionId) endSession();
      queryClient.clear();
      writeAuthToStorage(localStorage, sessionId, user);
      setState({ isAuthenticated: true, user, isLoading: false, loggedOut: false });
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    // Revoke on the server too; the visitor is signed out here whatever that answers.
    endSession();
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
