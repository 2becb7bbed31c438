import {
  attendanceExtractPath,
  attendanceSheetPdfPath,
  type CreateDocumentInput,
  CreateDocumentInputSchema,
  convocationPath,
  type Document,
  type DocumentCategory,
  type DocumentList,
  type DocumentListQuery,
  DocumentListQuerySchema,
  type DocumentVersion,
  type DocumentVisibility,
  fileUrl,
  type LearnerDocuments,
  learnerConvocationPath,
  type ReplaceDocumentInput,
  type SessionUser,
  type UpdateDocumentInput,
  UpdateDocumentInputSchema,
} from '@cursus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-pattern.ts';
import { documents, documentVersions } from './documents.tables.ts';

/** Both drivers answer `{ rows }`; Drizzle types it per driver. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const iso = (value: Date | string) => new Date(value).toISOString();

interface DocumentRow {
  id: string;
  title: string;
  category: string;
  visibility: string;
  course_id: string | null;
  course_title: string | null;
  student_id: string | null;
  student_name: string | null;
  version: number;
  file_id: string;
  file_name: string;
  mime_type: string;
  size_bytes: number | string;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * A document with its current file, formation and learner. Read as the caller: row-level security
 * keeps a learner to what is shared with them (migration 0027), and names what they may not read
 * (another formation's title, another learner's name) as null.
 */
const DOCUMENT_SELECT = sql`select d.id, d.title, d.category, d.visibility, d.course_id,
  c.title as course_title, d.student_id, p.full_name as student_name, d.version, d.file_id,
  f.name as file_name, f.mime_type, f.size_bytes, d.created_at, d.updated_at
  from documents d
  join stored_files f on f.id = d.file_id
  left join courses c on c.id = d.course_id
  left join profiles p on p.id = d.student_id`;

