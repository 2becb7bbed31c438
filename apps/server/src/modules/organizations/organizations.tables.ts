import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUsers } from '../auth/auth.tables.ts';

/**
 * An organisation, with its settings and legal info (issue 16 point 9). The logo and the Qualiopi
 * certificate are stored files without a foreign key (stored_files references this table): the
 * service checks them, migration 0024 says why.
 */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    logoFileId: uuid('logo_file_id'),
    brandColor: text('brand_color'),
    siret: text('siret'),
    activityDeclarationNumber: text('activity_declaration_number'),
    qualiopiNumber: text('qualiopi_number'),
    qualiopiIssuer: text('qualiopi_issuer'),
    qualiopiValidUntil: date('qualiopi_valid_until', { mode: 'string' }),
    qualiopiFileId: uuid('qualiopi_file_id'),
    vatNumber: text('vat_number'),
    addressLine: text('address_line'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country'),
    legalRepresentativeName: text('legal_representative_name'),
    legalRepresentativeTitle: text('legal_representative_title'),
    legalInfoUpdatedAt: timestamp('legal_info_updated_at', { withTimezone: true }),
    /** Whether the organisation collects its learners' social security numbers (migration 0025). */
    collectsSocialSecurityNumber: boolean('collects_social_security_number').notNull().default(false),
    /** Qualiopi action categories it delivers and whether it prepares for RNCP/RS certifications (0033). */
    actionCategories: text('action_categories').array().notNull().default(sql`'{training}'`),
    certifying: boolean('certifying').notNull().default(false),
    /** It delivers work-linked training outside apprenticeship (migration 0039). */
    workLinked: boolean('work_linked').notNull().default(false),
  },
  (table) => [
    check('organizations_brand_color_check', sql`${table.brandColor} ~ '^#[0-9a-f]{6}$'`),
    check('organizations_siret_check', sql`${table.siret} ~ '^[0-9]{14}$'`),
    check(
      'organizations_activity_declaration_number_check',
      sql`${table.activityDeclarationNumber} ~ '^[0-9]{11}$'`,
    ),
    check('organizations_vat_number_check', sql`${table.vatNumber} ~ '^FR[0-9]{11}$'`),
    check('organizations_postal_code_check', sql`${table.postalCode} ~ '^[0-9]{5}$'`),
    check(
      'organizations_action_categories_check',
      sql`cardinality(${table.actionCategories}) between 1 and 4 and ${table.actionCategories} <@ ARRAY['training', 'skills_assessment', 'vae', 'apprenticeship']::text[]`,
    ),
  ],
);

/**
 * One row per account. organization_id stays null for a student waiting to be assigned (SPEC 1),
 * which is why this table, unlike later tenant tables, allows it.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role'),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('fr'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // id and role after the key: an organisation's learners (SPEC 6 roles) are listed, counted and
    // joined from the index alone, the row-level policy included (issue 12; Drizzle has no INCLUDE).
    index('profiles_organization_id_idx').on(table.organizationId, table.id, table.role),
    // An organisation's people by name, with what their lists show: the connection logs read a
    // page from the index alone, in its order (issue 12).
    index('profiles_organization_id_full_name_idx').on(
      table.organizationId,
      table.fullName,
      table.id,
      table.role,
      table.email,
    ),
    uniqueIndex('profiles_email_idx').on(table.email),
    check('profiles_role_check', sql`${table.role} in ('student', 'trainer', 'admin')`),
    check('profiles_language_check', sql`${table.language} in ('fr', 'en')`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_roles_user_id_idx').on(table.userId),
    // The role looked up per profile of a list (SPEC 6: user_roles first) from the index alone.
    index('user_roles_user_id_role_idx').on(table.userId, table.role),
    // The few accounts whose role row is not a learner's: a list of learners rules them out in one
    // look (isStudent) instead of a lookup per profile.
    index('user_roles_staff_user_id_idx').on(table.userId).where(sql`${table.role} <> 'student'`),
    check('user_roles_role_check', sql`${table.role} in ('student', 'trainer', 'admin')`),
  ],
);
