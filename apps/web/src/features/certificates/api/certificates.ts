import {
  type CertificateListQuery,
  certificateRoutes,
  courseRoutes,
  type IssueCertificateInput,
} from '@cursus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { getDomainKey, invalidateDomains } from '@/lib/query-domains';

declare module '@/lib/query-domains' {
  interface QueryDomains {
    certificates: true;
  }
}

export const certificateKeys = {
  all: getDomainKey('certificates'),
  list: (query: CertificateListQuery) => [...certificateKeys.all, 'list', query] as const,
  candidates: (courseId: string) => [...certificateKeys.all, 'candidates', courseId] as const,
  mine: () => [...certificateKeys.all, 'mine'] as const,
  courseOptions: () => [...certificateKeys.all, 'course-options'] as const,
  verify: (code: string) => [...certificateKeys.all, 'verify', code] as const,
};

export function useCertificates(query: CertificateListQuery) {
  return useQuery({
    queryKey: certificateKeys.list(query),
    queryFn: ({ signal }) => callApi(certificateRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The formation's learners, their tracked time and the certificates they already have. */
export function useCertificateCandidates(courseId: string | null) {
  return useQuery({
    queryKey: certificateKeys.candidates(courseId ?? ''),
    queryFn: ({ signal }) =>
      callApi(certificateRoutes.candidates, { query: { courseId: courseId! }, signal }),
    enabled: courseId !== null,
  });
}

/** The organisation's formations (the 100 newest). */
export function useCourseOptions() {
  return useQuery({
    queryKey: certificateKeys.courseOptions(),
    queryFn: ({ signal }) => callApi(courseRoutes.list, { query: { pageSize: 100 }, signal }),
  });
}

export function useMyCertificates() {
  return useQuery({
    queryKey: certificateKeys.mine(),
    queryFn: ({ signal }) => callApi(certificateRoutes.listMine, { signal }),
  });
}

export function useCertificateVerification(code: string) {
  return useQuery({
    queryKey: certificateKeys.verify(code),
    queryFn: ({ signal }) => callApi(certificateRoutes.verify, { params: { code }, signal }),
    retry: false,
  });
}

/** One certificate; the caller refreshes the lists when its whole batch is done. */
export function issueCertificate(body: IssueCertificateInput) {
  return callApi(certificateRoutes.issue, { body });
}

export function useRefreshCertificates() {
  const queryClient = useQueryClient();
  return () => invalidateDomains(queryClient, ['certificates']);
}

export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(certificateRoutes.revoke, { params: { id } }),
    onSuccess: () => invalidateDomains(queryClient, ['certificates']),
  });
}
