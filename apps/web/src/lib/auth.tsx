import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import type { ReactNode } from "react";
import {
  getAuthState,
  initializeSession,
  refreshUser,
  signInWithPassword,
  signOut,
  signUpWithPassword,
  startAutoRefresh,
  subscribeAuth,
} from "./auth-session";
import type { AuthSession, AuthStatus, AuthUser, PasswordCredentials, SignUpInput } from "./auth-session";

export interface AuthContextValue {
  status: AuthStatus;
  session: AuthSession | null;
  user: AuthUser | null;
  signIn(credentials: PasswordCredentials): Promise<AuthSession>;
  signUp(input: SignUpInput): Promise<AuthSession>;
  signOut(): Promise<void>;
  refreshUser(): Promise<AuthUser | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { status, session } = useSyncExternalStore(subscribeAuth, getAuthState);

  useEffect(() => {
    void initializeSession();
    return startAutoRefresh();
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      session,
      user: session?.user ?? null,
      signIn: signInWithPassword,
      signUp: signUpWithPassword,
      signOut,
      refreshUser,
    }),
    [status, session],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside AuthProvider");
  return value;
}
