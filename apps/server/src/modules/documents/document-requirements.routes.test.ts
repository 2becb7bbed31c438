import type {
  AdminAuditList,
  DocumentRequirement,
  MyRequirementChecks,
  OrganizationChecks,
  RequirementCheck,
  RequirementOverview,
} from '@cursus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoursesWorld, createCoursesWorld, expectStatus } from '../../../test/courses-world.ts';
import { storedFiles } from '../files/files.tables.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { documents } from './documents.tables.ts';

let world: CoursesWorld;
const requirement: Record<string, DocumentRequirement> = {};
const errorCode = (response: { json(): { error: { code: string } } }) => response.json().error.code;
const organizationA = () => world.users.trainerA.organizationId!;
const organizationB = () => world.users.trainerB.organizationId!;

/** A document as staff would have uploaded it: a stored file and its row. */
async function addDocument(input: {
  organizationId: string;
  title: string;
  category: string;
  studentId?: string;
}): Promise<string> {
  const [file] = await world.testApp.database.db
    .insert(storedFiles)
    .values({
      organizationId: input.organizationId,
      purpose: 'record',
      name: `${input.title}.pdf`,
      mimeType: 'application/pdf',
      sizeBytes: 1200,
      storageKey: `test/${input.title}`,
    })
    .returning({ id: storedFiles.id });
  const [document] = await world.testApp.database.db
    .insert(documents)
    .values({
      organizationId: input.organizationId,
      title: input.title,
      category: input.category,
      visibility: input.studentId ? 'learner' : 'staff',
      studentId: input.studentId ?? null,
      fileId: file!.id,
    })
    .returning({ id: documents.id });
  return document!.id;
}

async function create(body: Record<string, unknown>) {
  return expectStatus<DocumentRequirement>(
    await world.call('admin', 'POST', '/api/admin/document-requirements', body),
    200,
  );
}

const checkOf = (checks: RequirementCheck[], id: string) =>
  checks.find((check) => check.requirementId === id);

beforeAll(async () => {
  world = await createCoursesWorld();
  // Organisation B is a certifying apprentice centre; A a plain training organisation.
  await world.testApp.database.db
    .update(organizations)
    .set({ actionCategories: ['training', 'apprenticeship'], certifying: true })
    .where(eq(organizations.id, organizationB()));
});
afterAll(() => world.close());

