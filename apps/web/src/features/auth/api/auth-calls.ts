import {
  authRoutes,
  type EmailInput,
  type Language,
  type SignInInput,
  type SignUpInput,
  type TwoFactorSignInInput,
  twoFactorRoutes,
} from '@cursus/contracts';
import { callApi } from '@/lib/api-client';

/*
 * The session-changing calls the auth provider makes. They carry the contracts' schemas, and zod with
 * them, so they load when first used (load-auth-calls.ts), not with the sign-in screen (issue 12).
 */

export function signIn(input: SignInInput) {
  return callApi(authRoutes.signIn, { body: input });
}

/** SPEC 6: only administrators get a session here; anyone else gets NOT_ADMIN and no session. */
export function adminSignIn(input: SignInInput) {
  return callApi(authRoutes.adminSignIn, { body: input });
}

/** The code step, after a sign-in that answered `twoFactorRequired` (its cookie names the attempt). */
export function completeTwoFactorSignIn(input: TwoFactorSignInInput) {
  return callApi(twoFactorRoutes.signIn, { body: input });
}

/** Creates the account; no session follows until the email is confirmed (SPEC 4). */
export function signUp(input: SignUpInput) {
  return callApi(authRoutes.signUp, { body: input });
}

export function signOut() {
  return callApi(authRoutes.signOut);
}

/** Saves the interface language on the account, so it follows the person to other devices. */
export function updatePreferences(input: { language: Language }) {
  return callApi(authRoutes.updatePreferences, { body: input });
}

export function resendConfirmation(input: EmailInput) {
  return callApi(authRoutes.resendConfirmation, { body: input });
}
