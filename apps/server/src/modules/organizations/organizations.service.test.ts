import { describe, expect, it } from 'vitest';
import { defaultOrganizationName, resolveRole } from './organizations.service.ts';

const base = {
  verifiedEmail: 'ana@x.example' as string | null,
  adminEmails: [] as string[],
  userRole: null,
  profileRole: null,
  organizationId: null,
};

describe('resolveRole (SPEC 6 order)', () => {
  it('makes ADMIN_EMAILS accounts admins whatever their stored role', () => {
    expect(
      resolveRole({
        ...base,
        verifiedEmail: 'Boss@X.example',
        adminEmails: ['boss@x.example'],
        userRole: 'student',
      }),
    ).toBe('admin');
  });

  it('makes no admin of an account whose address is not verified', () => {
    expect(
      resolveRole({ ...base, verifiedEmail: null, adminEmails: ['boss@x.example'], userRole: 'student' }),
    ).toBe('student');
  });

  it('prefers user_roles, then the profile role', () => {
    expect(resolveRole({ ...base, userRole: 'trainer', profileRole: 'student' })).toBe('trainer');
    expect(resolveRole({ ...base, profileRole: 'student' })).toBe('student');
  });

  it('treats a user with an organisation and no role as a trainer (SPEC 4)', () => {
    expect(resolveRole({ ...base, organizationId: '00000000-0000-0000-0000-000000000001' })).toBe('trainer');
    expect(resolveRole(base)).toBe('student');
  });

  it('ignores unknown role values', () => {
    expect(resolveRole({ ...base, userRole: 'superuser', profileRole: 'trainer' })).toBe('trainer');
  });
});

describe('defaultOrganizationName', () => {
  it('names the organisation after the trainer, in their language', () => {
    expect(defaultOrganizationName('Ana Lopez', 'fr')).toBe('Organisme de formation de Ana Lopez');
    expect(defaultOrganizationName('Ana Lopez', 'en')).toBe("Ana Lopez's training organisation");
  });
});
