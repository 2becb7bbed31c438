import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { requireRole } from '../../plugins/session.ts';
import type { AchievementsService } from '../achievements/achievements.module.ts';
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

/** Attendance signing, 'émargement' (issue 15 point 2): slots, signatures, links, QR codes, the PDF sheet. */
export function createAttendanceModule(deps: {
  database: Database;
  groupSessions: GroupSessionsAccess;
  files: FilesService;
  achievements: AchievementsService;
  loadUserName: (userId: string) => Promise<string | null>;
  /** How a signing link reaches its learner (the email module, through app.ts). */
  sendSigningLink: (message: SigningLinkMessage) => Promise<unknown>;
  secret: string;
  appUrl: string;
  now: () => Date;
  log: { error(object: object, message: string): void };
}) {
  const { database, now } = deps;
  const qrCodes = createQrCodes(deps.secret);
  const service = createAttendanceService({ ...deps, qrCodes });
  const routes: FastifyPluginAsync = (app) =>
    attendanceRoutesPlugin(app, {
      attendance: service,
      async renderPdf(request, sessionId) {
        const actor = requireRole(request, ['trainer']);
        const { sheet, signatures } = await service.readSheetForPdf(actor, sessionId);
        const bytes = await renderAttendancePdf({
          sheet,
          signatures,
          organizationName: actor.organizationName ?? '',
          language: actor.language,
          generatedAt: now(),
        });
        return { bytes, fileName: `emargement-${sessionId}.pdf` };
      },
    });
  return {
    service,
    routes,
    qrCodes,
    /** One learner's half-days, for the learners module's record. */
    listLearnerAttendance,
    /** Adds the absences' justification documents to the file policy (reads and the orphan sweep). */
    fileAccess: (base: FileAccessPolicy) => createAttendanceFileAccess({ database, base }),
    seedDemo: (input: Parameters<typeof seedDemoAttendance>[1]) => seedDemoAttendance({ database }, input),
  };
}