describe('document requirements, defined by admins', () => {
  it('creates requirements for organisations and for learners, and lists them', async () => {
    requirement.rules = await create({
      name: 'Règlement intérieur',
      description: 'Affiché et remis aux stagiaires.',
      audience: 'organization',
      documentCategory: 'internal_rules',
    });
    requirement.insurance = await create({
      name: "Attestation d'assurance RC Pro",
      audience: 'organization',
      documentCategory: 'other',
      titleKeyword: 'assurance',
    });
    requirement.apprenticeship = await create({
      name: 'Convention CFA',
      audience: 'organization',
      documentCategory: 'other',
      actionCategories: ['apprenticeship', 'apprenticeship'],
      certifyingOnly: true,
      required: false,
    });
    requirement.identity = await create({
      name: "Pièce d'identité",
      audience: 'learner',
      documentCategory: 'other',
      titleKeyword: 'identité',
    });
    expect(requirement.apprenticeship).toMatchObject({
      actionCategories: ['apprenticeship'],
      certifyingOnly: true,
      required: false,
    });
    expect(requirement.rules).toMatchObject({
      titleKeyword: null,
      description: 'Affiché et remis aux stagiaires.',
    });
    const list = expectStatus<{ items: DocumentRequirement[] }>(
      await world.call('admin', 'GET', '/api/admin/document-requirements'),
      200,
    );
    expect(list.items.map((item) => item.name)).toEqual([
      "Pièce d'identité",
      "Attestation d'assurance RC Pro",
      'Règlement intérieur',
      'Convention CFA',
    ]);
  });

  it('refuses a duplicate name, bad input naming the field, and anyone but an admin', async () => {
    const duplicate = await world.call('admin', 'POST', '/api/admin/document-requirements', {
      name: 'Règlement intérieur',
      audience: 'organization',
      documentCategory: 'internal_rules',
    });
    expect(duplicate.statusCode).toBe(409);
    const bad = await world.call('admin', 'POST', '/api/admin/document-requirements', {
      name: 'X',
      audience: 'everyone',
      documentCategory: 'internal_rules',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('audience');
    const badCategory = await world.call('admin', 'POST', '/api/admin/document-requirements', {
      name: 'X',
      audience: 'learner',
      documentCategory: 'internal_rules',
      actionCategories: ['cooking'],
    });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.body).toContain('actionCategories');
    for (const person of ['trainerA', 'studentA1'] as const) {
      expect(
        (await world.call(person, 'POST', '/api/admin/document-requirements', { name: 'X' })).statusCode,
      ).toBe(403);
      expect((await world.call(person, 'GET', '/api/admin/document-requirements')).statusCode).toBe(403);
      expect(
        (await world.call(person, 'GET', `/api/admin/document-requirements/organizations/${organizationA()}`))
          .statusCode,
      ).toBe(403);
    }
    expect((await world.call(null, 'GET', '/api/admin/document-requirements')).statusCode).toBe(401);
  });

  it('updates and deletes a requirement, each change in the audit log', async () => {
    const extra = await create({ name: 'Temporaire', audience: 'learner', documentCategory: 'convention' });
    const updated = expectStatus<DocumentRequirement>(
      await world.call('admin', 'PUT', `/api/admin/document-requirements/${extra.id}`, {
        name: 'Convention signée',
        audience: 'learner',
        documentCategory: 'convention',
      }),
      200,
    );
    expect(updated.name).toBe('Convention signée');
    expectStatus(await world.call('admin', 'DELETE', `/api/admin/document-requirements/${extra.id}`), 200);
    expect(
      (await world.call('admin', 'DELETE', `/api/admin/document-requirements/${extra.id}`)).statusCode,
    ).toBe(404);
    const log = expectStatus<AdminAuditList>(await world.call('admin', 'GET', '/api/admin/audit-log'), 200);
    const actions = log.items.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'document_requirement.create',
        'document_requirement.update',
        'document_requirement.delete',
      ]),
    );
    expect(log.items.find((entry) => entry.action === 'document_requirement.delete')).toMatchObject({
      organizationId: null,
      summary: 'Exigence documentaire « Convention signée » supprimée',
    });
  });
});

