import { z } from 'zod';

const SessionIdSchema = z.uuid();

/** The group session `/quizz?from=session&session=<id>` is narrowed to, or null (absent or malformed). */
export function sessionOfSearch(searchParams: URLSearchParams): string | null {
  if (searchParams.get('from') !== 'session') return null;
  const parsed = SessionIdSchema.safeParse(searchParams.get('session'));
  return parsed.success ? parsed.data : null;
}
