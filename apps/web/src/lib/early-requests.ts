import { paths } from '@/config/paths';

/** What the signed-in frame reads around every page, its badges: after the page's own data. */
const FRAME_REQUESTS = ['/api/notifications/unread-count', '/api/messages/unread-count'];

/**
 * issue 12: what a first screen reads, asked for as the app starts, beside the session check and the
 * screen's code, rather than once that code has loaded and rendered. On Lighthouse's simulated phone
 * Mon Suivi's answers came last, after some 40 files (bench/results/first-load-2026-11-28.md). The
 * API client takes an answer from here the first time it asks for the same address; a page test
 * checks that each screen below asks for each of its addresses (app/early-requests.test.tsx).
 * Only GETs of the signed-in person's own data, which the server decides from the session cookie.
 */
const EARLY_REQUESTS: Record<string, readonly string[]> = {
  [paths.student.dashboard.path]: [
    '/api/organizations/mine/branding',
    '/api/time-tracking/me',
    '/api/time-tracking/dashboard',
    '/api/learning/courses?page=1&pageSize=100',
    '/api/evaluations/mine',
    '/api/learning/quiz-stats',
    ...FRAME_REQUESTS,
  ],
  [paths.trainer.dashboard.path]: [
    '/api/organizations/mine/branding',
    '/api/trainer/dashboard',
    ...FRAME_REQUESTS,
  ],
};

/** Past this an answer nobody took is dropped: the screen asks again, for fresher data. */
const EARLY_ANSWER_TTL_MS = 10_000;

const pending = new Map<string, Promise<Response | undefined>>();

/** The addresses asked for early when the app starts on `pathname`. */
export function earlyRequestsOf(pathname: string): readonly string[] {
  return EARLY_REQUESTS[pathname] ?? [];
}

/** Asks for what the screen at `pathname` will read, in `language` as the API client would. */
export function startEarlyRequests(pathname: string, language: string) {
  for (const url of earlyRequestsOf(pathname)) {
    const answer = fetch(url, {
      headers: { Accept: 'application/json', 'Accept-Language': language },
      credentials: 'same-origin',
      signal: AbortSignal.timeout(EARLY_ANSWER_TTL_MS),
    }).catch(() => undefined);
    pending.set(url, answer);
  }
  if (pending.size > 0) setTimeout(dropEarlyRequests, EARLY_ANSWER_TTL_MS);
}

/**
 * The early answer for `url`, once: a successful one only, so that a refusal or a failure is asked
 * again as any other request (and handled as such).
 */
export async function takeEarlyAnswer(url: string): Promise<Response | undefined> {
  const answer = pending.get(url);
  if (!answer) return undefined;
  pending.delete(url);
  const response = await answer;
  return response?.ok ? response : undefined;
}

/** Forgets every early answer: they are the data of whoever was signed in when the app started. */
export function dropEarlyRequests() {
  pending.clear();
}
