import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import type { FileAccessPolicy, FilesService } from '../files/files.module.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import type { LegalLines } from '../organizations/organizations.module.ts';
import { createCertificateFileAccess } from './certificate-file-access.ts';
import { certificateRoutesPlugin } from './certificates.routes.ts';
import { type CourseTimeOf, createCertificatesService, type EmployerOf } from './certificates.service.ts';
import { listLearnerCertificates } from './learner-certificates.ts';
import { seedDemoCertificates } from './seed-demo-certificates.ts';

/**
 * Certificates (issue 15 point 4): the certificat de réalisation and the attestation de fin de
 * formation, generated as PDFs, stored through the files module, checked on a public page.
 */
export {
  exportCertificatesPersonalData,
  pseudonymiseCertificates,
  purgeCertificates,
} from './certificates.personal-data.ts';
export function createCertificatesModule(deps: {
  database: Database;
  files: FilesService;
  /** The organisations module's address, SIRET and NDA of the provider, printed on each PDF. */
  legalLinesOf: (tx: Tx, organizationId: string) => Promise<LegalLines>;
  /** The learners module's record of who employs the learner, printed on the certificat de réalisation. */
  employerOf: EmployerOf;
  /** The time-tracking module's tracked time per learner on a formation. */
  courseTimeOf: CourseTimeOf;
  attendedTimeOf: CourseTimeOf;
  appUrl: string;
  /** The learner hears that a certificate of theirs was issued. */
  notifications: Pick<NotificationsService, 'createNotification'>;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { database } = deps;
  const service = createCertificatesService({
    ...deps,
    // After the certificate is stored: a failed notification never undoes it.
    async onIssued({ certificate, organizationId }) {
      if (!certificate.studentId) return;
      try {
        await deps.notifications.createNotification(
          { userId: certificate.studentId, organizationId },
          {
            type: 'certificate_issued',
            actionUrl: '/student/documents',
            metadata: {
              certificateId: certificate.id,
              courseTitle: certificate.courseTitle,
              kind: certificate.kind,
            },
          },
        );
      } catch (error) {
        deps.log.error({ err: error, certificateId: certificate.id }, 'certificate notification failed');
      }
    },
  });
  const routes: FastifyPluginAsync = (app) => certificateRoutesPlugin(app, { certificates: service });
  return {
    service,
    routes,
    /** One learner's certificates, for the learners module's record. */
    listLearnerCertificates,
    /** Adds the certificates' PDFs to another domain's file policy (reads and the orphan sweep). */
    fileAccess: (base: FileAccessPolicy) => createCertificateFileAccess({ database, base }),
    seedDemo: (input: Parameters<typeof seedDemoCertificates>[1]) =>
      seedDemoCertificates({ database, service }, input),
  };
}
