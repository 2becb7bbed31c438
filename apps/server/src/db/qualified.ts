import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * `"table"."column"`, always. Drizzle writes columns unqualified when a select reads one table, so
 * in a correlated subquery of its selection the outer column would be read as the inner table's.
 */
export function qualified(table: PgTable, column: PgColumn): SQL {
  return sql`${table}.${sql.identifier(column.name)}`;
}
