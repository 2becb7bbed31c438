import { attendanceRoutes, QR_ROTATION_SECONDS } from '@cursus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { attendanceKeys } from './attendance-query-keys';

export function getSlotQrCode(slotId: string, signal?: AbortSignal) {
  return callApi(attendanceRoutes.getQrCode, { params: { slotId }, signal });
}

/**
 * The room's code changes every QR_ROTATION_SECONDS: the screen asks for the next one on that
 * rhythm, also in a background tab, since the projector may show a window that is not focused.
 */
export function slotQrCodeQueryOptions(slotId: string) {
  return queryOptions({
    queryKey: attendanceKeys.qrCode(slotId),
    queryFn: ({ signal }) => getSlotQrCode(slotId, signal),
    refetchInterval: QR_ROTATION_SECONDS * 1000,
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSlotQrCode(slotId: string) {
  return useQuery(slotQrCodeQueryOptions(slotId));
}
