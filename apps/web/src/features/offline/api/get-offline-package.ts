import { offlineRoutes } from '@cursus/contracts';
import { callApi } from '@/lib/api-client';

/** A formation's pages and file list, to take it offline (enrolled learner only). */
export function getOfflinePackage(courseId: string, signal?: AbortSignal) {
  return callApi(offlineRoutes.getPackage, { params: { courseId }, signal });
}
