import {
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  type FieldError,
  type RouteContract,
} from '@cursus/contracts';
import type { z } from 'zod';
import { takeEarlyAnswer } from '@/lib/early-requests';
import { getLanguage } from '@/lib/i18n';

/** Error codes the client raises itself, on top of the API's `ErrorCode`s. */
export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNKNOWN_ERROR';

/** SPEC 8 'request took too long': beyond this the request is abandoned. */
const REQUEST_TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  readonly code: ClientErrorCode;
  /** HTTP status; 0 when no answer came back. */
  readonly status: number;
  readonly fields: FieldError[];
  readonly retryAfterSeconds: number | undefined;

  constructor(options: {
    code: ClientErrorCode;
    status: number;
    message?: string;
    fields?: FieldError[];
    retryAfterSeconds?: number;
    cause?: unknown;
  }) {
    super(options.message ?? options.code, { cause: options.cause });
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.fields = options.fields ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isApiError(error: unknown, code?: ClientErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

type Schema<R, K extends string> = R extends Record<K, infer S extends z.ZodType> ? S : undefined;

/** What a call needs: the body, query and path parameters its contract declares, each before parsing. */
export type CallInput<R extends RouteContract> = (Schema<R, 'body'> extends z.ZodType
  ? { body: z.input<Schema<R, 'body'>> }
  : { body?: undefined }) &
  (Schema<R, 'query'> extends z.ZodType ? { query: z.input<Schema<R, 'query'>> } : { query?: undefined }) &
  (Schema<R, 'params'> extends z.ZodType
    ? { params: z.input<Schema<R, 'params'>> }
    : { params?: undefined }) & {
    signal?: AbortSignal;
    /** Lets the request outlive the page (sent from `pagehide`); the body must stay under 64 kB. */
    keepalive?: boolean;
  };

export type CallResult<R extends RouteContract> = z.output<R['response']>;

/** Where a call goes: a contract's method and path. */
export type ApiTarget = Pick<RouteContract, 'method' | 'path'>;

interface SendInput {
  body?: unknown;
  query?: unknown;
  params?: unknown;
  signal?: AbortSignal;
  keepalive?: boolean;
}

function buildUrl(route: ApiTarget, input: { query?: unknown; params?: unknown }): string {
  const params = (input.params ?? {}) as Record<string, string | number>;
  const path = route.path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${route.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

function parseRetryAfterHeader(response: Response): number | undefined {
  const header = response.headers.get('Retry-After');
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldError(value: unknown): value is FieldError {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';
}

/**
 * contracts' ErrorBodySchema, checked by hand: every screen reads errors, the sign-in screen first,
 * and zod would add about 25 KB to it (issue 12). api-client.test.ts holds both to the same answers.
 */
export function readErrorBody(value: unknown): ErrorBody['error'] | undefined {
  if (!isRecord(value) || !isRecord(value.error)) return undefined;
  const { code, message, details } = value.error;
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_STATUS, code) || typeof message !== 'string')
    return undefined;
  if (details === undefined) return { code: code as ErrorCode, message };
  if (!isRecord(details)) return undefined;
  const { fields, retryAfterSeconds } = details;
  if (fields !== undefined && !(Array.isArray(fields) && fields.every(isFieldError))) return undefined;
  if (retryAfterSeconds !== undefined && !Number.isInteger(retryAfterSeconds)) return undefined;
  return {
    code: code as ErrorCode,
    message,
    details: {
      ...(fields === undefined
        ? {}
        : { fields: fields.map((field) => ({ path: field.path, message: field.message })) }),
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds: retryAfterSeconds as number }),
    },
  };
}

export async function toApiError(response: Response): Promise<ApiError> {
  const body = readErrorBody(await readJson(response));
  if (!body) {
    // A proxy or crash page rather than our API: the status is all we can trust.
    return new ApiError({
      code: response.status === 429 ? 'RATE_LIMITED' : response.status === 504 ? 'TIMEOUT' : 'SERVER_ERROR',
      status: response.status,
      retryAfterSeconds: parseRetryAfterHeader(response),
    });
  }
  const { code, message, details } = body;
  return new ApiError({
    code,
    status: response.status,
    message,
    fields: details?.fields,
    retryAfterSeconds: details?.retryAfterSeconds ?? parseRetryAfterHeader(response),
  });
}

/** Sends one request; resolves with the answer's status and JSON, unchecked, or rejects as `callApi` does. */
async function send(
  route: ApiTarget,
  input: SendInput | undefined,
): Promise<{ status: number; body: unknown }> {
  const { body, signal, keepalive } = input ?? {};
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': getLanguage() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const url = buildUrl(route, input ?? {});
  let response: Response;
  try {
    const early = route.method === 'GET' ? await takeEarlyAnswer(url) : undefined;
    response =
      early ??
      (await fetch(url, {
        method: route.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        // Sessions live in http-only cookies set by our own origin; never send them elsewhere.
        credentials: 'same-origin',
        keepalive,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      }));
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted) throw new ApiError({ code: 'TIMEOUT', status: 0, cause: error });
    throw new ApiError({ code: 'NETWORK_ERROR', status: 0, cause: error });
  }

  if (!response.ok) throw await toApiError(response);
  return { status: response.status, body: await readJson(response) };
}

/**
 * Calls one API route as its contract describes it, e.g. `callApi(authRoutes.signIn, { body })`.
 * Resolves with the response parsed by the contract's schema; rejects with an `ApiError`, or with the
 * abort reason when the caller cancels (TanStack Query expects to see its own cancellation).
 */
export async function callApi<R extends RouteContract>(
  route: R,
  input?: CallInput<R>,
): Promise<CallResult<R>> {
  const { status, body } = await send(route, input as SendInput | undefined);
  const parsed = route.response.safeParse(body);
  if (!parsed.success) {
    // The server broke its contract: report it as a server fault rather than render unchecked data.
    throw new ApiError({ code: 'SERVER_ERROR', status, cause: parsed.error });
  }
  return parsed.data as CallResult<R>;
}

/**
 * `callApi` for the answers the first screen reads, checked by `read` instead of the contract's
 * schema so that zod stays out of it (issue 12). `read` returns undefined for an answer that breaks
 * the contract, which rejects as in `callApi`.
 */
export async function callApiWith<T>(
  route: ApiTarget,
  read: (value: unknown) => T | undefined,
  input?: { signal?: AbortSignal },
): Promise<T> {
  const { status, body } = await send(route, input);
  const answer = read(body);
  if (answer === undefined) throw new ApiError({ code: 'SERVER_ERROR', status });
  return answer;
}
