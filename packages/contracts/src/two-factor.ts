import { z } from 'zod';
import { SessionResultSchema } from './auth.ts';
import { ORGANIZATION_STAFF, type RouteAccess, type RouteContract } from './common.ts';

/**
 * Staff only: trainers and admins act on many learners' data, so a stolen password must not be
 * enough; a learner's account holds their own record only, and learners sign in on shared
 * training-room computers without their phone at hand more often than staff.
 * `duringTwoFactorEnrolment`: these routes stay open to a staff member the organisation or the
 * platform requires to enrol first (every other signed-in route answers TWO_FACTOR_ENROLMENT_REQUIRED).
 */
const STAFF_OWN_SECOND_FACTOR = {
  roles: ['trainer'],
  scope: 'owner',
  duringTwoFactorEnrolment: true,
} as const satisfies RouteAccess;

/** Six digits from the authenticator app; spaces typed or pasted in the middle are dropped. */
export const TotpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'TWO_FACTOR_CODE_FORMAT'));

/** better-auth's recovery codes: ten letters and digits, shown as two groups of five. */
export const RecoveryCodeSchema = z
  .string()
  .trim()
  .max(32)
  .transform((value) => {
    const compact = value.replace(/[\s-]/g, '');
    return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : value;
  })
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, 'RECOVERY_CODE_FORMAT'));

/** The second step of a sign-in whose password was right, on an account with two-factor authentication. */
export const TwoFactorSignInInputSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: TotpCodeSchema }),
  z.object({ method: z.literal('recovery'), code: RecoveryCodeSchema }),
]);
export type TwoFactorSignInInput = z.input<typeof TwoFactorSignInInputSchema>;

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The organisation or the platform requires it of this person. */
  required: z.boolean(),
  /** Unused recovery codes, null when two-factor authentication is off. */
  recoveryCodesLeft: z.number().int().nullable(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorPasswordInputSchema = z.object({ password: z.string().min(1).max(128) });
export type TwoFactorPasswordInput = z.infer<typeof TwoFactorPasswordInputSchema>;

/** Enrolment's first step: the secret to scan (otpauth URI, drawn as a QR code) or to type (base32), not active yet. */
export const TwoFactorSetupSchema = z.object({
  totpUri: z.string(),
  secret: z.string(),
  /** The otpauth URI as an SVG QR code, a data: URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const TwoFactorCodeInputSchema = z.object({ code: TotpCodeSchema });
export type TwoFactorCodeInput = z.input<typeof TwoFactorCodeInputSchema>;

export const TwoFactorDisableInputSchema = z.object({
  password: z.string().min(1).max(128),
  code: TotpCodeSchema,
});
export type TwoFactorDisableInput = z.input<typeof TwoFactorDisableInputSchema>;

/** Shown once, when they are made: only their encrypted list is kept. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const TwoFactorPolicySchema = z.object({ staffRequired: z.boolean() });
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicySchema>;

export const twoFactorRoutes = {
  /** The code step of either sign-in form (the admin form refused non-admins at its first step). */
  signIn: {
    method: 'POST',
    path: '/api/auth/sign-in/two-factor',
    access: 'public',
    body: TwoFactorSignInInputSchema,
    response: SessionResultSchema,
  },
  status: {
    method: 'GET',
    path: '/api/auth/two-factor',
    access: STAFF_OWN_SECOND_FACTOR,
    response: TwoFactorStatusSchema,
  },
  enable: {
    method: 'POST',
    path: '/api/auth/two-factor/enable',
    access: STAFF_OWN_SECOND_FACTOR,
    body: TwoFactorPasswordInputSchema,
    response: TwoFactorSetupSchema,
  },
  /** The first code proves the app holds the secret: only then is the second factor on. */
  confirm: {
    method: 'POST',
    path: '/api/auth/two-factor/confirm',
    access: STAFF_OWN_SECOND_FACTOR,
    body: TwoFactorCodeInputSchema,
    response: RecoveryCodesSchema,
  },
  disable: {
    method: 'POST',
    path: '/api/auth/two-factor/disable',
    access: STAFF_OWN_SECOND_FACTOR,
    body: TwoFactorDisableInputSchema,
    response: z.object({ ok: z.literal(true) }),
  },
  regenerateRecoveryCodes: {
    method: 'POST',
    path: '/api/auth/two-factor/recovery-codes',
    access: STAFF_OWN_SECOND_FACTOR,
    body: TwoFactorPasswordInputSchema,
    response: RecoveryCodesSchema,
  },
  getPolicy: {
    method: 'GET',
    path: '/api/organizations/mine/two-factor-policy',
    access: ORGANIZATION_STAFF,
    response: TwoFactorPolicySchema,
  },
  updatePolicy: {
    method: 'PUT',
    path: '/api/organizations/mine/two-factor-policy',
    access: ORGANIZATION_STAFF,
    body: TwoFactorPolicySchema,
    response: TwoFactorPolicySchema,
  },
} as const satisfies Record<string, RouteContract>;
