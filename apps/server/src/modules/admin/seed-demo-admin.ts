import type { SessionUser } from '@cursus/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { AdminService } from './admin.service.ts';

export const DEMO_SECOND_ORGANIZATION = 'Atelier Numérique Lyon';
export const DEMO_SECOND_MANAGER = { firstName: 'Marc', lastName: 'Girard', local: 'marc.girard' } as const;

/**
 * What the demo's admin did in the admin space: onboarded a second organisation (its manager invited,
 * not arrived yet), assigned it the demo's published formation as published and another as a draft;
 * its learners are enrolled in the published one. The audit log holds those actions. The
 * organisation's learners are made by the caller (the auth module's demo accounts).
 */
export async function seedDemoAdmin(
  deps: { database: Database; service: AdminService },
  input: {
    admin: SessionUser;
    domain: string;
    createLearners: (organizationId: string) => Promise<string[]>;
    now: Date;
  },
) {
  const { database, service } = deps;
  const { admin, now } = input;
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
  // Enrolled over the last weeks, at different stages (the demo seed runs as the owner).
  await database.db.execute(sql`
    insert into course_enrollments (organization_id, course_id, student_id, progress, enrolled_by, created_at, updated_at)
    select ${organization.id}, ${assigned.courseId}, learner.id, learner.progress, null,
      ${now.toISOString()}::timestamptz - learner.days * interval '1 day',
      ${now.toISOString()}::timestamptz - learner.days * interval '1 day'
    from (values ${sql.join(
      learnerIds.map(
        (id, index) => sql`(${id}, ${[60, 25, 0][index % 3]!}::int, ${[20, 12, 3][index % 3]!}::int)`,
      ),
      sql`, `,
    )}) as learner(id, progress, days)`);
  return organization;
}
