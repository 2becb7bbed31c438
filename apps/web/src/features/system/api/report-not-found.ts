import { type ReportNotFoundInput, systemRoutes } from '@cursus/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Records a visit of a missing page in not_found_errors (SPEC 3); the server adds user, role and agent. */
export function reportNotFound(input: ReportNotFoundInput) {
  return callApi(systemRoutes.reportNotFound, { body: input });
}

export function useReportNotFound() {
  return useMutation({ mutationFn: reportNotFound });
}
