import { type AttendanceStatus, attendanceRoutes } from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateDomains } from '@/lib/query-domains';
import { uploadAbsenceDocument } from './upload-absence-document';

/** Every action on a slot changes the sheet (and its chain check): it is read again after each. */
function useSlotMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateDomains(queryClient, ['attendance']),
  });
}

export function useSendSigningLinks() {
  return useSlotMutation((slotId: string) => callApi(attendanceRoutes.sendLinks, { params: { slotId } }));
}

export function useCountersign() {
  return useSlotMutation(({ slotId, signature }: { slotId: string; signature: string }) =>
    callApi(attendanceRoutes.countersign, { params: { slotId }, body: { signature } }),
  );
}

export function useSignInPerson() {
  return useSlotMutation(
    ({ slotId, studentId, signature }: { slotId: string; studentId: string; signature: string }) =>
      callApi(attendanceRoutes.signInPerson, { params: { slotId }, body: { studentId, signature } }),
  );
}

export interface MarkAttendanceVariables {
  slotId: string;
  studentId: string;
  status: AttendanceStatus;
  absenceReason: string | null;
  /** A new justification to upload first; without it, `keptFileId` stays attached. */
  file: File | null;
  keptFileId: string | null;
}

export function useMarkAttendance() {
  return useSlotMutation(
    async ({ slotId, studentId, status, absenceReason, file, keptFileId }: MarkAttendanceVariables) => {
      const isAbsent = status === 'absent';
      const absenceFileId = isAbsent && file ? (await uploadAbsenceDocument(file)).id : keptFileId;
      return callApi(attendanceRoutes.mark, {
        params: { slotId, studentId },
        body: {
          status,
          absenceReason: isAbsent ? absenceReason : null,
          absenceFileId: isAbsent ? absenceFileId : null,
        },
      });
    },
  );
}
