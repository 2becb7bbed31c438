import { attendanceRoutes, QR_CODE_PREFIX } from '@cursus/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { attendanceKeys } from './attendance-query-keys';

/** A scanned room code, told apart from an emailed single-use link by its prefix. */
export const isQrToken = (token: string) => token.startsWith(QR_CODE_PREFIX);

/** What the page signs: read from the link, or from the scanned code for the signed-in learner. */
export function getSigningContext(token: string, signal?: AbortSignal) {
  return isQrToken(token)
    ? callApi(attendanceRoutes.checkQr, { body: { code: token }, signal })
    : callApi(attendanceRoutes.getLink, { params: { token }, signal });
}

export function useSigningContext(token: string) {
  return useQuery({
    queryKey: attendanceKeys.signing(token),
    queryFn: ({ signal }) => getSigningContext(token, signal),
    // A refused link stays refused: asking again only repeats the answer.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function signAttendance(token: string, signature: string) {
  return isQrToken(token)
    ? callApi(attendanceRoutes.signQr, { body: { code: token, signature } })
    : callApi(attendanceRoutes.signLink, { params: { token }, body: { signature } });
}

export function useSignAttendance(token: string) {
  return useMutation({ mutationFn: (signature: string) => signAttendance(token, signature) });
}
