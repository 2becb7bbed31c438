import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The Paris calendar day of the injected clock, in SQL: the registers' days are French days. */
export function parisDay(at: Date): SQL<string> {
  return sql<string>`((${at.toISOString()}::timestamptz) at time zone 'Europe/Paris')::date`;
}

/** A person's name by their id, read from the profiles their organisation's staff may read. */
export function fullNameOf(userId: SQL | unknown): SQL<string | null> {
  return sql<string | null>`(select p.full_name from profiles p where p.id = ${userId})`;
}

const parisDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });

/** The Paris day of the injected clock as YYYY-MM-DD, for the checks of typed-in days. */
export function parisToday(at: Date): string {
  return parisDate.format(at);
}

/** A field the service refuses, named as the validation errors of the routes name theirs. */
export function invalidField(path: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', { fields: [{ path, message }] });
}
