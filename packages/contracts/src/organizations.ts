import { z } from 'zod';
import { SessionResultSchema } from './auth.ts';
import { EmailSchema, ORGANIZATION_STAFF, type RouteContract, text } from './common.ts';
import { PaginationQuerySchema, paginated, SearchQuerySchema } from './pagination.ts';

/** createTrainerOrganization / assign_organization_to_trainer (SPEC 7) for the signed-in trainer. */
export const CreateOrganizationInputSchema = z.object({ organizationName: text(200) });
export type CreateOrganizationInput = z.infer<typeof CreateOrganizationInputSchema>;

/** A trainer places a waiting student in their organisation; an admin names the organisation. */
export const AssignStudentInputSchema = z.object({
  email: EmailSchema,
  organizationId: z.uuid().optional(),
});
export type AssignStudentInput = z.infer<typeof AssignStudentInputSchema>;

export const AssignedStudentSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  organizationId: z.uuid(),
});

/**
 * Query of the organisation's learners list: a page (100 at most), a part of a name or an email,
 * and admins' organisation (every organisation's learners when they name none, a page at a time).
 */
export const StudentListQuerySchema = PaginationQuerySchema.extend({
  search: SearchQuerySchema,
  organizationId: z.uuid().optional(),
});
export type StudentListQuery = z.infer<typeof StudentListQuerySchema>;

export const StudentListSchema = paginated(AssignedStudentSchema);

export const OrganizationSchema = z.object({ id: z.uuid(), name: z.string() });
export const OrganizationListSchema = z.object({ items: z.array(OrganizationSchema) });

export const organizationRoutes = {
  createOwn: {
    method: 'POST',
    path: '/api/organizations/mine',
    access: { roles: ['trainer'], scope: 'owner' },
    body: CreateOrganizationInputSchema,
    response: SessionResultSchema,
  },
  assignStudent: {
    method: 'POST',
    path: '/api/organizations/assign-student',
    access: ORGANIZATION_STAFF,
    body: AssignStudentInputSchema,
    response: AssignedStudentSchema,
  },
  list: {
    method: 'GET',
    path: '/api/organizations',
    access: ORGANIZATION_STAFF,
    response: OrganizationListSchema,
  },
  listStudents: {
    method: 'GET',
    path: '/api/organizations/students',
    access: ORGANIZATION_STAFF,
    query: StudentListQuerySchema,
    response: StudentListSchema,
  },
} as const satisfies Record<string, RouteContract>;
