import { type AssignStudentInput, organizationRoutes } from '@cursus/contracts';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** A trainer places a waiting student in their organisation; an admin also names the organisation. */
export function assignStudent(input: AssignStudentInput) {
  return callApi(organizationRoutes.assignStudent, { body: input });
}

type AssignStudentResult = Awaited<ReturnType<typeof assignStudent>>;

export function useAssignStudent(
  options: Omit<UseMutationOptions<AssignStudentResult, Error, AssignStudentInput>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: assignStudent });
}
