import { normalizeLanguage, type SessionUser, type SignInInput, type SignUpInput } from '@cursus/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getErrorMessage } from '@/lib/error-message';
import { changeLanguage, getLanguage, i18n } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useAdminSignIn } from '../api/admin-sign-in';
import { authKeys } from '../api/auth-query-keys';
import { type SessionResult, useSession } from '../api/get-session';
import { useSignIn } from '../api/sign-in';
import { useSignOut } from '../api/sign-out';
import { useSignUp } from '../api/sign-up';
import { useUpdatePreferences } from '../api/update-preferences';
import { AuthContext, type AuthContextValue } from '../auth-context';

/**
 * Holds who is signed in (SPEC 4). The session itself lives in an http-only cookie; this asks
 * GET /api/auth/session once on load and keeps the answer in the query cache, which every call that
 * changes the session (sign-in, sign-out, preferences, organisation) updates in place.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const signInMutation = useSignIn();
  const adminSignInMutation = useAdminSignIn();
  const signUpMutation = useSignUp();
  const signOutMutation = useSignOut();
  const { mutate: savePreferences } = useUpdatePreferences();
  const [hasSignedOut, setHasSignedOut] = useState(false);

  const user = session.data?.user ?? null;
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
      savePreferences({ language: next }, { onError: (error) => notify.error(getErrorMessage(error)) });
    };
    i18n.on('languageChanged', onLanguageChanged);
    return () => i18n.off('languageChanged', onLanguageChanged);
  }, [savePreferences]);

  const setUser = useCallback(
    (next: SessionUser) => queryClient.setQueryData<SessionResult>(authKeys.session(), { user: next }),
    [queryClient],
  );

  const { mutateAsync: signInAsync } = signInMutation;
  const { mutateAsync: adminSignInAsync } = adminSignInMutation;
  const { mutateAsync: signUpAsync } = signUpMutation;
  const { mutateAsync: signOutAsync } = signOutMutation;
  const { refetch } = session;

  const value = useMemo<AuthContextValue>(
    () => ({
      status: session.isPending ? 'loading' : 'ready',
      user,
      role: user?.role ?? null,
      sessionError: user ? null : session.error,
      isPending:
        session.isPending ||
        signInMutation.isPending ||
        adminSignInMutation.isPending ||
        signUpMutation.isPending ||
        signOutMutation.isPending,
      hasSignedOut,
      signIn: async (input: SignInInput) => {
        const result = await signInAsync(input);
        setHasSignedOut(false);
        return result.user;
      },
      adminSignIn: async (input: SignInInput) => {
        const result = await adminSignInAsync(input);
        setHasSignedOut(false);
        return result.user;
      },
      signUp: async (input: SignUpInput) => {
        // The account starts in the language the person signed up in.
        await signUpAsync({ ...input, language: input.language ?? getLanguage() });
      },
      signOut: async () => {
        setHasSignedOut(true);
        try {
          await signOutAsync();
        } catch (error) {
          setHasSignedOut(false);
          throw error;
        }
      },
      setUser,
      refreshSession: async () => {
        await refetch();
      },
    }),
    [
      session.isPending,
      session.error,
      user,
      signInMutation.isPending,
      adminSignInMutation.isPending,
      signUpMutation.isPending,
      signOutMutation.isPending,
      hasSignedOut,
      signInAsync,
      adminSignInAsync,
      signUpAsync,
      signOutAsync,
      setUser,
      refetch,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
