import { ApiError } from '@/lib/api-client';

type AuthCalls = typeof import('./auth-calls');

let loading: Promise<AuthCalls> | undefined;

/**
 * auth-calls.ts, loaded once. The sign-in form asks for it when the browser is idle, so a submit
 * rarely waits; the service worker keeps it for offline starts. A load that fails (offline before it
 * was ever fetched) rejects as the call itself would, NETWORK_ERROR, and the next use tries again.
 */
export function loadAuthCalls(): Promise<AuthCalls> {
  loading ??= import('./auth-calls').catch((error: unknown) => {
    loading = undefined;
    throw new ApiError({ code: 'NETWORK_ERROR', status: 0, cause: error });
  });
  return loading;
}
