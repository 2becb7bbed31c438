import { describe, expect, it } from 'vitest';
import { getActiveSection } from './active-section';

describe('getActiveSection', () => {
  it.each([
    ['/trainer/students/123', 'students'],
    ['/student/9f1c', 'students'],
    ['/admin/student/4', 'students'],
    ['/trainer/formation/9', 'courses'],
    ['/formations/7/module/2/lesson/3', 'courses'],
    ['/lesson/7/3', 'courses'],
    ['/admin/quizzes', 'quizzes'],
    ['/quizz?quiz=4&from=session', 'quizzes'],
    ['/trainer/group-sessions', 'group-sessions'],
    ['/group-sessions/12/live', 'group-sessions'],
    ['/trainer/abc-123', 'trainers'],
    ['/admin/trainer/5', 'trainers'],
    ['/student/formations/8/signature', 'signatures'],
    ['/trainer/signatures', 'signatures'],
    ['/trainer/qualiopi', 'compliance'],
    ['/admin/organization-onboarding', 'onboarding'],
    ['/trainer/dashboard', 'dashboard'],
    ['/dashboard', 'dashboard'],
    ['/create-formation', 'create'],
  ])('maps %s to %s', (path, section) => {
    expect(getActiveSection(path)).toBe(section);
  });

  it('does not take a sub-page of an unknown trainer address for a trainer', () => {
    expect(getActiveSection('/trainer/abc/extra')).toBeNull();
  });

  it('finds no section for pages outside the menus', () => {
    expect(getActiveSection('/profile')).toBeNull();
    // Fixed pages under /trainer/ are not a trainer's details page.
    expect(getActiveSection('/trainer/help')).toBeNull();
    expect(getActiveSection('/trainer/profile')).toBeNull();
    expect(getActiveSection('/terms')).toBeNull();
  });
});
