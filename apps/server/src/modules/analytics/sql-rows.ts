import { type SQL, sql } from 'drizzle-orm';

/** Both drivers answer `{ rows }`; Drizzle types it per driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const int = (value: unknown) => Number(value ?? 0);
export const iso = (value: unknown) => new Date(value as string | Date).toISOString();

/** The filter on a row's organisation: the caller's, one named, or none for an admin's platform view. */
export type Scope = (column: SQL) => SQL;

/** Paris midnight of a YYYY-MM-DD day, as PostgreSQL reads it. */
export const parisStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Paris')`;