function toDocument(row: DocumentRow): Document {
  return {
    id: row.id,
    title: row.title,
    category: row.category as DocumentCategory,
    visibility: row.visibility as DocumentVisibility,
    courseId: row.course_id,
    courseTitle: row.course_title,
    studentId: row.student_id,
    studentName: row.student_name,
    version: row.version,
    fileName: row.file_name,
    mimeType: row.mime_type,
    sizeBytes: Number(row.size_bytes),
    fileUrl: fileUrl(row.file_id),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function staffOrganization(actor: SessionUser) {
  if (actor.role !== 'admin' && !actor.organizationId) throw new AppError('NO_ORGANIZATION');
}

/** An admin works on any organisation; a trainer on their own only (and the policies agree). */
function scopeOf(actor: SessionUser) {
  return actor.role === 'admin' ? sql`true` : sql`d.organization_id = ${actor.organizationId}`;
}

async function readDocument(tx: Tx, actor: SessionUser, id: string): Promise<Document> {
  const [row] = rowsOf<DocumentRow>(
    await tx.execute(sql`${DOCUMENT_SELECT} where d.id = ${id} and ${scopeOf(actor)}`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return toDocument(row);
}

/**
 * A file uploaded for documents (purpose `record`), of the organisation, that no document holds
 * yet. Another organisation's file and a missing one answer alike.
 */
async function claimableFile(tx: Tx, organizationId: string, fileId: string) {
  const [file] = rowsOf<{ purpose: string; used: boolean }>(
    await tx.execute(sql`select f.purpose,
      exists (select 1 from document_versions v where v.file_id = f.id) as used
      from stored_files f where f.id = ${fileId} and f.organization_id = ${organizationId}`),
  );
  if (!file) throw new AppError('NOT_FOUND');
  if (file.purpose !== 'record') throw new AppError('UNSUPPORTED_FORMAT');
  if (file.used) throw new AppError('ALREADY_EXISTS');
}

/** The formation and the learner a document names must be the organisation's. */
async function checkAudience(
  tx: Tx,
  organizationId: string,
  input: { courseId: string | null; studentId: string | null },
) {
  if (input.courseId) {
    const [course] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`select id from courses where id = ${input.courseId} and organization_id = ${organizationId}`,
      ),
    );
    if (!course) throw new AppError('TRAINING_NOT_FOUND');
  }
  if (input.studentId) {
    const [student] = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from profiles where id = ${input.studentId}
        and organization_id = ${organizationId} and role = 'student'`),
    );
    if (!student) throw new AppError('USER_NOT_FOUND');
  }
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === '23505' || cause.cause?.code === '23505';
}

/** What the convocation states: the formation, the learner, their sessions, the organisation. */
export interface ConvocationFacts {
  organizationName: string;
  /** The provider's legal lines (address, SIRET, activity declaration), when the organisation filled them. */
  organizationLines: string[];
  studentName: string;
  enrolledAt: Date;
  course: {
    title: string;
    description: string;
    objectives: string;
    prerequisites: string;
    durationHours: number | null;
    modality: string | null;
  };
  sessions: {
    title: string;
    startsAt: Date;
    durationMinutes: number;
    location: string | null;
    url: string | null;
  }[];
  /** Titles of the documents shared with the learner for this formation or everyone (programme, rules). */
  documents: { title: string; category: DocumentCategory }[];
}

/** One learner's lines of a session's attendance sheet. */
export interface AttendanceExtract {
  organizationName: string;
  studentName: string;
  sessionTitle: string;
  slots: {
    period: 'morning' | 'afternoon';
    startsAt: Date;
    endsAt: Date;
    status: 'attended' | 'absent' | null;
    absenceReason: string | null;
    signedAt: Date | null;
    method: string | null;
  }[];
}

/** The organisations module's answer: the provider's lines a document prints. */
export type LegalLinesOf = (
  tx: Tx,
  organizationId: string,
) => Promise<{ address: string | null; siret: string | null; activityDeclarationNumber: string | null }>;

export function createDocumentsService(deps: {
  database: Database;
  legalLinesOf: LegalLinesOf;
  now: () => Date;
}) {
  const { database, now } = deps;

  /**
   * The learner's documents as `viewer` reads them: the learner themselves, or staff of their
   * organisation (whose links open the whole attendance sheet and the staff's convocation route).
   */
  async function learnerDocuments(
    viewer: SessionUser,
    student: { id: string; organizationId: string },
  ): Promise<LearnerDocuments> {
    const isOwn = viewer.id === student.id;
    return database.withTenant(tenantOf(viewer), async (tx) => {
      const enrolments = rowsOf<{ course_id: string; title: string; created_at: Date | string }>(
        await tx.execute(sql`select e.course_id, c.title, e.created_at
          from course_enrollments e join courses c on c.id = e.course_id
          where e.student_id = ${student.id} and e.organization_id = ${student.organizationId}
          order by e.created_at desc`),
      );
      const courseIds = enrolments.map((row) => row.course_id);
      const courseList = courseIds.length
        ? sql`d.course_id in (${sql.join(
            courseIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`;
      const rows = rowsOf<DocumentRow>(
        await tx.execute(sql`${DOCUMENT_SELECT}
          where d.organization_id = ${student.organizationId}
          and (d.visibility = 'organization' or (d.visibility = 'course' and ${courseList})
            or (d.visibility = 'learner' and d.student_id = ${student.id}))
          order by d.category, d.title`),
      ).map(toDocument);
      const attendance = rowsOf<{ session_id: string; session_title: string; starts_at: Date | string }>(
        await tx.execute(sql`select s.session_id, min(s.session_title) as session_title,
          min(s.starts_at) as starts_at
          from attendance_records r join attendance_slots s on s.id = r.slot_id
          where r.student_id = ${student.id} and r.organization_id = ${student.organizationId}
          group by s.session_id order by min(s.starts_at) desc`),
      );
      const own = rows.filter((document) => document.visibility === 'learner');
      return {
        shared: rows.filter((document) => document.visibility !== 'learner'),
        enrolments: enrolments.map((enrolment) => ({
          courseId: enrolment.course_id,
          courseTitle: enrolment.title,
          enrolledAt: iso(enrolment.created_at),
          convocationUrl: isOwn
            ? convocationPath(enrolment.course_id)
            : learnerConvocationPath(student.id, enrolment.course_id),
          documents: own.filter((document) => document.courseId === enrolment.course_id),
        })),
        personal: own.filter((document) => !document.courseId || !courseIds.includes(document.courseId)),
        attendance: attendance.map((row) => ({
          sessionId: row.session_id,
          sessionTitle: row.session_title,
          startsAt: iso(row.starts_at),
          sheetUrl: isOwn ? attendanceExtractPath(row.session_id) : attendanceSheetPdfPath(row.session_id),
        })),
      };
    });
  }

  /** The learner of the staff's organisation (any for an admin); another's answers as unknown. */
  async function findLearner(tx: Tx, actor: SessionUser, studentId: string) {
    const scope = actor.role === 'admin' ? sql`true` : sql`organization_id = ${actor.organizationId}`;
    const [student] = rowsOf<{ id: string; organization_id: string | null }>(
      await tx.execute(
        sql`select id, organization_id from profiles where id = ${studentId} and role = 'student' and ${scope}`,
      ),
    );
    if (!student?.organization_id) throw new AppError('USER_NOT_FOUND');
    return { id: student.id, organizationId: student.organization_id };
  }

  return {
    async list(actor: SessionUser, input: DocumentListQuery): Promise<DocumentList> {
      staffOrganization(actor);
      const query = DocumentListQuerySchema.parse(input);
      const filters = [
        scopeOf(actor),
        sql`d.visibility <> 'learner'`,
        query.category ? sql`d.category = ${query.category}` : undefined,
        query.courseId ? sql`d.course_id = ${query.courseId}` : undefined,
        query.search
          ? sql`(d.title ilike ${containsPattern(query.search)} or f.name ilike ${containsPattern(query.search)})`
          : undefined,
      ].filter((filter) => filter !== undefined);
      const where = sql.join(filters, sql` and `);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const [counted] = rowsOf<{ total: number | string }>(
          await tx.execute(sql`select count(*) as total from documents d
            join stored_files f on f.id = d.file_id where ${where}`),
        );
        const rows = rowsOf<DocumentRow>(
          await tx.execute(sql`${DOCUMENT_SELECT} where ${where}
            order by d.updated_at desc, d.id desc
            limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
        );
        return {
          items: rows.map(toDocument),
          total: Number(counted?.total ?? 0),
          page: query.page,
          pageSize: query.pageSize,
        };
      });
    },

    async create(actor: SessionUser, input: CreateDocumentInput): Promise<Document> {
      staffOrganization(actor);
      const body = CreateDocumentInputSchema.parse(input);
      const at = now();
      try {
        return await database.withTenant(tenantOf(actor), async (tx) => {
          const [file] = rowsOf<{ organization_id: string }>(
            await tx.execute(sql`select organization_id from stored_files where id = ${body.fileId}`),
          );
          const organizationId = actor.role === 'admin' ? file?.organization_id : actor.organizationId;
          if (!organizationId) throw new AppError('NOT_FOUND');
          await claimableFile(tx, organizationId, body.fileId);
          await checkAudience(tx, organizationId, body);
          const [row] = await tx
            .insert(documents)
            .values({
              organizationId,
              title: body.title,
              category: body.category,
              visibility: body.visibility,
              courseId: body.courseId,
              studentId: body.visibility === 'learner' ? body.studentId : null,
              fileId: body.fileId,
              createdBy: actor.id,
              createdAt: at,
              updatedAt: at,
            })
            .returning({ id: documents.id });
          await tx.insert(documentVersions).values({
            organizationId,
            documentId: row!.id,
            version: 1,
            fileId: body.fileId,
            uploadedBy: actor.id,
            createdAt: at,
          });
          return readDocument(tx, actor, row!.id);
        });
      } catch (error) {
        // Two requests recorded the same file at once: the other one holds it.
        if (isUniqueViolation(error)) throw new AppError('ALREADY_EXISTS');
        throw error;
      }
    },

    async update(actor: SessionUser, id: string, input: UpdateDocumentInput): Promise<Document> {
      staffOrganization(actor);
      const body = UpdateDocumentInputSchema.parse(input);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const current = await readDocument(tx, actor, id);
        const [row] = await tx
          .select({ organizationId: documents.organizationId })
          .from(documents)
          .where(eq(documents.id, current.id));
        await checkAudience(tx, row!.organizationId, body);
        await tx
          .update(documents)
          .set({
            title: body.title,
            category: body.category,
            visibility: body.visibility,
            courseId: body.courseId,
            studentId: body.visibility === 'learner' ? body.studentId : null,
            updatedAt: now(),
          })
          .where(eq(documents.id, id));
        return readDocument(tx, actor, id);
      });
    },

    async replace(actor: SessionUser, id: string, input: ReplaceDocumentInput): Promise<Document> {
      staffOrganization(actor);
      try {
        return await database.withTenant(tenantOf(actor), async (tx) => {
          await readDocument(tx, actor, id);
          // One replacement at a time: two at once would both take the same next version number.
          const [row] = await tx
            .select({ organizationId: documents.organizationId, version: documents.version })
            .from(documents)
            .where(eq(documents.id, id))
            .for('update');
          await claimableFile(tx, row!.organizationId, input.fileId);
          const version = row!.version + 1;
          const at = now();
          await tx.insert(documentVersions).values({
            organizationId: row!.organizationId,
            documentId: id,
            version,
            fileId: input.fileId,
            uploadedBy: actor.id,
            createdAt: at,
          });
          await tx
            .update(documents)
            .set({ fileId: input.fileId, version, updatedAt: at })
            .where(eq(documents.id, id));
          return readDocument(tx, actor, id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('ALREADY_EXISTS');
        throw error;
      }
    },

    async versions(actor: SessionUser, id: string): Promise<{ items: DocumentVersion[] }> {
      staffOrganization(actor);
      return database.withTenant(tenantOf(actor), async (tx) => {
        await readDocument(tx, actor, id);
        const rows = rowsOf<{
          version: number;
          file_id: string;
          file_name: string;
          size_bytes: number | string;
          uploaded_by_name: string | null;
          created_at: Date | string;
        }>(
          await tx.execute(sql`select v.version, v.file_id, f.name as file_name, f.size_bytes,
            p.full_name as uploaded_by_name, v.created_at
            from document_versions v join stored_files f on f.id = v.file_id
            left join profiles p on p.id = v.uploaded_by
            where v.document_id = ${id} order by v.version desc`),
        );
        return {
          items: rows.map((row) => ({
            version: row.version,
            fileName: row.file_name,
            sizeBytes: Number(row.size_bytes),
            fileUrl: fileUrl(row.file_id),
            uploadedByName: row.uploaded_by_name,
            createdAt: iso(row.created_at),
          })),
        };
      });
    },

    /** The document and its versions go; their files are left to the orphaned files sweep. */
    async remove(actor: SessionUser, id: string): Promise<{ ok: true }> {
      staffOrganization(actor);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const scope =
          actor.role === 'admin' ? undefined : eq(documents.organizationId, actor.organizationId!);
        const deleted = await tx
          .delete(documents)
          .where(and(eq(documents.id, id), scope))
          .returning({ id: documents.id });
        if (deleted.length === 0) throw new AppError('NOT_FOUND');
        return { ok: true as const };
      });
    },

    async forLearner(actor: SessionUser, studentId: string): Promise<LearnerDocuments> {
      staffOrganization(actor);
      const student = await database.withTenant(tenantOf(actor), (tx) => findLearner(tx, actor, studentId));
      return learnerDocuments(actor, student);
    },

    async mine(user: SessionUser): Promise<LearnerDocuments> {
      if (!user.organizationId) return { shared: [], enrolments: [], personal: [], attendance: [] };
      return learnerDocuments(user, { id: user.id, organizationId: user.organizationId });
    },

    /**
     * What the convocation of `studentId` to a formation states, read as `viewer` (the learner, or
     * staff once `studentId` is checked to be their organisation's). 404 when not enrolled.
     */
    async convocationFacts(
      viewer: SessionUser,
      studentId: string,
      courseId: string,
    ): Promise<ConvocationFacts> {
      return database.withTenant(tenantOf(viewer), async (tx) => {
        if (viewer.id !== studentId) {
          staffOrganization(viewer);
          await findLearner(tx, viewer, studentId);
        }
        const [enrolment] = rowsOf<{
          created_at: Date | string;
          title: string;
          description: string;
          objectives: string;
          prerequisites: string;
          duration_hours: number | string | null;
          modality: string | null;
          organization_id: string;
          organization_name: string | null;
          student_name: string | null;
        }>(
          await tx.execute(sql`select e.created_at, c.title, c.description, c.objectives, c.prerequisites,
            c.duration_hours, c.modality, c.organization_id,
            (select o.name from organizations o where o.id = c.organization_id) as organization_name,
            (select p.full_name from profiles p where p.id = e.student_id) as student_name
            from course_enrollments e join courses c on c.id = e.course_id
            where e.course_id = ${courseId} and e.student_id = ${studentId}`),
        );
        if (!enrolment) throw new AppError('TRAINING_NOT_FOUND');
        const legal = await deps.legalLinesOf(tx, enrolment.organization_id);
        const sessions = rowsOf<{
          title: string;
          meeting_date: Date | string;
          duration_minutes: number;
          location: string | null;
          meeting_url: string | null;
        }>(
          await tx.execute(sql`select g.title, g.meeting_date, g.duration_minutes, g.location, g.meeting_url
            from group_sessions g
            where g.course_id = ${courseId}
            and g.id in (select gp.session_id from group_session_participants gp where gp.student_id = ${studentId})
            order by g.meeting_date`),
        );
        const shared = rowsOf<{ title: string; category: string }>(
          await tx.execute(sql`select d.title, d.category from documents d
            where d.organization_id = ${enrolment.organization_id}
            and (d.visibility = 'organization' or (d.visibility = 'course' and d.course_id = ${courseId}))
            order by d.category, d.title`),
        );
        return {
          organizationName: enrolment.organization_name ?? '',
          organizationLines: [
            legal.address,
            legal.siret ? `SIRET ${legal.siret}` : null,
            legal.activityDeclarationNumber ? `NDA ${legal.activityDeclarationNumber}` : null,
          ].filter((line): line is string => Boolean(line)),
          studentName: enrolment.student_name ?? '',
          enrolledAt: new Date(enrolment.created_at),
          course: {
            title: enrolment.title,
            description: enrolment.description,
            objectives: enrolment.objectives,
            prerequisites: enrolment.prerequisites,
            durationHours: enrolment.duration_hours === null ? null : Number(enrolment.duration_hours),
            modality: enrolment.modality,
          },
          sessions: sessions.map((session) => ({
            title: session.title,
            startsAt: new Date(session.meeting_date),
            durationMinutes: session.duration_minutes,
            location: session.location,
            url: session.meeting_url,
          })),
          documents: shared.map((row) => ({ title: row.title, category: row.category as DocumentCategory })),
        };
      });
    },

    /** The learner's own lines of a session's sheet (row-level security shows them nothing else). */
    async attendanceExtract(user: SessionUser, sessionId: string): Promise<AttendanceExtract> {
      return database.withTenant(tenantOf(user), async (tx) => {
        const slots = rowsOf<{
          id: string;
          session_title: string;
          period: 'morning' | 'afternoon';
          starts_at: Date | string;
          ends_at: Date | string;
          status: 'attended' | 'absent' | null;
          absence_reason: string | null;
        }>(
          await tx.execute(sql`select s.id, s.session_title, s.period, s.starts_at, s.ends_at,
            r.status, r.absence_reason
            from attendance_slots s join attendance_records r on r.slot_id = s.id
            where s.session_id = ${sessionId} and r.student_id = ${user.id}
            order by s.starts_at`),
        );
        if (slots.length === 0) throw new AppError('NOT_FOUND');
        const signatures = rowsOf<{ slot_id: string; signed_at: Date | string; method: string }>(
          await tx.execute(sql`select slot_id, signed_at, method from attendance_signatures
            where session_id = ${sessionId} and signer_id = ${user.id} and signer_role = 'student'`),
        );
        const [names] = rowsOf<{ organization_name: string | null; student_name: string | null }>(
          await tx.execute(sql`select (select o.name from organizations o where o.id = ${user.organizationId})
            as organization_name, (select p.full_name from profiles p where p.id = ${user.id}) as student_name`),
        );
        return {
          organizationName: names?.organization_name ?? '',
          studentName: names?.student_name ?? '',
          sessionTitle: slots[0]!.session_title,
          slots: slots.map((slot) => {
            const signature = signatures.find((row) => row.slot_id === slot.id);
            return {
              period: slot.period,
              startsAt: new Date(slot.starts_at),
              endsAt: new Date(slot.ends_at),
              status: slot.status,
              absenceReason: slot.absence_reason,
              signedAt: signature ? new Date(signature.signed_at) : null,
              method: signature?.method ?? null,
            };
          }),
        };
      });
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
