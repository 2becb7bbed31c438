import {
  ACTION_CATEGORIES,
  type ActionCategory,
  type ComplianceProfile,
  type ComplianceReport,
  type CreateEvidenceInput,
  CreateEvidenceInputSchema,
  fileUrl,
  type IndicatorReport,
  isIndicatorApplicable,
  type Language,
  QUALITY_CRITERIA,
  QUALITY_INDICATORS,
  readinessOf,
  type SessionUser,
  type UpdateComplianceProfileInput,
  UpdateComplianceProfileInputSchema,
  type UploadedEvidence,
} from '@cursus/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Database, type Tx, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AttendancePackSheet } from '../attendance/attendance.module.ts';
import type { FilesService, StoredFileRow } from '../files/files.module.ts';
import type { RegisterFile, RegistersEvidence } from '../registers/registers.module.ts';
import { complianceEvidence } from './compliance.tables.ts';
import {
  automaticEvidence,
  type PlatformFigures,
  type ProgrammeSheet,
  readPlatformFigures,
  readProgrammeSheets,
  rowsOf,
  statusOf,
} from './read-evidence.ts';

/** Uploaded evidence is a PDF or a scan (the files module's `record` purpose). */
const EVIDENCE_PURPOSE = 'record';

/**
 * The registers module's figures and CSVs (indicators 23 to 25, 31 and 32), read in this module's
 * tenant transaction.
 */
export interface RegistersSource {
  evidenceOf(tx: Tx, organizationId: string): Promise<RegistersEvidence>;
  exportFiles(tx: Tx, organizationId: string): Promise<RegisterFile[]>;
}

/** The attendance module's signed sheets, as PDFs, for the audit pack (indicator 12's folder). */
export interface AttendanceSheetsSource {
  packSheets(actor: SessionUser, language: Language): Promise<AttendancePackSheet[]>;
}

function organizationOf(actor: SessionUser): string {
  if (!actor.organizationId) throw new AppError('NO_ORGANIZATION');
  return actor.organizationId;
}

function toProfile(
  figures: Pick<PlatformFigures, 'actionCategories' | 'certifying' | 'workLinked'>,
): ComplianceProfile {
  return {
    actionCategories: ACTION_CATEGORIES.filter((category) =>
      figures.actionCategories.includes(category),
    ) as ActionCategory[],
    certifying: figures.certifying,
    workLinked: figures.workLinked,
  };
}

/** An uploaded evidence with its stored file, which the audit pack copies. */
export interface EvidenceWithFile {
  evidence: UploadedEvidence;
  file: StoredFileRow;
}

/**
 * The organisation's uploaded evidence, with who uploaded it (a name from the profiles, read in the
 * same statement) and its stored file (through the files module).
 */
async function readUploads(tx: Tx, files: FilesService, organizationId: string): Promise<EvidenceWithFile[]> {
  const rows = await tx
    .select({
      evidence: complianceEvidence,
      createdByName: sql<
        string | null
      >`(select p.full_name from profiles p where p.id = ${complianceEvidence.createdBy})`,
    })
    .from(complianceEvidence)
    .where(eq(complianceEvidence.organizationId, organizationId))
    .orderBy(asc(complianceEvidence.indicator), asc(complianceEvidence.provenOn), asc(complianceEvidence.id));
  const stored = new Map(
    (
      await files.findInOrganization(tx, organizationId, [...new Set(rows.map((row) => row.evidence.fileId))])
    ).map((file) => [file.id, file]),
  );
  return rows.flatMap(({ evidence, createdByName }) => {
    const file = stored.get(evidence.fileId);
    return file ? [{ evidence: toUploadedEvidence(evidence, file, createdByName), file }] : [];
  });
}

function toUploadedEvidence(
  row: typeof complianceEvidence.$inferSelect,
  file: StoredFileRow,
  createdByName: string | null,
): UploadedEvidence {
  return {
    id: row.id,
    indicator: row.indicator,
    title: row.title,
    provenOn: row.provenOn,
    file: {
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      sizeBytes: file.sizeBytes,
      url: fileUrl(file.id),
    },
    createdAt: row.createdAt.toISOString(),
    createdByName,
  };
}

/** Everything the report and the audit pack are made of. */
export interface ComplianceSnapshot {
  report: ComplianceReport;
  sheets: ProgrammeSheet[];
  uploads: EvidenceWithFile[];
  registerFiles: RegisterFile[];
}

