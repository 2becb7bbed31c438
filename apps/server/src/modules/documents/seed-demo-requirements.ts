import type { DocumentRequirementInput, SessionUser } from '@cursus/contracts';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DocumentRequirementsService } from './document-requirements.service.ts';
import { documentRequirements } from './documents.tables.ts';

const REQUIREMENTS: (DocumentRequirementInput & { key: string })[] = [
  {
    key: 'rules',
    name: 'Règlement intérieur',
    description: 'Obligatoire pour tout organisme de formation (article L.6352-3 du Code du travail).',
    audience: 'organization',
    documentCategory: 'internal_rules',
  },
  {
    key: 'terms',
    name: 'Conditions générales de vente',
    description: 'Prix, modalités de paiement, d’annulation et de rétractation.',
    audience: 'organization',
    documentCategory: 'terms',
  },
  {
    key: 'insurance',
    name: "Attestation d'assurance RC Pro",
    description: 'L’attestation de l’année en cours.',
    audience: 'organization',
    documentCategory: 'other',
    titleKeyword: 'assurance',
  },
  {
    key: 'certifier',
    name: 'Convention avec le certificateur',
    description: 'Pour préparer à une certification enregistrée au RNCP ou au RS.',
    audience: 'organization',
    documentCategory: 'other',
    titleKeyword: 'certificateur',
    certifyingOnly: true,
  },
  {
    key: 'identity',
    name: "Pièce d'identité",
    description: 'Copie d’une pièce d’identité en cours de validité.',
    audience: 'learner',
    documentCategory: 'other',
    titleKeyword: 'identité',
  },
  {
    key: 'convention',
    name: 'Convention signée',
    description: 'La convention de formation signée par les deux parties.',
    audience: 'learner',
    documentCategory: 'convention',
  },
];

/**
 * The platform's document requirements, as the demo's admin defined them, and her reviews of the demo
 * organisation's documents: its règlement intérieur valid, its CGV refused with a comment, its
 * insurance certificate missing; Léa's convention valid and her identity document to review. Run
 * after the documents (and the second organisation, whose checks all start missing).
 */
export async function seedDemoRequirements(
  deps: { database: Database; requirements: DocumentRequirementsService },
  input: { admin: SessionUser; organizationId: string; leaId: string },
) {
  const { db } = deps.database;
  const [existing] = await db.select({ total: count() }).from(documentRequirements);
  if ((existing?.total ?? 0) > 0) return;
  const ids = new Map<string, string>();
  for (const { key, ...requirement } of REQUIREMENTS)
    ids.set(key, (await deps.requirements.create(input.admin, requirement)).id);
  const result = await db.execute(sql`
    select d.id, d.category, d.student_id from documents d
    where d.organization_id = ${input.organizationId} and d.category in ('internal_rules', 'terms', 'convention')
      and (d.student_id is null or d.student_id = ${input.leaId})`);
  const documents = (
    result as unknown as { rows: { id: string; category: string; student_id: string | null }[] }
  ).rows;
  const documentOf = (category: string) => documents.find((document) => document.category === category)?.id;
  const reviews = [
    { key: 'rules', category: 'internal_rules', status: 'valid' as const, comment: '' },
    {
      key: 'terms',
      category: 'terms',
      status: 'refused' as const,
      comment:
        'Les CGV doivent préciser le délai de rétractation de 14 jours (article L.221-18 du Code de la consommation).',
    },
    { key: 'convention', category: 'convention', status: 'valid' as const, comment: '' },
  ];
  for (const review of reviews) {
    const documentId = documentOf(review.category);
    const requirementId = ids.get(review.key);
    if (documentId && requirementId)
      await deps.requirements.review(input.admin, requirementId, {
        documentId,
        status: review.status,
        comment: review.comment,
      });
  }
}
