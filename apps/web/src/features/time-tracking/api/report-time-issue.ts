import { type ReportTimeIssueInput, timeTrackingRoutes } from '@cursus/contracts';
import { callApi } from '@/lib/api-client';

/** SPEC 8: a failure the learner's browser met, logged and notified to the organisation's staff. */
export function reportTimeIssue(input: ReportTimeIssueInput) {
  return callApi(timeTrackingRoutes.reportIssue, { body: input });
}
