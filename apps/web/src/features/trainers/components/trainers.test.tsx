import type { TrainerDetail, TrainerList as TrainerListAnswer } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { expiryState } from './trainer-documents';
import { TrainerList } from './trainer-list';
import { TrainerRecord } from './trainer-record';

const JULIEN = 'user-julien';
const SOPHIE = 'user-sophie';
const FILE_ID = '0b6f6c1e-3a8a-4e36-9d55-2f1f7a3c9e10';
const DIPLOMA_ID = '6a1f1c1e-3a8a-4e36-9d55-2f1f7a3c9e11';

function list(canManage: boolean): TrainerListAnswer {
  return {
    items: [
      {
        id: JULIEN,
        fullName: 'Julien Moreau',
        email: 'julien.moreau@demo.example',
        organizationRole: 'manager',
        platformAdmin: false,
        invitationPending: false,
        courses: [{ id: '5d1f1c1e-3a8a-4e36-9d55-2f1f7a3c9e12', title: 'Excel : les bases' }],
        upcomingSessionCount: 2,
        nextSessionAt: '2026-12-01T09:00:00.000Z',
        hasCv: true,
        diplomaCount: 2,
      },
      {
        id: SOPHIE,
        fullName: 'Sophie Lambert',
        email: 'sophie.lambert@demo.example',
        organizationRole: 'trainer',
        platformAdmin: false,
        invitationPending: true,
        courses: [],
        upcomingSessionCount: 0,
        nextSessionAt: null,
        hasCv: false,
        diplomaCount: 0,
      },
    ],
    total: 2,
    page: 1,
    pageSize: 10,
    viewer: {
      id: canManage ? JULIEN : SOPHIE,
      organizationRole: canManage ? 'manager' : 'trainer',
      canManage,
    },
  };
}

function record(overrides: Partial<TrainerDetail> = {}): TrainerDetail {
  return {
    id: JULIEN,
    fullName: 'Julien Moreau',
    firstName: 'Julien',
    lastName: 'Moreau',
    email: 'julien.moreau@demo.example',
    organizationRole: 'manager',
    platformAdmin: false,
    invitationPending: false,
    bio: 'Formateur consultant.',
    specialities: ['Bureautique'],
    courses: [],
    upcomingSessions: [],
    pastSessions: [],
    documents: [
      {
        id: DIPLOMA_ID,
        kind: 'diploma',
        title: 'Certification PMP',
        issuer: 'Project Management Institute',
        obtainedOn: '2024-03-15',
        expiresOn: '2020-03-15',
        file: {
          id: FILE_ID,
          name: 'pmp.pdf',
          mimeType: 'application/pdf',
          sizeBytes: 2000,
          url: `/api/files/${FILE_ID}`,
        },
        createdAt: '2026-01-01T10:00:00.000Z',
      },
    ],
    canEdit: true,
    canManage: true,
    ...overrides,
  };
}