describe('checks against the uploaded documents', () => {
  const uploaded: Record<string, string> = {};

  beforeAll(async () => {
    uploaded.rules = await addDocument({
      organizationId: organizationA(),
      title: 'Règlement intérieur 2026',
      category: 'internal_rules',
    });
    // Of the right category but without the word the requirement asks for: no match.
    await addDocument({ organizationId: organizationA(), title: 'Plan de formation', category: 'other' });
    uploaded.insurance = await addDocument({
      organizationId: organizationA(),
      title: 'Attestation Assurance 2026',
      category: 'other',
    });
    uploaded.identity = await addDocument({
      organizationId: organizationA(),
      title: "Carte d'identité",
      category: 'other',
      studentId: world.users.studentA1.id,
    });
  });

  it('shows missing, to-review states and which requirements apply to which organisation', async () => {
    const a = expectStatus<OrganizationChecks>(
      await world.call('admin', 'GET', `/api/admin/document-requirements/organizations/${organizationA()}`),
      200,
    );
    expect(a.organization).toMatchObject({
      name: 'Organisme A',
      actionCategories: ['training'],
      certifying: false,
    });
    // The apprenticeship one applies to certifying apprentice centres only.
    expect(a.checks.map((check) => [check.name, check.state])).toEqual([
      ["Attestation d'assurance RC Pro", 'to_review'],
      ['Règlement intérieur', 'to_review'],
    ]);
    expect(checkOf(a.checks, requirement.insurance!.id)?.document).toMatchObject({
      id: uploaded.insurance,
      title: 'Attestation Assurance 2026',
      version: 1,
    });
    expect(a.learners.total).toBe(2);
    const lea = a.learners.items.find((learner) => learner.studentId === world.users.studentA1.id);
    const hugo = a.learners.items.find((learner) => learner.studentId === world.users.studentA2.id);
    expect(lea?.checks.map((check) => check.state)).toEqual(['to_review']);
    expect(hugo?.checks.map((check) => check.state)).toEqual(['missing']);

    const b = expectStatus<OrganizationChecks>(
      await world.call('admin', 'GET', `/api/admin/document-requirements/organizations/${organizationB()}`),
      200,
    );
    expect(b.checks.map((check) => [check.name, check.state])).toEqual([
      ["Attestation d'assurance RC Pro", 'missing'],
      ['Règlement intérieur', 'missing'],
      ['Convention CFA', 'missing'],
    ]);
    expect(
      (
        await world.call(
          'admin',
          'GET',
          '/api/admin/document-requirements/organizations/00000000-0000-4000-8000-000000000000',
        )
      ).statusCode,
    ).toBe(404);
  });

  it('pages and searches the learners of an organisation', async () => {
    const page = expectStatus<OrganizationChecks>(
      await world.call(
        'admin',
        'GET',
        `/api/admin/document-requirements/organizations/${organizationA()}?search=hugo&pageSize=1`,
      ),
      200,
    );
    expect(page.learners).toMatchObject({ total: 1, page: 1, pageSize: 1 });
    expect(page.learners.items[0]?.studentId).toBe(world.users.studentA2.id);
    const past = expectStatus<OrganizationChecks>(
      await world.call(
        'admin',
        'GET',
        `/api/admin/document-requirements/organizations/${organizationA()}?page=9`,
      ),
      200,
    );
    expect(past.learners).toMatchObject({ items: [], total: 2 });
  });

  it('lets an admin mark a document valid or refused, with the comment a refusal needs', async () => {
    const valid = expectStatus<RequirementCheck>(
      await world.call('admin', 'PUT', `/api/admin/document-requirements/${requirement.rules!.id}/review`, {
        documentId: uploaded.rules,
        status: 'valid',
      }),
      200,
    );
    expect(valid).toMatchObject({ state: 'valid', review: { status: 'valid', comment: '' } });
    const noComment = await world.call(
      'admin',
      'PUT',
      `/api/admin/document-requirements/${requirement.insurance!.id}/review`,
      { documentId: uploaded.insurance, status: 'refused' },
    );
    expect(noComment.statusCode).toBe(400);
    expect(noComment.body).toContain('comment');
    const refused = expectStatus<RequirementCheck>(
      await world.call(
        'admin',
        'PUT',
        `/api/admin/document-requirements/${requirement.insurance!.id}/review`,
        {
          documentId: uploaded.insurance,
          status: 'refused',
          comment: 'Attestation expirée : merci de fournir celle de 2026.',
        },
      ),
      200,
    );
    expect(refused).toMatchObject({
      state: 'refused',
      review: { status: 'refused', comment: 'Attestation expirée : merci de fournir celle de 2026.' },
    });
    expect(refused.review?.reviewerName).toBeTruthy();
    const identity = expectStatus<RequirementCheck>(
      await world.call(
        'admin',
        'PUT',
        `/api/admin/document-requirements/${requirement.identity!.id}/review`,
        {
          documentId: uploaded.identity,
          status: 'valid',
        },
      ),
      200,
    );
    expect(identity.state).toBe('valid');
    const log = expectStatus<AdminAuditList>(
      await world.call('admin', 'GET', `/api/admin/audit-log?organizationId=${organizationA()}`),
      200,
    );
    expect(log.items.filter((entry) => entry.action === 'document_requirement.review')).toHaveLength(3);
    expect(log.items[0]?.summary).toContain('Organisme A');
  });

  it('refuses a document that does not answer the requirement, or that does not exist', async () => {
    const wrongAudience = await world.call(
      'admin',
      'PUT',
      `/api/admin/document-requirements/${requirement.identity!.id}/review`,
      { documentId: uploaded.rules, status: 'valid' },
    );
    expect(wrongAudience.statusCode).toBe(400);
    expect(wrongAudience.body).toContain('documentId');
    // Organisation A is no apprentice centre: the apprenticeship requirement is none of its business.
    const notApplicable = await world.call(
      'admin',
      'PUT',
      `/api/admin/document-requirements/${requirement.apprenticeship!.id}/review`,
      { documentId: uploaded.insurance, status: 'valid' },
    );
    expect(notApplicable.statusCode).toBe(400);
    const unknown = await world.call(
      'admin',
      'PUT',
      `/api/admin/document-requirements/${requirement.rules!.id}/review`,
      { documentId: '00000000-0000-4000-8000-000000000000', status: 'valid' },
    );
    expect(errorCode(unknown)).toBe('NOT_FOUND');
    expect(
      (
        await world.call(
          'trainerA',
          'PUT',
          `/api/admin/document-requirements/${requirement.rules!.id}/review`,
          {
            documentId: uploaded.rules,
            status: 'valid',
          },
        )
      ).statusCode,
    ).toBe(403);
  });

  it('asks for a new review once the document has a new version', async () => {
    await world.testApp.database.db
      .update(documents)
      .set({ version: 2, updatedAt: new Date() })
      .where(eq(documents.id, uploaded.rules!));
    const a = expectStatus<OrganizationChecks>(
      await world.call('admin', 'GET', `/api/admin/document-requirements/organizations/${organizationA()}`),
      200,
    );
    expect(checkOf(a.checks, requirement.rules!.id)).toMatchObject({ state: 'to_review', review: null });
  });

  it('counts every organisation’s checks in the overview', async () => {
    const overview = expectStatus<RequirementOverview>(
      await world.call('admin', 'GET', '/api/admin/document-requirements/organizations'),
      200,
    );
    const a = overview.items.find((item) => item.organization.id === organizationA());
    const b = overview.items.find((item) => item.organization.id === organizationB());
    // A: rules to review again, insurance refused, Léa's identity valid, Hugo's missing.
    expect(a?.counts).toEqual({ missing: 1, to_review: 1, valid: 1, refused: 1 });
    // B: three organisation requirements and Inès's identity, all missing.
    expect(b?.counts).toEqual({ missing: 4, to_review: 0, valid: 0, refused: 0 });
    const searched = expectStatus<RequirementOverview>(
      await world.call('admin', 'GET', '/api/admin/document-requirements/organizations?search=Organisme%20B'),
      200,
    );
    expect(searched.items.map((item) => item.organization.id)).toEqual([organizationB()]);
  });

  it("shows staff their own organisation's checks and comments, never another's", async () => {
    const mine = expectStatus<OrganizationChecks>(
      await world.call('trainerA', 'GET', '/api/trainer/document-requirements'),
      200,
    );
    expect(mine.organization.id).toBe(organizationA());
    expect(checkOf(mine.checks, requirement.insurance!.id)).toMatchObject({
      state: 'refused',
      review: { comment: 'Attestation expirée : merci de fournir celle de 2026.' },
    });
    const theirs = expectStatus<OrganizationChecks>(
      await world.call('trainerB', 'GET', '/api/trainer/document-requirements'),
      200,
    );
    expect(theirs.organization.id).toBe(organizationB());
    expect(theirs.checks.every((check) => check.state === 'missing')).toBe(true);
    expect((await world.call('studentA1', 'GET', '/api/trainer/document-requirements')).statusCode).toBe(403);
  });

  it('shows a learner their own checks only', async () => {
    const lea = expectStatus<MyRequirementChecks>(
      await world.call('studentA1', 'GET', '/api/student/document-requirements'),
      200,
    );
    expect(lea.checks).toEqual([
      expect.objectContaining({
        name: "Pièce d'identité",
        state: 'valid',
        document: expect.objectContaining({ id: uploaded.identity }),
      }),
    ]);
    const hugo = expectStatus<MyRequirementChecks>(
      await world.call('studentA2', 'GET', '/api/student/document-requirements'),
      200,
    );
    expect(hugo.checks.map((check) => check.state)).toEqual(['missing']);
    const lone = expectStatus<MyRequirementChecks>(
      await world.call('loneStudent', 'GET', '/api/student/document-requirements'),
      200,
    );
    expect(lone.checks).toEqual([]);
  });
});
