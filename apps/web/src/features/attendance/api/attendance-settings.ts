import { type AttendanceSettings, attendanceRoutes } from '@cursus/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { attendanceKeys } from './attendance-query-keys';

export function useAttendanceSettings() {
  return useQuery({
    queryKey: attendanceKeys.settings(),
    queryFn: ({ signal }) => callApi(attendanceRoutes.getSettings, { signal }),
  });
}

/** A new allowance moves every slot's closing time: the sheets are read again. */
export function useUpdateAttendanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceSettings) => callApi(attendanceRoutes.updateSettings, { body }),
    onSuccess: () => invalidateDomains(queryClient, ['attendance']),
  });
}
