import { type StartTimeSessionInput, timeTrackingRoutes } from '@cursus/contracts';
import { callApi } from '@/lib/api-client';

/** SPEC 4 start: resumes the newest open session under 8 h, closes older and duplicate ones. */
export function startTimeSession(input: StartTimeSessionInput = {}) {
  return callApi(timeTrackingRoutes.start, { body: input });
}
