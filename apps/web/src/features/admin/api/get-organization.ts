import {
  type AdminCourseQuery,
  type AdminLearnerListQuery,
  type AdminTrainerListQuery,
  adminRoutes,
  learnerRoutes,
  trainerRoutes,
} from '@cursus/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

export function useAdminOrganization(organizationId: string) {
  return useQuery({
    queryKey: adminKeys.organization(organizationId),
    queryFn: ({ signal }) => callApi(adminRoutes.getOrganization, { params: { organizationId }, signal }),
  });
}

/** The organisation's staff: the platform's trainer list (`/admin/trainers`) filtered by organisation. */
export function useOrganizationTrainers(query: AdminTrainerListQuery & { organizationId: string }) {
  return useQuery({
    queryKey: adminKeys.trainers(query),
    queryFn: ({ signal }) => callApi(trainerRoutes.adminList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The organisation's learners: the platform's learner list (`/admin/students`) filtered by organisation. */
export function useOrganizationStudents(query: AdminLearnerListQuery & { organizationId: string }) {
  return useQuery({
    queryKey: adminKeys.students(query),
    queryFn: ({ signal }) => callApi(learnerRoutes.adminList, { query, signal }),
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
