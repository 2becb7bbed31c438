import { Readable } from 'node:stream';
import type { CreateTrainerDocumentInput, SessionUser } from '@cursus/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Database } from '../../db/client.ts';
import type { FilesService } from '../files/files.module.ts';
import type { TrainersService } from './trainers.service.ts';
import { trainerCourseAssignments, trainerDocuments, trainerProfiles } from './trainers.tables.ts';

/** A one-page PDF standing for a scanned document: its title and a few lines, in French. */
async function demoPdf(title: string, lines: string[]): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle(title);
  const page = document.addPage([595, 842]);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 56, y: 770, size: 20, font: bold });
  lines.forEach((line, index) => {
    page.drawText(line, { x: 56, y: 730 - index * 20, size: 12, font: regular });
  });
  return Buffer.from(await document.save());
}

interface DemoDocument extends Omit<CreateTrainerDocumentInput, 'fileId'> {
  fileName: string;
  lines: string[];
}

/**
 * The demo team: Julien Moreau manages the organisation, with his CV and two diplomas; Sophie
 * Lambert teaches, with her CV, and is assigned to the published formation. Documents go through
 * the files module and the service as a trainer's own uploads would. Run once.
 */
export async function seedDemoTrainers(
  deps: { database: Database; files: FilesService; service: TrainersService },
  input: { organizationId: string; manager: SessionUser; trainer: SessionUser; now: Date },
) {
  const { db } = deps.database;
  const { organizationId, manager, trainer, now } = input;
  const [existing] = await db
    .select({ total: count() })
    .from(trainerDocuments)
    .where(eq(trainerDocuments.organizationId, organizationId));
  if ((existing?.total ?? 0) > 0) return;
  await db
    .insert(trainerProfiles)
    .values([
      {
        organizationId,
        userId: manager.id,
        organizationRole: 'manager',
        bio: 'Formateur consultant depuis 12 ans, spécialisé en bureautique et en gestion de projet. Responsable pédagogique de l’organisme.',
        specialities: ['Bureautique', 'Gestion de projet', 'Excel avancé'],
      },
      {
        organizationId,
        userId: trainer.id,
        organizationRole: 'trainer',
        bio: 'Formatrice en communication professionnelle et en relation client, ancienne responsable de service client.',
        specialities: ['Communication', 'Relation client'],
      },
    ])
    .onConflictDoUpdate({
      target: [trainerProfiles.organizationId, trainerProfiles.userId],
      set: {
        organizationRole: sql`excluded.organization_role`,
        bio: sql`excluded.bio`,
        specialities: sql`excluded.specialities`,
      },
    });
  const result = await db.execute(sql`
    select c.id from courses c where c.organization_id = ${organizationId} and c.status = 'published'
    order by c.created_at limit 1`);
  const [course] = (result as unknown as { rows: { id: string }[] }).rows;
  if (course)
    await db
      .insert(trainerCourseAssignments)
      .values({ organizationId, courseId: course.id, trainerId: trainer.id })
      .onConflictDoNothing();

  const year = now.getUTCFullYear();
  const documents: [SessionUser, DemoDocument][] = [
    [
      manager,
      {
        kind: 'cv',
        title: 'CV – Julien Moreau',
        fileName: 'cv-julien-moreau.pdf',
        lines: ['Formateur consultant', 'Bureautique, gestion de projet', '12 ans d’expérience en formation'],
      },
    ],
    [
      manager,
      {
        kind: 'diploma',
        title: 'Titre professionnel Formateur professionnel d’adultes',
        issuer: 'Ministère du Travail',
        obtainedOn: `${year - 8}-06-28`,
        fileName: 'titre-fpa-julien-moreau.pdf',
        lines: ['Titre professionnel de niveau 5', 'Formateur professionnel d’adultes', 'Julien Moreau'],
      },
    ],
    [
      manager,
      {
        kind: 'diploma',
        title: 'Certification PMP',
        issuer: 'Project Management Institute',
        obtainedOn: `${year - 2}-03-15`,
        expiresOn: `${year + 1}-03-15`,
        fileName: 'certification-pmp-julien-moreau.pdf',
        lines: ['Project Management Professional', 'Julien Moreau'],
      },
    ],
    [
      trainer,
      {
        kind: 'cv',
        title: 'CV – Sophie Lambert',
        fileName: 'cv-sophie-lambert.pdf',
        lines: ['Formatrice en communication', 'Relation client, prise de parole', '8 ans d’expérience'],
      },
    ],
  ];
  for (const [owner, { fileName, lines, ...document }] of documents) {
    const stored = await deps.files.upload(owner, {
      purpose: 'document',
      organizationId,
      fileName,
      source: Readable.from([await demoPdf(document.title ?? fileName, lines)]),
    });
    await deps.service.createDocument(owner, owner.id, { ...document, fileId: stored.id });
  }
}
