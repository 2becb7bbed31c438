import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSessionUser } from '@/features/auth/session-store';
import { createQueryClient } from '@/lib/react-query';
import { buildUser } from '@/testing/test-utils';
import QueryProvider from './query-provider';

let seen: ReturnType<typeof useQueryClient> | undefined;
function ReadClient() {
  seen = useQueryClient();
  return null;
}

describe('the query cache provider', () => {
  it("forgets the previous person's data when another person, or nobody, is signed in", () => {
    render(
      <QueryProvider>
        <ReadClient />
      </QueryProvider>,
    );
    const client = seen;
    act(() => setSessionUser(buildUser({ id: 'ana' })));
    client?.setQueryData(['learning', 'courses'], ['Ana’s formations']);
    act(() => setSessionUser(buildUser({ id: 'ana', fullName: 'Ana Lopez-Martin' })));
    expect(client?.getQueryData(['learning', 'courses'])).toEqual(['Ana’s formations']);
    act(() => setSessionUser(null));
    expect(client?.getQueryData(['learning', 'courses'])).toBeUndefined();

    act(() => setSessionUser(buildUser({ id: 'ana' })));
    client?.setQueryData(['learning', 'courses'], ['Ana’s formations']);
    act(() => setSessionUser(buildUser({ id: 'bruno' })));
    expect(client?.getQueryData(['learning', 'courses'])).toBeUndefined();
  });

  it('leaves the client a test or an outer page already provides', () => {
    const outer = createQueryClient();
    render(
      <QueryClientProvider client={outer}>
        <QueryProvider>
          <ReadClient />
        </QueryProvider>
      </QueryClientProvider>,
    );
    expect(seen).toBe(outer);
  });
});