export function createComplianceService(deps: {
  database: Database;
  files: FilesService;
  registers: RegistersSource;
  attendanceSheets: AttendanceSheetsSource;
  now: () => Date;
}) {
  const { database, files, registers, now } = deps;

  /**
   * One tenant transaction: the figures, the programme sheets, the uploads and the registers' figures
   * (a statement each), and for the audit pack the registers' CSVs.
   */
  async function snapshot(
    actor: SessionUser,
    options: { withRegisterFiles?: boolean } = {},
  ): Promise<ComplianceSnapshot> {
    const organizationId = organizationOf(actor);
    const { figures, sheets, uploads, registerFigures, registerFiles } = await database.withTenant(
      tenantOf(actor),
      async (tx) => ({
        figures: await readPlatformFigures(tx, organizationId),
        sheets: await readProgrammeSheets(tx, organizationId),
        uploads: await readUploads(tx, files, organizationId),
        registerFigures: await registers.evidenceOf(tx, organizationId),
        registerFiles: options.withRegisterFiles ? await registers.exportFiles(tx, organizationId) : [],
      }),
    );
    const profile = toProfile(figures);
    const automatic = automaticEvidence(figures, sheets, registerFigures);
    const indicators: IndicatorReport[] = QUALITY_INDICATORS.map((indicator) => {
      const isApplicable = isIndicatorApplicable(indicator, profile);
      const own = uploads
        .filter((upload) => upload.evidence.indicator === indicator.number)
        .map((upload) => upload.evidence);
      const found = automatic.get(indicator.number) ?? [];
      return {
        number: indicator.number,
        criterion: indicator.criterion,
        isApplicable,
        status: isApplicable ? statusOf(found, own.length) : 'notApplicable',
        automatic: found,
        uploads: own,
      };
    });
    const report: ComplianceReport = {
      organizationId,
      organizationName: figures.organizationName,
      profile,
      readiness: readinessOf(indicators.map((indicator) => indicator.status)),
      criteria: QUALITY_CRITERIA.map((criterion) => ({
        number: criterion.number,
        readiness: readinessOf(
          indicators
            .filter((indicator) => indicator.criterion === criterion.number)
            .map((indicator) => indicator.status),
        ),
      })),
      indicators,
      computedAt: now().toISOString(),
    };
    return { report, sheets, uploads, registerFiles };
  }

  return {
    snapshot,

    async report(actor: SessionUser): Promise<ComplianceReport> {
      return (await snapshot(actor)).report;
    },

    /** Staff set their own organisation's kind (migration 0033's grant and 0024's update policy). */
    async updateProfile(actor: SessionUser, input: UpdateComplianceProfileInput): Promise<ComplianceProfile> {
      const organizationId = organizationOf(actor);
      const profile = UpdateComplianceProfileInputSchema.parse(input);
      // The organisation's own columns (migration 0033), written here as this module owns them; the
      // categories are the contract's enum values, joined and split back by PostgreSQL.
      const [row] = await database.withTenant(tenantOf(actor), async (tx) =>
        rowsOf<{ action_categories: string[]; certifying: boolean; work_linked: boolean }>(
          await tx.execute(sql`update organizations
            set action_categories = string_to_array(${profile.actionCategories.join(',')}, ','),
              certifying = ${profile.certifying}, work_linked = ${profile.workLinked}
            where id = ${organizationId}
            returning action_categories, certifying, work_linked`),
        ),
      );
      if (!row) throw new AppError('NO_ORGANIZATION');
      return toProfile({
        actionCategories: row.action_categories,
        certifying: row.certifying,
        workLinked: row.work_linked,
      });
    },

    /**
     * Records a file the caller uploaded (`/api/files?purpose=record`) as evidence of an indicator.
     * Someone else's upload, or a file of another kind, answers as unknown.
     */
    async createEvidence(actor: SessionUser, input: CreateEvidenceInput): Promise<UploadedEvidence> {
      const organizationId = organizationOf(actor);
      const evidence = CreateEvidenceInputSchema.parse(input);
      return database.withTenant(tenantOf(actor), async (tx) => {
        const [file] = await files.findInOrganization(tx, organizationId, [evidence.fileId]);
        if (!file || file.uploadedBy !== actor.id || file.purpose !== EVIDENCE_PURPOSE)
          throw new AppError('NOT_FOUND');
        const [row] = await tx
          .insert(complianceEvidence)
          .values({
            organizationId,
            indicator: evidence.indicator,
            title: evidence.title,
            provenOn: evidence.provenOn,
            fileId: file.id,
            createdBy: actor.id,
            createdAt: now(),
          })
          .returning();
        return toUploadedEvidence(row!, file, actor.fullName);
      });
    },

    /** Forgets the evidence; its file goes with the orphaned files sweep. */
    async deleteEvidence(actor: SessionUser, evidenceId: string): Promise<void> {
      const organizationId = organizationOf(actor);
      const deleted = await database.withTenant(tenantOf(actor), (tx) =>
        tx
          .delete(complianceEvidence)
          .where(
            and(eq(complianceEvidence.id, evidenceId), eq(complianceEvidence.organizationId, organizationId)),
          )
          .returning({ id: complianceEvidence.id }),
      );
      if (deleted.length === 0) throw new AppError('NOT_FOUND');
    },

    /** Whether a stored file is compliance evidence, whoever asks (as cursus_service). */
    async isEvidenceFile(fileId: string): Promise<boolean> {
      const rows = await database.service
        .select({ id: complianceEvidence.id })
        .from(complianceEvidence)
        .where(eq(complianceEvidence.fileId, fileId))
        .limit(1);
      return rows.length > 0;
    },

    /** Every file an evidence row names, for the orphaned files sweep (as cursus_jobs). */
    async fileIdsInUse(organizationId: string): Promise<string[]> {
      const rows = await database.jobs
        .select({ id: complianceEvidence.fileId })
        .from(complianceEvidence)
        .where(eq(complianceEvidence.organizationId, organizationId));
      return rows.map((row) => row.id);
    },

    /** The organisation's signed attendance sheets of the last year, for the audit pack. */
    attendanceSheets(actor: SessionUser, language: Language): Promise<AttendancePackSheet[]> {
      organizationOf(actor);
      return deps.attendanceSheets.packSheets(actor, language);
    },

    /** The bytes of an evidence file, for the audit pack. */
    readFile: (file: StoredFileRow) => files.read(file),
  };
}

export type ComplianceService = ReturnType<typeof createComplianceService>;
