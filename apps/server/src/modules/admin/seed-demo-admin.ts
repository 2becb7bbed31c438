import type { SessionUser } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { AdminService } from './admin.service.ts';

export const DEMO_SECOND_ORGANIZATION = 'Atelier Numérique Lyon';
export const DEMO_SECOND_MANAGER = { firstName: 'Marc', lastName: 'Girard', local: 'marc.girard' } as const;

/**
 * What the demo's admin did in the admin space: onboarded a second organisation (its manager invited,
 * not arrived yet), assigned it the demo's published formation as published and another as a draft;
 * its learners are enrolled in the published one the same day and have not started. The audit log
 * holds those actions. The organisation's learners are made by the caller (the auth module's demo
 * accounts).
 */
export async function seedDemoAdmin(
  deps: { database: Database; service: AdminService },
  input: {
    admin: SessionUser;
    domain: string;
    createLearners: (organizationId: string) => Promise<string[]>;
  },
) {
  const { database, service } = deps;
  const { admin } = input;
  const { organization } = await service.onboard(admin, {
    name: DEMO_SECOND_ORGANIZATION,
    firstName: DEMO_SECOND_MANAGER.firstName,
    lastName: DEMO_SECOND_MANAGER.lastName,
    email: `${DEMO_SECOND_MANAGER.local}@${input.domain}`,
    language: 'fr',
  });
  const catalogue = await service.catalogue(admin, { pageSize: 100 });
  const published = catalogue.items.find((course) => course.status === 'published');
  const draft = catalogue.items.find((course) => course.status === 'draft');
  const assigned = published
    ? await service.assignCourse(admin, organization.id, { courseId: published.id, status: 'published' })
    : null;
  if (draft) await service.assignCourse(admin, organization.id, { courseId: draft.id, status: 'draft' });
  const learnerIds = await input.createLearners(organization.id);
  if (!assigned || learnerIds.length === 0) return organization;
  // Enrolled as the organisation was onboarded: none has started yet, so their progress is 0 (SPEC 3
  // counts it from completions, and they have none). The demo seed runs as the owner.
  await database.db.execute(sql`
    insert into course_enrollments (organization_id, course_id, student_id, progress, enrolled_by)
    select ${organization.id}, ${assigned.courseId}, learner.id, 0, null
    from (values ${sql.join(
      learnerIds.map((id) => sql`(${id})`),
      sql`, `,
    )}) as learner(id)`);
  return organization;
}
