import type { SessionUser } from '@cursus/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type MemoryRouterOpts, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/react-query';

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

type Handler = MockResponse | ((call: RecordedCall) => MockResponse);

/**
 * Replaces fetch with a table of answers keyed 'METHOD /path'. Unlisted calls fail the test loudly
 * with a 501, so a page calling something unexpected cannot pass by accident.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    const answer = typeof handler === 'function' ? handler(call) : handler;
    if (!answer) {
      return new Response(
        JSON.stringify({ error: { code: 'SERVER_ERROR', message: `unmocked ${call.method} ${call.path}` } }),
        {
          status: 501,
        },
      );
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user-1',
    email: 'ana.lopez@example.org',
    fullName: 'Ana Lopez',
    firstName: 'Ana',
    lastName: 'Lopez',
    role: 'student',
    organizationId: '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11',
    organizationName: 'Formations Lumière',
    language: 'fr',
    emailVerified: true,
    ...overrides,
  };
}

export function apiError(code: string, status: number, details?: unknown): MockResponse {
  return { status, body: { error: { code, message: code, details } } };
}

/**
 * Renders routes in a memory router inside the real providers, starting at `initialPath`; the app's
 * routes need the app's router options (app/router.tsx APP_ROUTER_OPTIONS).
 */
export function renderRoutes(routes: RouteObject[], initialPath: string, options: MemoryRouterOpts = {}) {
  const router = createMemoryRouter(routes, { ...options, initialEntries: [initialPath] });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one element at '/' inside the real providers. */
export function renderWithProviders(element: ReactElement, initialPath = '/') {
  return renderRoutes([{ path: '*', element }], initialPath);
}
