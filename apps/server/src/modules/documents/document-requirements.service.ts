import {
  type DocumentRequirement,
  type DocumentRequirementInput,
  DocumentRequirementInputSchema,
  fileUrl,
  type MyRequirementChecks,
  type OrganizationChecks,
  type OrganizationChecksQuery,
  OrganizationChecksQuerySchema,
  type RequirementActionCategory,
  type RequirementCheck,
  type RequirementCounts,
  type RequirementOverview,
  type RequirementOverviewQuery,
  RequirementOverviewQuerySchema,
  type RequirementState,
  type ReviewRequirementInput,
  ReviewRequirementInputSchema,
  type SessionUser,
} from '@cursus/contracts';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import type { AuditService } from '../audit/audit.module.ts';
import { documentRequirementReviews, documentRequirements } from './documents.tables.ts';

/** Both drivers answer `{ rows }`; Drizzle types it per driver. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A learner by the tables, as SPEC 6 resolves roles (user_roles first, then the profile). */
const isStudent = sql.raw(
  `coalesce((select ur.role from user_roles ur where ur.user_id = p.id), p.role) = 'student'`,
);

/** Whether requirement `r` applies to organisation `o`: its categories and certification. */
const applies = sql.raw(
  `(cardinality(r.action_categories) = 0 or r.action_categories && o.action_categories)
   and (not r.certifying_only or o.certifying)`,
);

/**
 * The document answering requirement `r`: the newest of its category (for a learner requirement, of
 * those made for the learner), whose title holds the requirement's word when it names one. The
 * review joined is the one of the document's current version only.
 */
const MATCH_AND_REVIEW = (owner: SQL) => sql`
  left join lateral (
    select d.id, d.title, d.version, d.file_id, d.updated_at from documents d
    where d.organization_id = o.id and ${owner} and d.category = r.document_category
      and (r.title_keyword is null or strpos(lower(d.title), lower(r.title_keyword)) > 0)
    order by d.updated_at desc, d.id desc limit 1
  ) d on true
  left join document_requirement_reviews v on v.requirement_id = r.id and v.document_id = d.id
    and v.document_version = d.version`;

const CHECK_COLUMNS = sql.raw(`r.id as requirement_id, r.name, r.description, r.required,
  case when d.id is null then 'missing' when v.status is not null then v.status else 'to_review' end as state,
  d.id as document_id, d.title as document_title, d.version as document_version, d.file_id,
  d.updated_at as document_updated_at, v.status as review_status, v.comment as review_comment,
  v.reviewer_name, v.reviewed_at`);

/** The organisations' own checks, for the organisations `where` keeps (over `o`). */
const organizationChecks = (where: SQL) => sql`
  select o.id as organization_id, null::text as student_id, ${CHECK_COLUMNS}
  from organizations o
  join document_requirements r on r.audience = 'organization' and ${applies}
  ${MATCH_AND_REVIEW(sql`d.student_id is null`)}
  where ${where}`;

/** The learners' checks, for the learners `where` keeps (over `p`, their profile, and `o`). */
const learnerChecks = (where: SQL) => sql`
  select o.id as organization_id, p.id as student_id, ${CHECK_COLUMNS}
  from profiles p join organizations o on o.id = p.organization_id
  join document_requirements r on r.audience = 'learner' and ${applies}
  ${MATCH_AND_REVIEW(sql`d.student_id = p.id`)}
  where ${isStudent} and ${where}`;

interface CheckRow {
  organization_id: string;
  student_id: string | null;
  requirement_id: string;
  name: string;
  description: string;
  required: boolean;
  state: RequirementState;
  document_id: string | null;
  document_title: string | null;
  document_version: number | null;
  file_id: string | null;
  document_updated_at: string | Date | null;
  review_status: 'valid' | 'refused' | null;
  review_comment: string | null;
  reviewer_name: string | null;
  reviewed_at: string | Date | null;
}

const ORDER = sql.raw('order by required desc, name, requirement_id');

function toCheck(row: CheckRow): RequirementCheck {
  return {
    requirementId: row.requirement_id,
    name: row.name,
    description: row.description,
    required: row.required,
    state: row.state,
    document:
      row.document_id && row.file_id && row.document_updated_at
        ? {
            id: row.document_id,
            title: row.document_title ?? '',
            version: Number(row.document_version),
            fileUrl: fileUrl(row.file_id),
            updatedAt: iso(row.document_updated_at),
          }
        : null,
    review:
      row.review_status && row.reviewed_at
        ? {
            status: row.review_status,
            comment: row.review_comment ?? '',
            reviewerName: row.reviewer_name,
            reviewedAt: iso(row.reviewed_at),
          }
        : null,
  };
}

