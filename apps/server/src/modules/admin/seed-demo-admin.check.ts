import type {
  AdminAuditList,
  AdminOrganizationCourseList,
  AdminOrganizationDetail,
  AdminOrganizationList,
  AdminTrainerList,
  PlatformOverview,
} from '@cursus/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../../test/demo-world.ts';
import { DEMO_SECOND_ORGANIZATION } from './seed-demo-admin.ts';

/** Checked on the shared seeded demo by test/demo-seed.test.ts. */
export function describeDemoAdmin(world: DemoWorld) {
  const get = async <T>(url: string) => {
    const response = await world.get('admin', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  describe('demo admin space', () => {
    it('shows the admin two organisations with people and formations', async () => {
      const list = await get<AdminOrganizationList>('/api/admin/organizations');
      expect(list.items.map((item) => item.name)).toEqual([DEMO_SECOND_ORGANIZATION, 'Organisme Démo']);
      for (const organization of list.items) {
        expect(organization.trainerCount).toBeGreaterThan(0);
        expect(organization.learnerCount).toBeGreaterThan(0);
        expect(organization.publishedCourseCount).toBeGreaterThan(0);
        expect(organization.enrolmentCount).toBeGreaterThan(0);
      }
      const platform = await get<PlatformOverview>('/api/admin/platform');
      expect(platform.organizations.total).toBe(2);
      expect(platform.newestOrganizations[0]).toMatchObject({ name: DEMO_SECOND_ORGANIZATION });
      expect(platform.signupsByWeek).toHaveLength(12);
      // The demo's accounts were made over its story, not all on the day it was seeded.
      expect(platform.signupsByWeek.filter((week) => week.count > 0).length).toBeGreaterThan(1);
      const demo = platform.newestOrganizations.find(
        (organization) => organization.name === 'Organisme Démo',
      );
      expect(Date.now() - Date.parse(demo!.createdAt)).toBeGreaterThan(250 * 86_400_000);
    });

    it('gives the second organisation its invited manager, a published and a draft formation', async () => {
      const list = await get<AdminOrganizationList>('/api/admin/organizations?search=Lyon');
      const id = list.items[0]!.id;
      const trainers = await get<AdminTrainerList>(`/api/admin/trainers?organizationId=${id}`);
      expect(trainers.items).toEqual([
        expect.objectContaining({
          fullName: 'Marc Girard',
          organizationRole: 'manager',
          invitationPending: true,
        }),
      ]);
      const courses = await get<AdminOrganizationCourseList>(`/api/admin/organizations/${id}/courses`);
      expect(courses.items.map((course) => course.status).sort()).toEqual(['draft', 'published']);
      const detail = await get<AdminOrganizationDetail>(`/api/admin/organizations/${id}`);
      // Onboarded and enrolled today: no learner has started, so no progress shows that nothing earned.
      expect(detail.figures).toMatchObject({ learners: 3, enrolments: 3, averageProgress: 0 });
      expect(detail.recentActivity.length).toBeGreaterThan(0);
    });

    it('keeps the onboarding and the assignments in the audit log', async () => {
      const audit = await get<AdminAuditList>('/api/admin/audit-log');
      // Other domains' demo actions may sit beside these.
      const ours = audit.items.filter((entry) => entry.organizationName === DEMO_SECOND_ORGANIZATION);
      expect(ours.map((entry) => entry.action).sort()).toEqual([
        'course.assign',
        'course.assign',
        'organization.create',
        'trainer.invite',
      ]);
    });
  });
}
