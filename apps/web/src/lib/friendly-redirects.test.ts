import { describe, expect, it } from 'vitest';
import { getFriendlyRedirect } from './friendly-redirects';

describe('getFriendlyRedirect', () => {
  it('sends /courses to /formations, keeping what follows', () => {
    expect(getFriendlyRedirect('/courses', null)).toBe('/formations');
    expect(getFriendlyRedirect('/courses/42', 'student')).toBe('/formations/42');
  });

  it('does not mistake a longer segment for /courses', () => {
    expect(getFriendlyRedirect('/courses-old', 'student')).toBeNull();
  });

  it('removes trailing slashes', () => {
    expect(getFriendlyRedirect('/formations/', 'student')).toBe('/formations');
    expect(getFriendlyRedirect('/trainer/students//', 'trainer')).toBe('/trainer/students');
    expect(getFriendlyRedirect('/courses/', null)).toBe('/formations');
  });

  it('leaves the root alone', () => {
    expect(getFriendlyRedirect('/', null)).toBeNull();
  });

  it('takes trainers and admins from /trainer to the trainer dashboard', () => {
    expect(getFriendlyRedirect('/trainer', 'trainer')).toBe('/trainer/dashboard');
    expect(getFriendlyRedirect('/trainer/', 'admin')).toBe('/trainer/dashboard');
  });

  it('does not send a student or a visitor from /trainer into the trainer space', () => {
    expect(getFriendlyRedirect('/trainer', 'student')).toBeNull();
    expect(getFriendlyRedirect('/trainer', null)).toBeNull();
  });

  it('keeps /admin as the sign-in page for visitors and takes a signed-in admin to the dashboard', () => {
    expect(getFriendlyRedirect('/admin', null)).toBeNull();
    expect(getFriendlyRedirect('/admin/', null)).toBe('/admin');
    expect(getFriendlyRedirect('/admin', 'admin')).toBe('/admin/dashboard');
    expect(getFriendlyRedirect('/admin', 'trainer')).toBeNull();
  });

  it('finds nothing for an unknown path', () => {
    expect(getFriendlyRedirect('/nowhere/to/be/found', 'student')).toBeNull();
  });
});
