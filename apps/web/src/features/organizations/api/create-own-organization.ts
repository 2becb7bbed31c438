import { type CreateOrganizationInput, organizationRoutes } from '@cursus/contracts';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** SPEC 6: a trainer without an organisation creates theirs; the answer is their updated session user. */
export function createOwnOrganization(input: CreateOrganizationInput) {
  return callApi(organizationRoutes.createOwn, { body: input });
}

type CreateOwnOrganizationResult = Awaited<ReturnType<typeof createOwnOrganization>>;

export function useCreateOwnOrganization(
  options: Omit<
    UseMutationOptions<CreateOwnOrganizationResult, Error, CreateOrganizationInput>,
    'mutationFn'
  > = {},
) {
  return useMutation({ ...options, mutationFn: createOwnOrganization });
}
