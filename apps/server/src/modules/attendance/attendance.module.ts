import { GROUP_SESSION_TIME_ZONE, type Language, type SessionUser } from '@cursus/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { requireRole } from '../../plugins/session.ts';
import type { AchievementsService } from '../achievements/achievements.module.ts';
import { type AuditService, auditActorOf } from '../audit/audit.module.ts';
import type { FileAccessPolicy, FilesService } from '../files/files.module.ts';
import { attendanceRoutesPlugin } from './attendance.routes.ts';
import {
  createAttendanceService,
  type GroupSessionsAccess,
  type SigningLinkMessage,
} from './attendance.service.ts';
import { createAttendanceFileAccess } from './attendance-file-access.ts';
import { renderAttendancePdf } from './attendance-pdf.ts';
import { listLearnerAttendance } from './learner-attendance.ts';
import { createQrCodes } from './qr-codes.ts';
import { seedDemoAttendance } from './seed-demo-attendance.ts';

/** How far back the audit pack's sheets go: a surveillance audit looks at the year since the last one. */
const PACK_PERIOD_MS = 365 * 24 * 60 * 60 * 1000;
/** The sheets are drawn in memory before the ZIP's length is known: this bounds the memory a pack takes. */
const PACK_SHEETS_MAX = 200;

/** A signed attendance sheet, as the audit pack files it. */
export { exportAttendancePersonalData, pseudonymiseAttendanceSigner } from './attendance.personal-data.ts';
export interface AttendancePackSheet {
  title: string;
  /** The session's day in Paris (YYYY-MM-DD), from its first half-day. */
  heldOn: string;
  bytes: Uint8Array;
}

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: GROUP_SESSION_TIME_ZONE });

/** Attendance signing, 'émargement' (issue 15 point 2): slots, signatures, links, QR codes, the PDF sheet. */
export function createAttendanceModule(deps: {
  database: Database;
  groupSessions: GroupSessionsAccess;
  files: FilesService;
  achievements: AchievementsService;
  loadUserName: (userId: string) => Promise<string | null>;
  /** How a signing link reaches its learner (the email module, through app.ts). */
  sendSigningLink: (message: SigningLinkMessage) => Promise<unknown>;
  /** Attendance changes and sheet downloads go to the audit trail (issue 19). */
  audit: Pick<AuditService, 'recordEvent'>;
  secret: string;
  appUrl: string;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, now } = deps;
  const qrCodes = createQrCodes(deps.secret);
  const service = createAttendanceService({ ...deps, qrCodes });
  const sheetPdf = async (actor: SessionUser, sessionId: string, language: Language) => {
    const { sheet, signatures } = await service.readSheetForPdf(actor, sessionId);
    const bytes = await renderAttendancePdf({
      sheet,
      signatures,
      organizationName: actor.organizationName ?? '',
      language,
      generatedAt: now(),
    });
    return { sheet, bytes };
  };
  const routes: FastifyPluginAsync = (app) =>
    attendanceRoutesPlugin(app, {
      attendance: service,
      async renderPdf(request, sessionId) {
        const actor = requireRole(request, ['trainer']);
        const { sheet, bytes } = await sheetPdf(actor, sessionId, actor.language);
        await deps.audit.recordEvent({
          action: 'export.created',
          organizationId: actor.organizationId,
          actor: auditActorOf(actor),
          targetType: 'group_session',
          targetId: sessionId,
          details: { export: 'attendance_sheet', title: sheet.sessionTitle },
        });
        return { bytes, fileName: `emargement-${sessionId}.pdf` };
      },
    });
  return {
    service,
    routes,
    qrCodes,
    /**
     * The signed attendance sheets of the last year, as PDFs, for the compliance audit pack: the
     * sessions most recently signed first, at most `PACK_SHEETS_MAX` of them.
     */
    async packSheets(actor: SessionUser, language: Language): Promise<AttendancePackSheet[]> {
      const since = new Date(now().getTime() - PACK_PERIOD_MS);
      const sheets: AttendancePackSheet[] = [];
      // One at a time: each sheet reads its session and signatures, then draws its PDF.
      for (const sessionId of await service.signedSessionIds(actor, since, PACK_SHEETS_MAX)) {
        const { sheet, bytes } = await sheetPdf(actor, sessionId, language);
        // A signed session has its slots: the signatures are on them.
        const heldOn = parisDay.format(new Date(sheet.slots[0]!.startsAt));
        sheets.push({ title: sheet.sessionTitle, heldOn, bytes });
      }
      return sheets;
    },
    /** One learner's half-days, for the learners module's record. */
    listLearnerAttendance,
    /** Adds the absences' justification documents to the file policy (reads and the orphan sweep). */
    fileAccess: (base: FileAccessPolicy) => createAttendanceFileAccess({ database, base }),
    seedDemo: (input: Parameters<typeof seedDemoAttendance>[1]) => seedDemoAttendance({ database }, input),
  };
}
