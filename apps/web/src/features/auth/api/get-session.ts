import {
  LANGUAGES,
  type Language,
  ROLES,
  type Role,
  SESSION_ROUTE,
  type SessionUser,
} from '@cursus/contracts';
import { callApiWith } from '@/lib/api-client';

export type SessionResult = { user: SessionUser | null };

/** z.uuid(): an RFC 9562 UUID (version 1 to 8, its variant), or the nil or max one. */
const UUID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown): value is string | null => value === null || isString(value);

/**
 * contracts' MaybeSessionResultSchema, checked by hand: every page waits for this answer, the sign-in
 * page first, and parsing it with zod would put zod in that page (issue 12). Like the schema, it keeps
 * only the known fields. get-session.test.ts holds both to the same answers.
 */
export function readSessionResult(value: unknown): SessionResult | undefined {
  if (!isRecord(value) || !('user' in value)) return undefined;
  const { user } = value;
  if (user === null) return { user: null };
  if (!isRecord(user)) return undefined;
  const { id, email, fullName, firstName, lastName, role, organizationId, organizationName, language } = user;
  if (
    !isString(id) ||
    !isString(email) ||
    !isString(fullName) ||
    !isString(firstName) ||
    !isString(lastName) ||
    !ROLES.includes(role as Role) ||
    !(organizationId === null || (isString(organizationId) && UUID.test(organizationId))) ||
    !isStringOrNull(organizationName) ||
    !LANGUAGES.includes(language as Language) ||
    typeof user.emailVerified !== 'boolean' ||
    !(user.twoFactorEnrolmentRequired === undefined || typeof user.twoFactorEnrolmentRequired === 'boolean')
  ) {
    return undefined;
  }
  return {
    user: {
      id,
      email,
      fullName,
      firstName,
      lastName,
      role: role as Role,
      organizationId,
      organizationName,
      language: language as Language,
      emailVerified: user.emailVerified,
      ...(user.twoFactorEnrolmentRequired === undefined
        ? {}
        : { twoFactorEnrolmentRequired: user.twoFactorEnrolmentRequired }),
    },
  };
}

/** The signed-in person, or null. The cookie is http-only, so asking the server is the only way to know. */
export function getSession(signal?: AbortSignal): Promise<SessionResult> {
  return callApiWith(SESSION_ROUTE, readSessionResult, { signal });
}