type RequirementRow = typeof documentRequirements.$inferSelect;

function toRequirement(row: RequirementRow): DocumentRequirement {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    audience: row.audience as DocumentRequirement['audience'],
    actionCategories: row.actionCategories as RequirementActionCategory[],
    certifyingOnly: row.certifyingOnly,
    required: row.required,
    documentCategory: row.documentCategory as DocumentRequirement['documentCategory'],
    titleKeyword: row.titleKeyword,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

interface OrganizationRow {
  id: string;
  name: string;
  action_categories: RequirementActionCategory[];
  certifying: boolean;
}

const toOrganization = (row: OrganizationRow) => ({
  id: row.id,
  name: row.name,
  actionCategories: row.action_categories,
  certifying: row.certifying,
});

/** A unique-index violation, as both drivers report it (the code may sit on the cause). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code;
  return code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';
}

const emptyCounts = (): RequirementCounts => ({ missing: 0, to_review: 0, valid: 0, refused: 0 });

/**
 * Document requirements (issue 17 point 3): admins define them and review the documents that answer
 * them; each organisation's staff, and each learner, read their own checks. Every admin write goes to
 * the audit log, in the same transaction.
 */
export function createDocumentRequirementsService(deps: {
  database: Database;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
}) {
  const { database, audit, now } = deps;

  async function readOrganization(tx: Tx, organizationId: string): Promise<OrganizationRow> {
    const [row] = rowsOf<OrganizationRow>(
      await tx.execute(
        sql`select o.id, o.name, o.action_categories, o.certifying from organizations o where o.id = ${organizationId}`,
      ),
    );
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The organisation's checks and a page of its learners with theirs: four statements. */
  async function checksOf(
    tx: Tx,
    organizationId: string,
    rawQuery: OrganizationChecksQuery,
  ): Promise<OrganizationChecks> {
    const query = OrganizationChecksQuerySchema.parse(rawQuery);
    const organization = await readOrganization(tx, organizationId);
    const own = rowsOf<CheckRow>(
      await tx.execute(sql`${organizationChecks(sql`o.id = ${organizationId}`)} ${ORDER}`),
    );
    const search = query.search
      ? sql`and (p.full_name ilike ${containsPattern(query.search)} or p.email ilike ${containsPattern(query.search)})`
      : sql``;
    const learners = sql`from profiles p where p.organization_id = ${organizationId} and ${isStudent} ${search}`;
    const page = rowsOf<{ id: string; full_name: string; total: number }>(
      await tx.execute(sql`select p.id, p.full_name, count(*) over ()::int as total ${learners}
        order by p.full_name, p.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    );
    const ids = page.map((row) => row.id);
    const theirs =
      ids.length === 0
        ? []
        : rowsOf<CheckRow>(
            await tx.execute(
              sql`${learnerChecks(sql`p.id in ${ids} and o.id = ${organizationId}`)} ${ORDER}`,
            ),
          );
    let total = page[0]?.total ?? 0;
    // A page past the end has no row to carry the total: count once more.
    if (page.length === 0 && query.page > 1) {
      const [counted] = rowsOf<{ total: number }>(
        await tx.execute(sql`select count(*)::int as total ${learners}`),
      );
      total = counted?.total ?? 0;
    }
    return {
      organization: toOrganization(organization),
      checks: own.map(toCheck),
      learners: {
        items: page.map((learner) => ({
          studentId: learner.id,
          fullName: learner.full_name,
          checks: theirs.filter((row) => row.student_id === learner.id).map(toCheck),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      },
    };
  }

  /** The check of one requirement for the owner of `documentId`, after a review. */
  async function checkFor(tx: Tx, requirementId: string, organizationId: string, studentId: string | null) {
    const where = sql`r.id = ${requirementId} and o.id = ${organizationId}`;
    const [row] = rowsOf<CheckRow>(
      await tx.execute(
        studentId ? learnerChecks(sql`${where} and p.id = ${studentId}`) : organizationChecks(where),
      ),
    );
    if (!row) throw new AppError('NOT_FOUND');
    return toCheck(row);
  }

  async function findRequirement(tx: Tx, id: string): Promise<RequirementRow> {
    const [row] = await tx.select().from(documentRequirements).where(eq(documentRequirements.id, id));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Writes a requirement; a name its audience already has answers 409. */
  async function saveRequirement<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('ALREADY_EXISTS', { fields: [{ path: 'name', message: 'ALREADY_EXISTS' }] });
      throw error;
    }
  }

  return {
    async list(actor: SessionUser): Promise<{ items: DocumentRequirement[] }> {
      const rows = await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .select()
          .from(documentRequirements)
          .orderBy(
            asc(documentRequirements.audience),
            desc(documentRequirements.required),
            asc(documentRequirements.name),
          ),
      );
      return { items: rows.map(toRequirement) };
    },

    create(actor: SessionUser, rawInput: DocumentRequirementInput): Promise<DocumentRequirement> {
      const input = DocumentRequirementInputSchema.parse(rawInput);
      return saveRequirement(() =>
        database.withTenant(tenantOf(actor), async (tx) => {
          const [row] = await tx
            .insert(documentRequirements)
            .values({ ...input, createdBy: actor.id })
            .returning();
          if (!row) throw new AppError('NOT_AUTHORIZED');
          await audit.record(
            actor,
            {
              action: 'document_requirement.create',
              organizationId: null,
              targetType: 'document_requirement',
              targetId: row.id,
              summary: `Exigence documentaire « ${row.name} » créée`,
              details: { name: row.name, audience: row.audience, required: row.required },
            },
            tx,
          );
          return toRequirement(row);
        }),
      );
    },

    update(actor: SessionUser, id: string, rawInput: DocumentRequirementInput): Promise<DocumentRequirement> {
      const input = DocumentRequirementInputSchema.parse(rawInput);
      return saveRequirement(() =>
        database.withTenant(tenantOf(actor), async (tx) => {
          const [row] = await tx
            .update(documentRequirements)
            .set({ ...input, updatedAt: now() })
            .where(eq(documentRequirements.id, id))
            .returning();
          if (!row) throw new AppError('NOT_FOUND');
          await audit.record(
            actor,
            {
              action: 'document_requirement.update',
              organizationId: null,
              targetType: 'document_requirement',
              targetId: row.id,
              summary: `Exigence documentaire « ${row.name} » modifiée`,
              details: { name: row.name, audience: row.audience, required: row.required },
            },
            tx,
          );
          return toRequirement(row);
        }),
      );
    },

    remove(actor: SessionUser, id: string): Promise<{ ok: true }> {
      return database.withTenant(tenantOf(actor), async (tx) => {
        const [row] = await tx
          .delete(documentRequirements)
          .where(eq(documentRequirements.id, id))
          .returning({ id: documentRequirements.id, name: documentRequirements.name });
        if (!row) throw new AppError('NOT_FOUND');
        await audit.record(
          actor,
          {
            action: 'document_requirement.delete',
            organizationId: null,
            targetType: 'document_requirement',
            targetId: row.id,
            summary: `Exigence documentaire « ${row.name} » supprimée`,
            details: { name: row.name },
          },
          tx,
        );
        return { ok: true as const };
      });
    },

    /** A page of organisations, each with its checks and its learners' counted by state. */
    overview(actor: SessionUser, rawQuery: RequirementOverviewQuery): Promise<RequirementOverview> {
      const query = RequirementOverviewQuerySchema.parse(rawQuery);
      const where = query.search ? sql`o.name ilike ${containsPattern(query.search)}` : sql`true`;
      return database.withTenant(tenantOf(actor), async (tx) => {
        const page = rowsOf<OrganizationRow & { total: number }>(
          await tx.execute(sql`select o.id, o.name, o.action_categories, o.certifying,
              count(*) over ()::int as total
            from organizations o where ${where}
            order by o.name, o.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
        );
        const ids = page.map((row) => row.id);
        const counted =
          ids.length === 0
            ? []
            : rowsOf<{ organization_id: string; state: RequirementState; count: number }>(
                await tx.execute(sql`select organization_id, state, count(*)::int as count from (
                    ${organizationChecks(sql`o.id in ${ids}`)}
                    union all
                    ${learnerChecks(sql`o.id in ${ids}`)}
                  ) checks group by organization_id, state`),
              );
        return {
          items: page.map((row) => {
            const counts = emptyCounts();
            for (const line of counted)
              if (line.organization_id === row.id) counts[line.state] = Number(line.count);
            return { organization: toOrganization(row), counts };
          }),
          total: page[0]?.total ?? 0,
          page: query.page,
          pageSize: query.pageSize,
        };
      });
    },

    /** An admin reads any organisation's checks. */
    organization: (actor: SessionUser, organizationId: string, query: OrganizationChecksQuery) =>
      database.withTenant(tenantOf(actor), (tx) => checksOf(tx, organizationId, query)),

    /** Staff read their own organisation's checks and the admins' comments. */
    mineAsStaff(actor: SessionUser, query: OrganizationChecksQuery) {
      const organizationId = actor.organizationId;
      if (!organizationId) throw new AppError('NO_ORGANIZATION');
      return database.withTenant(tenantOf(actor), (tx) => checksOf(tx, organizationId, query));
    },

    /** A learner's own checks. */
    async mine(actor: SessionUser): Promise<MyRequirementChecks> {
      const organizationId = actor.organizationId;
      if (!organizationId) return { checks: [] };
      const rows = await database.withTenant(tenantOf(actor), async (tx) =>
        rowsOf<CheckRow>(
          await tx.execute(
            sql`${learnerChecks(sql`p.id = ${actor.id} and o.id = ${organizationId}`)} ${ORDER}`,
          ),
        ),
      );
      return { checks: rows.map(toCheck) };
    },

    /**
     * An admin marks the current version of a document valid or refused for a requirement. The
     * document must be one that answers it: of its category and title word, the organisation's own
     * for an organisation requirement, made for a learner for a learner one, in an organisation the
     * requirement applies to.
     */
    review(
      actor: SessionUser,
      requirementId: string,
      rawInput: ReviewRequirementInput,
    ): Promise<RequirementCheck> {
      const input = ReviewRequirementInputSchema.parse(rawInput);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const requirement = await findRequirement(tx, requirementId);
        const [document] = rowsOf<{
          id: string;
          organization_id: string;
          organization_name: string;
          student_id: string | null;
          title: string;
          version: number;
          answers: boolean;
        }>(
          await tx.execute(sql`select d.id, d.organization_id, o.name as organization_name, d.student_id,
              d.title, d.version,
              (d.category = r.document_category
                and (r.title_keyword is null or strpos(lower(d.title), lower(r.title_keyword)) > 0)
                and (d.student_id is null) = (r.audience = 'organization')
                and ${applies}) as answers
            from documents d join organizations o on o.id = d.organization_id
            join document_requirements r on r.id = ${requirement.id}
            where d.id = ${input.documentId}`),
        );
        if (!document) throw new AppError('NOT_FOUND');
        if (!document.answers)
          throw new AppError('VALIDATION_ERROR', {
            fields: [{ path: 'documentId', message: 'does not answer the requirement' }],
          });
        const review = {
          documentVersion: document.version,
          status: input.status,
          comment: input.comment,
          reviewedBy: actor.id,
          reviewerName: actor.fullName || null,
          reviewedAt: now(),
        };
        await tx
          .insert(documentRequirementReviews)
          .values({
            organizationId: document.organization_id,
            requirementId: requirement.id,
            documentId: document.id,
            studentId: document.student_id,
            ...review,
          })
          .onConflictDoUpdate({
            target: [documentRequirementReviews.requirementId, documentRequirementReviews.documentId],
            set: review,
          });
        await audit.record(
          actor,
          {
            action: 'document_requirement.review',
            organizationId: document.organization_id,
            targetType: 'document',
            targetId: document.id,
            summary: `« ${document.title} » ${input.status === 'valid' ? 'validé' : 'refusé'} pour l'exigence « ${requirement.name} » (${document.organization_name})`,
            details: {
              title: document.title,
              requirementName: requirement.name,
              organizationName: document.organization_name,
              requirementId: requirement.id,
              status: input.status,
              version: document.version,
              comment: input.comment,
              studentId: document.student_id,
            },
          },
          tx,
        );
        return checkFor(tx, requirement.id, document.organization_id, document.student_id);
      });
    },
  };
}

export type DocumentRequirementsService = ReturnType<typeof createDocumentRequirementsService>;
