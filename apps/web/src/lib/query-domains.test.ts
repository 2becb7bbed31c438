import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateDomains } from './query-domains';

describe('invalidateDomains', () => {
  it("marks every query of the named domains out of date, and leaves other domains' alone", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['learning', 'progression'], 1);
    queryClient.setQueryData(['dashboard', 'me'], 2);
    queryClient.setQueryData(['courses', 'list', {}], 3);

    await invalidateDomains(queryClient, ['learning', 'dashboard']);

    const isInvalidated = (queryKey: readonly unknown[]) =>
      queryClient.getQueryState(queryKey)?.isInvalidated;
    expect(isInvalidated(['learning', 'progression'])).toBe(true);
    expect(isInvalidated(['dashboard', 'me'])).toBe(true);
    expect(isInvalidated(['courses', 'list', {}])).toBe(false);
  });
});
