import {
  normalizeLanguage,
  type SessionUser,
  type SignInInput,
  type SignInResult,
  type SignUpInput,
  type TwoFactorSignInInput,
} from '@cursus/contracts';
import {
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/error-message';
import { changeLanguage, getLanguage, i18n } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { loadAuthCalls } from '../api/load-auth-calls';
import { AuthContext, type AuthContextValue } from '../auth-context';
import { checkSession, getSessionSnapshot, setSessionUser, subscribeToSession } from '../session-store';

/** A session, or null while the second factor is due: no session exists yet. */
function signedInUser(result: SignInResult): SessionUser | null {
  if ('twoFactorRequired' in result) return null;
  setSessionUser(result.user);
  return result.user;
}

/**
 * Counts the calls under way, for `isPending`: wraps a call so that the count goes up while it runs.
 */
function usePendingCalls() {
  const [pending, setPending] = useState(0);
  const track = useCallback(async <T,>(call: () => Promise<T>): Promise<T> => {
    setPending((count) => count + 1);
    try {
      return await call();
    } finally {
      setPending((count) => count - 1);
    }
  }, []);
  return { isPending: pending > 0, track };
}

/**
 * Holds who is signed in (SPEC 4). The session itself lives in an http-only cookie; the session store
 * asks GET /api/auth/session once on load (main.tsx starts it before the first render) and every call
 * that changes the session (sign-in, sign-out, preferences, organisation) updates it in place.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeToSession, getSessionSnapshot);
  const { isPending: isCalling, track } = usePendingCalls();
  const [hasSignedOut, setHasSignedOut] = useState(false);

  // Nobody asked yet (tests, or a provider mounted without main.tsx): ask now. When the connection
  // returns, ask again: an app started offline holds the person it last saw, not a checked session.
  useEffect(() => {
    if (getSessionSnapshot().status === 'loading') void checkSession();
    const onOnline = () => void checkSession();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  const user = session.user;
  const userRef = useRef<SessionUser | null>(user);
  userRef.current = user;

  // On sign-in (and on load with a session), the account's language wins over this device's choice.
  const adoptedUserId = useRef<string | null>(null);
  useEffect(() => {
    if (!user) {
      adoptedUserId.current = null;
      return;
    }
    if (adoptedUserId.current === user.id) return;
    adoptedUserId.current = user.id;
    void changeLanguage(user.language);
  }, [user]);

  // A language switched while signed in is saved on the account, so it follows the person.
  useEffect(() => {
    const onLanguageChanged = (language: string) => {
      const current = userRef.current;
      const next = normalizeLanguage(language);
      if (!current || current.language === next) return;
      loadAuthCalls()
        .then((calls) => calls.updatePreferences({ language: next }))
        .then((result) => setSessionUser(result.user))
        .catch((error: unknown) => notify.error(getErrorMessage(error)));
    };
    i18n.on('languageChanged', onLanguageChanged);
    return () => i18n.off('languageChanged', onLanguageChanged);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: session.status,
      user,
      role: user?.role ?? null,
      sessionError: user ? null : session.error,
      isPending: session.status === 'loading' || isCalling,
      hasSignedOut,
      signIn: (input: SignInInput) =>
        track(async () => {
          const user = signedInUser(await (await loadAuthCalls()).signIn(input));
          setHasSignedOut(false);
          return user;
        }),
      adminSignIn: (input: SignInInput) =>
        track(async () => {
          try {
            const user = signedInUser(await (await loadAuthCalls()).adminSignIn(input));
            setHasSignedOut(false);
            return user;
          } catch (error) {
            // The server signs a refused non-admin out: forget any session we still hold.
            if (isApiError(error, 'NOT_ADMIN')) setSessionUser(null);
            throw error;
          }
        }),
      completeTwoFactorSignIn: (input: TwoFactorSignInInput) =>
        track(async () => {
          const result = await (await loadAuthCalls()).completeTwoFactorSignIn(input);
          setSessionUser(result.user);
          setHasSignedOut(false);
          return result.user;
        }),
      signUp: (input: SignUpInput) =>
        track(async () => {
          // The account starts in the language the person signed up in.
          await (await loadAuthCalls()).signUp({ ...input, language: input.language ?? getLanguage() });
        }),
      signOut: () =>
        track(async () => {
          setHasSignedOut(true);
          try {
            await (await loadAuthCalls()).signOut();
          } catch (error) {
            setHasSignedOut(false);
            throw error;
          }
          // The query cache (app/query-client.ts) hears it and forgets the previous person's data.
          setSessionUser(null);
        }),
      setUser: setSessionUser,
      refreshSession: checkSession,
    }),
    [session, user, isCalling, hasSignedOut, track],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
