import { z } from 'zod';
import type { Role } from './roles.ts';

/**
 * PostgreSQL text cannot hold a NUL character: such input is refused as invalid, naming its field,
 * rather than failing at the database with a 500.
 */
export const hasNoNul = (value: string | undefined) => !value?.includes('\u0000');
export const NO_NUL = { message: 'invalid character' };

/** Trimmed text with bounds: what a person types into a form. */
export const text = (max: number) => z.string().trim().min(1).max(max).refine(hasNoNul, NO_NUL);
export const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
export const OkSchema = z.object({ ok: z.literal(true) });
export const IdParamsSchema = z.object({ id: z.uuid() });

/**
 * Whose data a route reaches once its caller is let in. The services and row-level security
 * enforce it (ADR 002); the route-access test proves it with another organisation's trainer.
 * - `organization`: the caller's organisation only; another organisation's ids answer 403/404.
 * - `owner`: the caller's own records only (their notifications, time sessions, password).
 */
export type AccessScope = 'organization' | 'owner';

/**
 * Who may call a route (SPEC 6), checked by the server before the body is even read:
 * - `'public'`: anyone, signed in or not;
 * - `{ roles: 'any' }`: any signed-in user, else 401 NO_SESSION;
 * - `{ roles: [...] }`: a signed-in user with one of these roles, else 401 NO_SESSION or
 *   403 NOT_AUTHORIZED. Admin passes every role guard (`canEnterSpace`).
 */
export type RouteAccess =
  | 'public'
  | {
      readonly roles: 'any' | readonly [Role, ...Role[]];
      readonly scope: AccessScope;
      /** Open to a staff member who must set up two-factor authentication first (two-factor.ts). */
      readonly duringTwoFactorEnrolment?: true;
    };

/** Trainers (and admins) working on their organisation's data: most of the trainer space. */
export const ORGANIZATION_STAFF = {
  roles: ['trainer'],
  scope: 'organization',
} as const satisfies RouteAccess;
/** A student's own learning: their formations, lessons, progress and time. */
export const STUDENT_OWN_DATA = { roles: ['student'], scope: 'owner' } as const satisfies RouteAccess;
/** Anyone signed in, on their own records (password, preferences, notifications). */
export const SIGNED_IN_OWN_DATA = { roles: 'any', scope: 'owner' } as const satisfies RouteAccess;

/** A route as both sides see it: the server registers it, the web client calls it. */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Required, so a route cannot be added without saying who may call it. */
  access: RouteAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}