describe('trainers', () => {
  it('lists the team with roles, pending invitations and whether each CV is on file', async () => {
    mockApi({ 'GET /api/trainer/trainers': () => ({ body: list(true) }) });
    renderWithProviders(<TrainerList />);
    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[0]!).getByText('Responsable')).toBeTruthy();
    expect(within(rows[0]!).getByText('CV fourni · 2 diplômes')).toBeTruthy();
    expect(within(rows[1]!).getByText('Invitation en attente')).toBeTruthy();
    expect(within(rows[1]!).getByText('CV manquant · aucun diplôme')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Julien Moreau' }).getAttribute('href')).toBe(
      `/trainer/${JULIEN}`,
    );
    expect(screen.getByRole('button', { name: 'Inviter un formateur' })).toBeTruthy();
  });

  it('offers the invitation to managers only', async () => {
    mockApi({ 'GET /api/trainer/trainers': () => ({ body: list(false) }) });
    renderWithProviders(<TrainerList />);
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('button', { name: 'Inviter un formateur' })).toBeNull();
  });

  it('checks the invitation form, then sends it and names a known address on its field', async () => {
    const { calls } = mockApi({
      'GET /api/trainer/trainers': () => ({ body: list(true) }),
      'POST /api/trainer/trainers': () => ({
        status: 409,
        body: { error: { code: 'ACCOUNT_EXISTS', message: 'exists' } },
      }),
    });
    renderWithProviders(<TrainerList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Inviter un formateur' }));
    const dialog = screen.getByRole('dialog', { name: 'Inviter un formateur' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await within(dialog).findByText('Saisissez une adresse email valide.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Prénom'), { target: { value: 'Nadia' } });
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: 'Lefèvre' } });
    fireEvent.change(within(dialog).getByLabelText('Adresse email'), {
      target: { value: 'Nadia@Demo.example' },
    });
    fireEvent.change(within(dialog).getByLabelText('Rôle dans l’organisme'), {
      target: { value: 'manager' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await within(dialog).findByText('Un compte existe déjà avec cette adresse.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'nadia@demo.example',
      firstName: 'Nadia',
      lastName: 'Lefèvre',
      organizationRole: 'manager',
      language: 'fr',
    });
  });

  it('flags an expired diploma and asks before deleting a document', async () => {
    const { calls } = mockApi({
      [`GET /api/trainer/trainers/${JULIEN}`]: () => ({ body: record() }),
      [`DELETE /api/trainer/trainers/${JULIEN}/documents/${DIPLOMA_ID}`]: () => ({ body: { ok: true } }),
    });
    renderWithProviders(<TrainerRecord trainerId={JULIEN} />);
    expect(await screen.findByText('Expiré')).toBeTruthy();
    expect(screen.getByText('Aucun CV n’est encore déposé pour ce formateur.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Certification PMP' }));
    const confirm = screen.getByRole('alertdialog', {
      name: 'Supprimer «\u00a0Certification PMP\u00a0»\u202f?',
    });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('shows a colleague’s record read-only to a plain trainer', async () => {
    mockApi({
      [`GET /api/trainer/trainers/${JULIEN}`]: () => ({ body: record({ canEdit: false, canManage: false }) }),
    });
    renderWithProviders(<TrainerRecord trainerId={JULIEN} />);
    expect(await screen.findByText('Formateur consultant.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enregistrer la présentation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter le document' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Supprimer/ })).toBeNull();
    expect(screen.queryByLabelText('Rôle dans l’organisme')).toBeNull();
  });

  it('tells a diploma’s expiry apart: none, valid, within 90 days, past', () => {
    expect(expiryState(null, '2026-06-01')).toBe('none');
    expect(expiryState('2027-06-01', '2026-06-01')).toBe('valid');
    expect(expiryState('2026-08-01', '2026-06-01')).toBe('soon');
    expect(expiryState('2026-05-31', '2026-06-01')).toBe('expired');
  });
});

describe("the platform admin's trainers", () => {
  const ORGANIZATIONS = [{ id: '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11', name: 'Formations Lumière' }];

  it('lists every organisation’s trainers with their organisation, links to the admin record, invites nobody', async () => {
    const team = list(true);
    mockApi({
      'GET /api/admin/trainers': () => ({
        body: {
          items: [
            ...team.items,
            // A platform administrator placed in the organisation: staff there (SPEC 6).
            { ...team.items[1]!, id: 'user-claire', fullName: 'Claire Dubois', platformAdmin: true },
          ].map((item) => ({
            ...item,
            organization: ORGANIZATIONS[0],
            lastSignInAt: null,
          })),
          total: team.total + 1,
          page: 1,
          pageSize: 10,
        },
      }),
    });
    renderWithProviders(
      <TrainerList organizations={ORGANIZATIONS} getRecordHref={(id) => `/admin/trainer/${id}`} />,
    );
    const link = await screen.findByRole('link', { name: 'Julien Moreau' });
    expect(link.getAttribute('href')).toBe(`/admin/trainer/${JULIEN}`);
    expect(screen.getAllByText('Formations Lumière').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Organisme')).toBeTruthy();
    // Claire is said to be the platform's administrator as well as a trainer; the others are not.
    const claire = screen.getByRole('link', { name: 'Claire Dubois' }).closest('li');
    expect(within(claire!).getByText('Administrateur de la plateforme')).toBeTruthy();
    expect(screen.getAllByText('Administrateur de la plateforme')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Inviter/ })).toBeNull();
  });

  it('reads a record read only, naming its organisation, with the way back to the platform list', async () => {
    mockApi({
      [`GET /api/admin/trainers/${JULIEN}`]: () => ({
        body: { ...record({ canEdit: false, canManage: false }), organization: ORGANIZATIONS[0] },
      }),
    });
    renderWithProviders(<TrainerRecord trainerId={JULIEN} platform />);
    expect(await screen.findByText('Organisme : Formations Lumière')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Retour aux formateurs de la plateforme' }).getAttribute('href'),
    ).toBe('/admin/trainers');
  });
});
