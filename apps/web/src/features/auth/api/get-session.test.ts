import { MaybeSessionResultSchema } from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/test-utils';
import { readSessionResult } from './get-session';

const user = buildUser({ organizationId: '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11' });

// issue 12: the session answer is checked by hand to keep zod out of the first screen; it must accept
// and refuse exactly what the contract's schema does, and keep the same fields.
const ANSWERS: Record<string, unknown> = {
  'signed out': { user: null },
  'signed in': { user },
  'without an organisation': { user: { ...user, organizationId: null, organizationName: null } },
  'with a field the contract does not know': { user: { ...user, extra: 'x' }, other: 1 },
  'the nil uuid': { user: { ...user, organizationId: '00000000-0000-0000-0000-000000000000' } },
  'not an object': 'user',
  'no user key': {},
  'a user of the wrong type': { user: 'ana' },
  'an unknown role': { user: { ...user, role: 'owner' } },
  'an unknown language': { user: { ...user, language: 'de' } },
  'an organisation id that is no uuid': { user: { ...user, organizationId: 'org-1' } },
  'a uuid of no version': { user: { ...user, organizationId: '3f0e8a52-8f7e-0d38-9a57-4d0f3f8e2b11' } },
  'a missing name': { user: { ...user, lastName: undefined } },
  'emailVerified as text': { user: { ...user, emailVerified: 'true' } },
  'a numeric id': { user: { ...user, id: 7 } },
  'a staff member who must enrol in two-factor authentication': {
    user: { ...user, twoFactorEnrolmentRequired: true },
  },
  'twoFactorEnrolmentRequired as text': { user: { ...user, twoFactorEnrolmentRequired: 'true' } },
};

describe('readSessionResult', () => {
  for (const [name, answer] of Object.entries(ANSWERS)) {
    it(`agrees with MaybeSessionResultSchema on ${name}`, () => {
      const parsed = MaybeSessionResultSchema.safeParse(answer);
      expect(readSessionResult(answer)).toEqual(parsed.success ? parsed.data : undefined);
    });
  }
});
