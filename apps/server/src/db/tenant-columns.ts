import { type AnyPgColumn, uuid } from 'drizzle-orm/pg-core';

/**
 * The columns a tenant table starts with: its id and its organisation, which row-level security
 * filters on (ADR 002) and whose deletion takes the row with it. `organizationId` names the
 * organisations' id column (a thunk, as Drizzle references are).
 */
export function tenantColumns(organizationId: () => AnyPgColumn) {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(organizationId, { onDelete: 'cascade' }),
  };
}
