import { type AdminCourseQuery, type AdminPeopleQuery, adminRoutes } from '@cursus/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

export function useAdminOrganization(organizationId: string) {
  return useQuery({
    queryKey: adminKeys.organization(organizationId),
    queryFn: ({ signal }) => callApi(adminRoutes.getOrganization, { params: { organizationId }, signal }),
  });
}

export function useOrganizationTrainers(organizationId: string, query: AdminPeopleQuery) {
  return useQuery({
    queryKey: adminKeys.trainers(organizationId, query),
    queryFn: ({ signal }) =>
      callApi(adminRoutes.organizationTrainers, { params: { organizationId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOrganizationStudents(organizationId: string, query: AdminPeopleQuery) {
  return useQuery({
    queryKey: adminKeys.students(organizationId, query),
    queryFn: ({ signal }) =>
      callApi(adminRoutes.organizationStudents, { params: { organizationId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOrganizationCourses(organizationId: string, query: AdminCourseQuery) {
  return useQuery({
    queryKey: adminKeys.courses(organizationId, query),
    queryFn: ({ signal }) =>
      callApi(adminRoutes.organizationCourses, { params: { organizationId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}
