import { Readable } from 'node:stream';
import type { CreateDocumentInput, SessionUser } from '@cursus/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { FilesService } from '../files/files.module.ts';
import { renderTextPdf } from './document-pdf.ts';
import type { DocumentsService } from './documents.service.ts';
import { documents } from './documents.tables.ts';

const RULES = [
  {
    heading: 'Article 1 - Objet et champ d’application',
    body: 'Le présent règlement s’applique à toutes les personnes inscrites à une action de formation organisée par l’organisme, pour toute la durée de la formation, en présentiel comme à distance (articles L.6352-3 et R.6352-1 du Code du travail).',
  },
  {
    heading: 'Article 2 - Hygiène et sécurité',
    body: 'Chaque stagiaire respecte les consignes d’hygiène et de sécurité affichées dans les locaux de formation. En cas d’incident, il prévient immédiatement le formateur.',
  },
  {
    heading: 'Article 3 - Assiduité et émargement',
    body: 'Les stagiaires signent la feuille d’émargement par demi-journée. Toute absence ou tout retard est signalé au formateur et justifié.',
  },
  {
    heading: 'Article 4 - Sanctions et procédure disciplinaire',
    body: 'Tout manquement au présent règlement peut faire l’objet d’une sanction, prononcée après un entretien au cours duquel le stagiaire peut se faire assister, dans les conditions des articles R.6352-3 et suivants du Code du travail.',
  },
];

const TERMS = [
  {
    heading: 'Inscription',
    body: 'Toute inscription est confirmée par la signature d’une convention ou d’un contrat de formation. Un délai de rétractation de dix jours s’applique aux contrats conclus avec une personne physique.',
  },
  {
    heading: 'Prix et règlement',
    body: 'Les prix sont indiqués hors taxes. Le règlement intervient à réception de facture, à trente jours, sauf prise en charge par un financeur.',
  },
  {
    heading: 'Annulation',
    body: 'Toute annulation moins de dix jours ouvrés avant le début de la formation donne lieu à une facturation de 30 % du prix, sauf cas de force majeure.',
  },
];

/**
 * The demo organisation's documents, uploaded as a trainer would (real PDFs through the files
 * module): its règlement intérieur and CGV for every learner, the programme of its published
 * formation for that formation's learners, and Léa's signed convention and identity document on her
 * record (her convocation is generated from her enrolment). Run once, after the formations.
 */
export async function seedDemoDocuments(
  deps: { database: Database; files: FilesService; service: DocumentsService },
  input: { organizationId: string; organizationName: string; trainer: SessionUser; leaId: string; now: Date },
) {
  const { db } = deps.database;
  const [existing] = await db
    .select({ total: count() })
    .from(documents)
    .where(eq(documents.organizationId, input.organizationId));
  if ((existing?.total ?? 0) > 0) return;
  const result = await db.execute(sql`
      select c.id, c.title, c.objectives from courses c
      where c.organization_id = ${input.organizationId} and c.status = 'published'
      order by c.created_at limit 1`);
  const [course] = (result as unknown as { rows: { id: string; title: string; objectives: string }[] }).rows;

  const add = async (fileName: string, pdf: Uint8Array, metadata: Omit<CreateDocumentInput, 'fileId'>) => {
    const stored = await deps.files.upload(input.trainer, {
      purpose: 'record',
      organizationId: input.organizationId,
      fileName,
      source: Readable.from([Buffer.from(pdf)]),
    });
    await deps.service.create(input.trainer, { ...metadata, fileId: stored.id });
  };
  const title = (name: string) => `${name} - ${input.organizationName}`;
  await add('reglement-interieur.pdf', await renderTextPdf(title('Règlement intérieur'), RULES, input.now), {
    title: 'Règlement intérieur',
    category: 'internal_rules',
    visibility: 'organization',
  });
  await add(
    'conditions-generales-de-vente.pdf',
    await renderTextPdf(title('Conditions générales de vente'), TERMS, input.now),
    { title: 'Conditions générales de vente', category: 'terms', visibility: 'organization' },
  );
  await add(
    'modele-attestation-employeur.pdf',
    await renderTextPdf(
      'Modèle - Attestation employeur',
      [{ body: 'Je soussigné(e) ……………, agissant pour l’entreprise ……………, atteste que ……………' }],
      input.now,
    ),
    { title: 'Modèle d’attestation employeur', category: 'template', visibility: 'staff' },
  );
  if (!course) return;
  await add(
    'programme.pdf',
    await renderTextPdf(
      `Programme - ${course.title}`,
      [
        { heading: 'Objectifs', body: course.objectives || course.title },
        {
          heading: 'Modalités',
          body: 'Formation à distance, leçons en ligne et sessions de groupe, évaluation par quiz.',
        },
      ],
      input.now,
    ),
    {
      title: `Programme - ${course.title}`,
      category: 'programme',
      visibility: 'course',
      courseId: course.id,
    },
  );
  await add(
    'convention-lea-martin.pdf',
    await renderTextPdf(
      'Convention de formation professionnelle',
      [
        { body: `Entre ${input.organizationName} et Léa Martin, pour la formation « ${course.title} ».` },
        { body: 'Signée par les deux parties.' },
      ],
      input.now,
    ),
    {
      title: 'Convention de formation signée',
      category: 'convention',
      visibility: 'learner',
      studentId: input.leaId,
      courseId: course.id,
    },
  );
  // The copy of her identity document the platform asks of each learner, waiting for an admin's review.
  await add(
    'piece-identite-lea-martin.pdf',
    await renderTextPdf(
      "Pièce d'identité",
      [{ body: 'Copie de la carte nationale d’identité de Léa Martin.' }],
      input.now,
    ),
    {
      title: "Pièce d'identité - Léa Martin",
      category: 'other',
      visibility: 'learner',
      studentId: input.leaId,
    },
  );
}
