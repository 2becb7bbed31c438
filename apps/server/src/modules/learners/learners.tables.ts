import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from '../auth/auth.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';

/**
 * What an organisation keeps about one of its learners beyond the account (SPEC 3's administrative
 * info, and the phone of a CSV import). One row per learner, written by staff only.
 * `social_security_number` holds the AES-256-GCM ciphertext (learner-secrets.ts), never the number.
 */
export const learnerRecords = pgTable(
  'learner_records',
  {
    studentId: text('student_id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    postalCode: text('postal_code'),
    country: text('country'),
    birthDate: date('birth_date', { mode: 'string' }),
    birthPlace: text('birth_place'),
    socialSecurityNumber: text('social_security_number'),
    professionalStatus: text('professional_status'),
    employer: text('employer'),
    updatedBy: text('updated_by').references(() => authUsers.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('learner_records_organization_id_idx').on(table.organizationId, table.studentId),
    index('learner_records_updated_by_idx').on(table.updatedBy),
    check(
      'learner_records_professional_status_check',
      sql`${table.professionalStatus} is null or ${table.professionalStatus} in ('employed', 'unemployed', 'student', 'self_employed', 'other')`,
    ),
  ],
);
