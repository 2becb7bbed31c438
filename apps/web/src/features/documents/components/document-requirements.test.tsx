import type { DocumentRequirement, OrganizationChecks, RequirementCheck } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { DocumentRequirementsAdmin } from './document-requirements-admin';
import { MyRequirementChecks } from './my-requirement-checks';
import { StaffRequirementChecks } from './staff-requirement-checks';

const ORGANIZATION_ID = '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11';
const RULES_ID = '5d7c6b1a-2e3f-4a50-8b61-7c8d9e0f1a2b';
const TERMS_ID = '6e8d7c2b-3f40-4b61-9c72-8d9e0f1a2b3c';
const DOCUMENT_ID = '0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9';

const requirement = (overrides: Partial<DocumentRequirement>): DocumentRequirement => ({
  id: RULES_ID,
  name: 'Règlement intérieur',
  description: '',
  audience: 'organization',
  actionCategories: [],
  certifyingOnly: false,
  required: true,
  documentCategory: 'internal_rules',
  titleKeyword: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const check = (overrides: Partial<RequirementCheck>): RequirementCheck => ({
  requirementId: RULES_ID,
  name: 'Règlement intérieur',
  description: '',
  required: true,
  state: 'to_review',
  document: {
    id: DOCUMENT_ID,
    title: 'Règlement 2026',
    version: 1,
    fileUrl: `/api/files/${DOCUMENT_ID}`,
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
  review: null,
  ...overrides,
});

const checksOf = (checks: RequirementCheck[], learners: OrganizationChecks['learners']['items'] = []) => ({
  organization: {
    id: ORGANIZATION_ID,
    name: 'Formations Lumière',
    actionCategories: ['training'],
    certifying: false,
  },
  checks,
  learners: { items: learners, total: learners.length, page: 1, pageSize: 10 },
});

describe('document requirements (admin)', () => {
  it('lists the requirements, adds one and asks before deleting', async () => {
    const api = mockApi({
      'GET /api/admin/document-requirements': () => ({
        body: {
          items: [
            requirement({}),
            requirement({
              id: TERMS_ID,
              name: "Attestation d'assurance RC Pro",
              documentCategory: 'other',
              titleKeyword: 'assurance',
              actionCategories: ['apprenticeship'],
              certifyingOnly: true,
              required: false,
            }),
          ],
        },
      }),
      'POST /api/admin/document-requirements': (call) => ({
        body: requirement({ ...(call.body as object) }),
      }),
      [`DELETE /api/admin/document-requirements/${TERMS_ID}`]: () => ({ body: { ok: true } }),
    });
    renderWithProviders(<DocumentRequirementsAdmin />);
    expect(await screen.findByRole('rowheader', { name: /Règlement intérieur/ })).toBeTruthy();
    expect(screen.getByText('Autre dont le titre contient « assurance »')).toBeTruthy();
    expect(screen.getByText('Apprentissage (CFA), certifiants seulement')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une exigence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une exigence' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Donnez un nom à l’exigence.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: 'Pièce d’identité' } });
    fireEvent.change(within(dialog).getByLabelText('Exigé de'), { target: { value: 'learner' } });
    fireEvent.change(within(dialog).getByLabelText('Catégorie du document attendu'), {
      target: { value: 'other' },
    });
    fireEvent.change(within(dialog).getByLabelText('Mot du titre (facultatif)'), {
      target: { value: 'identité' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'VAE' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'Pièce d’identité',
      audience: 'learner',
      documentCategory: 'other',
      titleKeyword: 'identité',
      actionCategories: ['vae'],
      required: true,
    });

    fireEvent.click(screen.getByRole('button', { name: "Supprimer Attestation d'assurance RC Pro" }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer l’exigence\u202f?' });
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it("counts each organisation's states, then reviews a document with the comment a refusal needs", async () => {
    const api = mockApi({
      'GET /api/admin/document-requirements/organizations': () => ({
        body: {
          items: [
            {
              organization: checksOf([]).organization,
              counts: { missing: 2, to_review: 1, valid: 0, refused: 1 },
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        },
      }),
      [`GET /api/admin/document-requirements/organizations/${ORGANIZATION_ID}`]: () => ({
        body: checksOf(
          [check({})],
          [
            {
              studentId: 'lea',
              fullName: 'Léa Martin',
              checks: [
                check({
                  requirementId: TERMS_ID,
                  name: "Pièce d'identité",
                  state: 'missing',
                  document: null,
                }),
              ],
            },
          ],
        ),
      }),
      [`PUT /api/admin/document-requirements/${RULES_ID}/review`]: () => ({
        body: check({
          state: 'refused',
          review: {
            status: 'refused',
            comment: 'Non signé',
            reviewerName: 'Claire',
            reviewedAt: '2026-11-21T10:00:00.000Z',
          },
        }),
      }),
    });
    renderWithProviders(<DocumentRequirementsAdmin />, '/?tab=checks');
    expect(await screen.findByText('2 manquants')).toBeTruthy();
    expect(screen.getByText('1 refusé')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Formations Lumière' }));
    expect(await screen.findByRole('heading', { name: 'Documents de Formations Lumière' })).toBeTruthy();
    expect(screen.getByText('À vérifier')).toBeTruthy();
    expect(screen.getByText('Manquant')).toBeTruthy();
    // Nothing to review where no document was found.
    expect(screen.getAllByRole('button', { name: /^Refuser/ })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Refuser «\u00a0Règlement intérieur\u00a0»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser le document' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(await within(dialog).findByText('Dites à l’organisme ce qui ne va pas.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Motif du refus'), { target: { value: 'Non signé' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      documentId: DOCUMENT_ID,
      status: 'refused',
      comment: 'Non signé',
    });
  });
});

describe('document requirements (organisation and learner)', () => {
  it("shows staff each state and the admins' comment", async () => {
    mockApi({
      'GET /api/trainer/document-requirements': () => ({
        body: checksOf([
          check({
            state: 'refused',
            review: {
              status: 'refused',
              comment: 'Le délai de rétractation manque.',
              reviewerName: 'Claire Dubois',
              reviewedAt: '2026-11-21T10:00:00.000Z',
            },
          }),
        ]),
      }),
    });
    renderWithProviders(<StaffRequirementChecks />);
    expect(await screen.findByText('Refusé')).toBeTruthy();
    expect(screen.getByText(/Refusé par Claire Dubois le 21 novembre 2026/)).toBeTruthy();
    expect(screen.getByText('Le délai de rétractation manque.')).toBeTruthy();
    expect(screen.getByText('Aucun apprenant.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Valider/ })).toBeNull();
  });

  it('shows a learner the papers asked of them, and nothing when none is', async () => {
    mockApi({
      'GET /api/student/document-requirements': () => ({
        body: { checks: [check({ name: "Pièce d'identité", state: 'valid' })] },
      }),
    });
    const { unmount } = renderWithProviders(<MyRequirementChecks />);
    expect(await screen.findByRole('heading', { name: 'Documents à fournir' })).toBeTruthy();
    expect(screen.getByText('Valide')).toBeTruthy();
    unmount();
    mockApi({ 'GET /api/student/document-requirements': () => ({ body: { checks: [] } }) });
    renderWithProviders(<MyRequirementChecks />);
    await waitFor(() => expect(screen.queryByText('Chargement des contrôles…')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Documents à fournir' })).toBeNull();
  });
});
