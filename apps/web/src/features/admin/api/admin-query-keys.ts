import type {
  AdminAuditQuery,
  AdminCourseQuery,
  AdminLearnerListQuery,
  AdminOrganizationListQuery,
  AdminTrainerListQuery,
} from '@cursus/contracts';
import { getDomainKey } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    admin: true;
  }
}

export const adminKeys = {
  all: getDomainKey('admin'),
  platform: () => [...adminKeys.all, 'platform'] as const,
  organizations: (query: AdminOrganizationListQuery) => [...adminKeys.all, 'organizations', query] as const,
  organization: (organizationId: string) => [...adminKeys.all, 'organization', organizationId] as const,
  trainers: (query: AdminTrainerListQuery) => [...adminKeys.all, 'trainers', query] as const,
  students: (query: AdminLearnerListQuery) => [...adminKeys.all, 'students', query] as const,
  courses: (organizationId: string, query: AdminCourseQuery) =>
    [...adminKeys.organization(organizationId), 'courses', query] as const,
  catalogue: (query: AdminCourseQuery) => [...adminKeys.all, 'catalogue', query] as const,
  auditLog: (query: AdminAuditQuery) => [...adminKeys.all, 'audit-log', query] as const,
};
