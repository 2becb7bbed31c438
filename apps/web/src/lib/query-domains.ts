import type { QueryClient } from '@tanstack/react-query';

/**
 * The query domains. Every query key starts with the name of the feature that owns it, and each
 * feature registers that name in its `api/<domain>-query-keys.ts`:
 *
 *   declare module '@/lib/query-domains' { interface QueryDomains { learning: true } }
 *
 * so adding a domain touches only its own folder, and refreshing a domain that does not exist
 * fails to compile.
 */
// biome-ignore lint/suspicious/noEmptyInterface: each feature's query keys fill it by declaration merging.
export interface QueryDomains {}

export type QueryDomain = keyof QueryDomains;

/** The key every query of a domain starts with. */
export function getDomainKey<Domain extends QueryDomain>(domain: Domain): readonly [Domain] {
  return [domain];
}

/**
 * Marks every query of these domains out of date; those on screen refetch at once, the others when
 * a screen shows them again. Features never import each other, so this is how a change in one
 * domain refreshes another's data: the mutation names, by domain, everything its request changed.
 */
export async function invalidateDomains(
  queryClient: QueryClient,
  domains: readonly QueryDomain[],
): Promise<void> {
  await Promise.all(domains.map((domain) => queryClient.invalidateQueries({ queryKey: [domain] })));
}
