import { z } from 'zod';
import { EmailSchema, OkSchema, type RouteContract, SIGNED_IN_OWN_DATA, text } from './common.ts';
import { PasswordSchema } from './password.ts';
import { LanguageSchema, RoleSchema } from './roles.ts';

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  language: LanguageSchema,
  emailVerified: z.boolean(),
  /**
   * Issue 19: the organisation or the platform requires two-factor authentication of this staff
   * member, who has not set it up yet; until then only enrolment, the session and sign-out answer.
   */
  twoFactorEnrolmentRequired: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** Both password fields of a form must agree (SPEC 5); the error lands on the confirmation field. */
const passwordsMatch: [
  (value: { password: string; confirmPassword: string }) => boolean,
  { path: string[]; message: string },
] = [
  (value) => value.password === value.confirmPassword,
  { path: ['confirmPassword'], message: 'PASSWORDS_DONT_MATCH' },
];
const passwordFields = { password: PasswordSchema, confirmPassword: z.string().max(128) };

/** SPEC 5 sign-up: a trainer may name the organisation they create; students wait to be assigned. */
export const SignUpInputSchema = z
  .object({
    firstName: text(100),
    lastName: text(100),
    email: EmailSchema,
    role: z.enum(['student', 'trainer']),
    organizationName: z.string().trim().max(200).optional(),
    language: LanguageSchema.optional(),
    ...passwordFields,
  })
  .refine(...passwordsMatch);
export type SignUpInput = z.infer<typeof SignUpInputSchema>;

export const SignUpResultSchema = z.object({ emailConfirmationRequired: z.literal(true) });

export const SignInInputSchema = z.object({ email: EmailSchema, password: z.string().min(1).max(128) });
export type SignInInput = z.infer<typeof SignInInputSchema>;

export const SessionResultSchema = z.object({ user: SessionUserSchema });
/**
 * What sign-in answers: a session, or (the password was right, a second factor is due) no session
 * yet and an http-only cookie naming the pending sign-in for 10 minutes.
 */
export const SignInResultSchema = z.union([
  SessionResultSchema,
  z.object({ twoFactorRequired: z.literal(true) }),
]);
export type SignInResult = z.infer<typeof SignInResultSchema>;

export const MaybeSessionResultSchema = z.object({ user: SessionUserSchema.nullable() });

export const EmailInputSchema = z.object({ email: EmailSchema });
export type EmailInput = z.infer<typeof EmailInputSchema>;

export const ResetPasswordInputSchema = z
  .object({ token: z.string().min(1).max(512), ...passwordFields })
  .refine(...passwordsMatch);
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const ChangePasswordInputSchema = z
  .object({ currentPassword: z.string().min(1).max(128), ...passwordFields })
  .refine(...passwordsMatch);
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

export const VerifyEmailQuerySchema = z.object({ token: z.string().min(1).max(2048) });

export const UpdatePreferencesInputSchema = z.object({ language: LanguageSchema });

/**
 * The session check, the one auth call of the first screen: the web app reads its method and path
 * from here without the schemas, so the sign-in page does not load zod (issue 12).
 */
export const SESSION_ROUTE = { method: 'GET', path: '/api/auth/session' } as const;

export const authRoutes = {
  signUp: {
    method: 'POST',
    path: '/api/auth/sign-up',
    access: 'public',
    body: SignUpInputSchema,
    response: SignUpResultSchema,
  },
  signIn: {
    method: 'POST',
    path: '/api/auth/sign-in',
    access: 'public',
    body: SignInInputSchema,
    response: SignInResultSchema,
  },
  /** SPEC 2: /admin signs in administrators only; anyone else is refused and signed out. */
  adminSignIn: {
    method: 'POST',
    path: '/api/auth/admin/sign-in',
    access: 'public',
    body: SignInInputSchema,
    response: SignInResultSchema,
  },
  signOut: { method: 'POST', path: '/api/auth/sign-out', access: 'public', response: OkSchema },
  session: { ...SESSION_ROUTE, access: 'public', response: MaybeSessionResultSchema },
  resendConfirmation: {
    method: 'POST',
    path: '/api/auth/resend-confirmation',
    access: 'public',
    body: EmailInputSchema,
    response: OkSchema,
  },
  verifyEmail: {
    method: 'GET',
    path: '/api/auth/verify-email',
    access: 'public',
    query: VerifyEmailQuerySchema,
    response: z.unknown(),
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    access: 'public',
    body: EmailInputSchema,
    response: OkSchema,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    body: ResetPasswordInputSchema,
    response: OkSchema,
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/change-password',
    access: SIGNED_IN_OWN_DATA,
    body: ChangePasswordInputSchema,
    response: OkSchema,
  },
  updatePreferences: {
    method: 'PATCH',
    path: '/api/auth/preferences',
    access: SIGNED_IN_OWN_DATA,
    body: UpdatePreferencesInputSchema,
    response: SessionResultSchema,
  },
} as const satisfies Record<string, RouteContract>;
