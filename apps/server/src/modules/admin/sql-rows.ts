/** Both drivers answer `{ rows }`; Drizzle types it per driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Counts come back as text (bigint) or numbers depending on the driver. */
export const int = (value: unknown) => Number(value ?? 0);
export const iso = (value: unknown) => new Date(value as string | Date).toISOString();
