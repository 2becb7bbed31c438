import { Readable } from 'node:stream';
import type { SessionUser } from '@cursus/contracts';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { PdfTextWriter } from '../../lib/pdf-writer.ts';
import type { FilesService } from '../files/files.module.ts';
import type { ComplianceService } from './compliance.service.ts';
import { complianceEvidence } from './compliance.tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo's compliance: a training organisation (the default profile) whose platform records
 * already evidence several indicators, and one document uploaded by Julien, the appointment of its
 * disability adviser (indicator 26). Run once, after every other domain's demo.
 */
export async function seedDemoCompliance(
  deps: { database: Database; files: FilesService; service: ComplianceService },
  input: { organizationId: string; trainer: SessionUser; now: Date },
) {
  const [existing] = await deps.database.db
    .select({ total: count() })
    .from(complianceEvidence)
    .where(eq(complianceEvidence.organizationId, input.organizationId));
  if ((existing?.total ?? 0) > 0) return;
  const appointedOn = new Date(input.now.getTime() - 60 * DAY_MS).toISOString().slice(0, 10);
  const writer = await PdfTextWriter.create('Désignation du référent handicap', input.now);
  writer.paragraph('Désignation du référent handicap', { size: 18, bold: true, gap: 12 });
  writer.paragraph(
    `Par la présente, la direction de l’organisme désigne Julien Moreau référent handicap à compter du ${appointedOn}.`,
  );
  writer.paragraph(
    'Le référent handicap accueille les personnes en situation de handicap, étudie avec elles les adaptations de la formation (rythme, supports, accessibilité des locaux et des outils numériques) et mobilise les partenaires du territoire (Agefiph, Cap emploi, MDPH).',
  );
  writer.paragraph('Contact : depuis la messagerie de l’espace apprenant, ou à l’accueil de l’organisme.');
  const stored = await deps.files.upload(input.trainer, {
    purpose: 'record',
    organizationId: input.organizationId,
    fileName: 'designation-referent-handicap.pdf',
    source: Readable.from([Buffer.from(await writer.save())]),
  });
  await deps.service.createEvidence(input.trainer, {
    indicator: 26,
    fileId: stored.id,
    title: 'Désignation du référent handicap',
    provenOn: appointedOn,
  });
}
