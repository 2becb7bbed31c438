import { describe, expect, it } from 'vitest';
import { canEnterSpace, hasPermission } from './permissions.ts';

describe('hasPermission (SPEC 6 gate)', () => {
  it('lets an admin do everything, reset and admin actions included', () => {
    expect(hasPermission('admin', ['admin:organizations', 'reset:time', 'delete:anything'])).toBe(true);
  });

  it('lets a trainer view, edit courses and questions, and manage', () => {
    expect(
      hasPermission('trainer', ['view:analytics', 'edit:courses', 'edit:questions', 'manage:students']),
    ).toBe(true);
  });

  it('refuses a trainer any admin: or reset: permission', () => {
    expect(hasPermission('trainer', ['admin:organizations'])).toBe(false);
    expect(hasPermission('trainer', ['reset:time'])).toBe(false);
    expect(hasPermission('trainer', ['view:dashboard', 'reset:time'])).toBe(false);
  });

  it('refuses a trainer a permission outside the allowed prefixes', () => {
    expect(hasPermission('trainer', ['edit:settings'])).toBe(false);
    expect(hasPermission('trainer', ['delete:courses'])).toBe(false);
  });

  it('gives a student only the five view permissions', () => {
    for (const permission of [
      'view:dashboard',
      'view:courses',
      'view:questions',
      'view:exercises',
      'view:progression',
    ]) {
      expect(hasPermission('student', [permission])).toBe(true);
    }
    expect(hasPermission('student', ['view:analytics'])).toBe(false);
    expect(hasPermission('student', ['edit:courses'])).toBe(false);
    expect(hasPermission('student', ['view:courses', 'manage:students'])).toBe(false);
  });

  it('refuses anyone without a role', () => {
    expect(hasPermission(null, ['view:dashboard'])).toBe(false);
    expect(hasPermission(undefined, [])).toBe(false);
  });
});

describe('canEnterSpace (route guards)', () => {
  it('lets admin pass every guard', () => {
    expect(canEnterSpace('admin', ['student'])).toBe(true);
    expect(canEnterSpace('admin', ['trainer'])).toBe(true);
  });

  it('keeps a student out of trainer pages and a trainer out of admin pages', () => {
    expect(canEnterSpace('student', ['trainer', 'admin'])).toBe(false);
    expect(canEnterSpace('trainer', ['admin'])).toBe(false);
    expect(canEnterSpace('trainer', ['trainer', 'admin'])).toBe(true);
  });
});
