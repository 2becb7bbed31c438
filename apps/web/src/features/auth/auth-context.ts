import type { Role, SessionUser, SignInInput, SignUpInput, TwoFactorSignInInput } from '@cursus/contracts';
import { createContext } from 'react';

export interface AuthContextValue {
  /** SPEC 4: 'loading' until the first session check ends, then 'ready'. */
  status: 'loading' | 'ready';
  user: SessionUser | null;
  role: Role | null;
  /** The first session check failed (server unreachable): nobody can be told apart from a visitor. */
  sessionError: Error | null;
  /** SPEC 4: true during the first check and while signing in, up or out. */
  isPending: boolean;
  /** True once this person signed out themselves, so guards do not offer to bring them back. */
  hasSignedOut: boolean;
  /** The signed-in user, or null when the account's second factor is due (`completeTwoFactorSignIn`). */
  signIn: (input: SignInInput) => Promise<SessionUser | null>;
  adminSignIn: (input: SignInInput) => Promise<SessionUser | null>;
  completeTwoFactorSignIn: (input: TwoFactorSignInInput) => Promise<SessionUser>;
  signUp: (input: SignUpInput) => Promise<void>;
  signOut: () => Promise<void>;
  /** Replaces the session's user with a fresher copy returned by another call (organisation created…). */
  setUser: (user: SessionUser) => void;
  refreshSession: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
