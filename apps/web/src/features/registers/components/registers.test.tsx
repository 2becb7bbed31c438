import type { Complaint, Improvement, RegisterLinks, WatchEntry } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { ComplaintsRegister } from './complaints-register';
import { ImprovementsRegister } from './improvements-register';
import { WatchRegister } from './watch-register';

const FILE_ID = '0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9';
const QUESTION_ID = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 10 });

function complaintOf(overrides: Partial<Complaint>): Complaint {
  return {
    id: crypto.randomUUID(),
    kind: 'complaint',
    source: 'email',
    studentId: null,
    studentName: null,
    questionId: null,
    conversationId: null,
    sourceLabel: null,
    receivedOn: '2026-11-02',
    subject: 'Convocation reçue trop tard',
    description: 'Reçue la veille de la session.',
    status: 'open',
    answer: null,
    answeredOn: null,
    closedOn: null,
    handlerId: null,
    handlerName: null,
    daysToAnswer: null,
    daysToClose: null,
    daysWaiting: 3,
    createdAt: '2026-11-02T09:00:00.000Z',
    ...overrides,
  };
}

function improvementOf(overrides: Partial<Improvement>): Improvement {
  return {
    id: crypto.randomUUID(),
    origin: 'audit',
    complaintId: null,
    complaintSubject: null,
    title: 'Publier la déclaration d’accessibilité',
    description: 'Audit RGAA puis publication.',
    ownerId: 'admin-claire',
    ownerName: 'Claire Dubois',
    dueOn: '2026-11-20',
    status: 'planned',
    closureNote: null,
    closureFile: null,
    closedOn: null,
    overdue: true,
    createdAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

const LINKS: RegisterLinks = {
  learners: [{ id: 'student-lea', fullName: 'Léa Martin', email: 'lea@example.test' }],
  questions: [
    {
      id: QUESTION_ID,
      subject: 'Accès au module 2',
      studentId: 'student-lea',
      studentName: 'Léa Martin',
      createdAt: '2026-11-01T09:00:00.000Z',
    },
  ],
  conversations: [],
  staff: [{ id: 'trainer-julien', fullName: 'Julien Moreau' }],
};

describe('the complaints register', () => {
  it('shows the delays the server counted, and asks before closing an answered entry', async () => {
    const answered = complaintOf({
      subject: 'Salle bruyante',
      status: 'answered',
      answer: 'Salle changée.',
      answeredOn: '2026-11-04',
      daysToAnswer: 2,
      daysWaiting: null,
    });
    const api = mockApi({
      'GET /api/trainer/registers/complaints': () => ({ body: page([complaintOf({}), answered]) }),
      [`POST /api/trainer/registers/complaints/${answered.id}/close`]: () => ({
        body: { ...answered, status: 'closed', closedOn: '2026-11-05', daysToClose: 3 },
      }),
    });
    renderWithProviders(<ComplaintsRegister />);
    expect(await screen.findByText('2 entrées')).toBeTruthy();
    expect(screen.getByText('En attente de réponse depuis 3 jours')).toBeTruthy();
    expect(screen.getByText(/Répondue en 2 jours/)).toBeTruthy();
    // Only the answered one may be closed.
    expect(screen.queryByRole('button', { name: 'Clôturer Convocation reçue trop tard' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clôturer Salle bruyante' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clôturer cette entrée\u202f?' });
    expect(api.calls.some((call) => call.path.endsWith('/close'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clôturer' }));
    await waitFor(() =>
      expect(api.calls.some((call) => call.path.endsWith(`${answered.id}/close`))).toBe(true),
    );
  });

  it('says what is missing, links the question picked, and shows the server’s refusal on its field', async () => {
    let refuse = true;
    const api = mockApi({
      'GET /api/trainer/registers/complaints': () => ({ body: page([]) }),
      'GET /api/trainer/registers/links': () => ({ body: LINKS }),
      'POST /api/trainer/registers/complaints': () =>
        refuse
          ? {
              status: 400,
              body: {
                error: {
                  code: 'VALIDATION_ERROR',
                  message: 'invalid',
                  details: { fields: [{ path: 'receivedOn', message: 'in the future' }] },
                },
              },
            }
          : { body: complaintOf({}) },
    });
    renderWithProviders(<ComplaintsRegister />);
    expect(await screen.findByText('Aucune réclamation enregistrée')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nouvelle entrée' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle réclamation ou difficulté' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findAllByText('Ce champ est obligatoire.')).toHaveLength(2);

    fireEvent.change(within(dialog).getByLabelText('Nature'), { target: { value: 'difficulty' } });
    fireEvent.change(within(dialog).getByLabelText('Origine'), { target: { value: 'question' } });
    fireEvent.change(within(dialog).getByLabelText('Reçue le'), { target: { value: '2026-11-03' } });
    fireEvent.change(within(dialog).getByLabelText('Objet'), { target: { value: 'Module 2 inaccessible' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Réseau filtré.' } });
    await within(dialog).findByRole('option', { name: 'Accès au module 2 (Léa Martin)' });
    fireEvent.change(within(dialog).getByLabelText('Question d’origine'), { target: { value: QUESTION_ID } });
    fireEvent.change(within(dialog).getByLabelText('Apprenant concerné'), {
      target: { value: 'student-lea' },
    });
    fireEvent.change(within(dialog).getByLabelText('Traitée par'), { target: { value: 'trainer-julien' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('La date ne peut pas être dans le futur.')).toBeTruthy();

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posted = api.calls.filter(
      (call) => call.method === 'POST' && call.path === '/api/trainer/registers/complaints',
    );
    expect(posted.at(-1)!.body).toEqual({
      kind: 'difficulty',
      source: 'question',
      receivedOn: '2026-11-03',
      subject: 'Module 2 inaccessible',
      description: 'Réseau filtré.',
      studentId: 'student-lea',
      questionId: QUESTION_ID,
      conversationId: null,
      handlerId: 'trainer-julien',
    });
  });
});

describe('the improvement actions', () => {
  it('marks overdue actions and closes one with its evidence, the file uploaded first', async () => {
    const action = improvementOf({});
    const api = mockApi({
      'GET /api/admin/improvements': () => ({ body: page([action]) }),
      'POST /api/files': () => ({
        body: {
          id: FILE_ID,
          name: 'declaration.pdf',
          mimeType: 'application/pdf',
          sizeBytes: 2048,
          purpose: 'record',
          url: `/api/files/${FILE_ID}`,
          createdAt: '2026-11-26T10:00:00.000Z',
        },
      }),
      [`POST /api/admin/improvements/${action.id}/close`]: () => ({
        body: { ...action, status: 'done', closureNote: 'Publiée.', closedOn: '2026-11-26', overdue: false },
      }),
    });
    renderWithProviders(<ImprovementsRegister scope="platform" />);
    expect(await screen.findByText('En retard')).toBeTruthy();
    expect(screen.getByText(/Responsable : Claire Dubois/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Clôturer ${action.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Clôturer l’action' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clôturer l’action' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Preuve de clôture'), { target: { value: 'Publiée.' } });
    const file = new File(['%PDF-1.7'], 'declaration.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText('Fichier de preuve'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clôturer l’action' }));
    await waitFor(() => expect(api.calls.some((call) => call.path.endsWith('/close'))).toBe(true));
    const upload = api.calls.findIndex((call) => call.path === '/api/files');
    const close = api.calls.findIndex((call) => call.path.endsWith('/close'));
    expect(upload).toBeGreaterThanOrEqual(0);
    expect(upload).toBeLessThan(close);
    expect(api.calls[close]!.body).toEqual({
      status: 'done',
      closureNote: 'Publiée.',
      closureFileId: FILE_ID,
    });
  });

  it('plans an organisation action from one of its complaints', async () => {
    const source = complaintOf({ subject: 'Convocation tardive' });
    const api = mockApi({
      'GET /api/trainer/registers/improvements': () => ({ body: page([]) }),
      'GET /api/trainer/registers/complaints': () => ({ body: page([source]) }),
      'GET /api/trainer/registers/links': () => ({ body: LINKS }),
      'POST /api/trainer/registers/improvements': () => ({ body: improvementOf({ origin: 'complaint' }) }),
    });
    renderWithProviders(<ImprovementsRegister scope="organization" />);
    expect(await screen.findByText('Aucune action d’amélioration')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nouvelle action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle action d’amélioration' });
    fireEvent.change(within(dialog).getByLabelText('Action'), { target: { value: 'Convoquer à J-10' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Envoi programmé.' } });
    fireEvent.change(within(dialog).getByLabelText('Origine'), { target: { value: 'complaint' } });
    await within(dialog).findByRole('option', { name: 'Convocation tardive' });
    fireEvent.change(within(dialog).getByLabelText('Réclamation liée'), { target: { value: source.id } });
    await within(dialog).findByRole('option', { name: 'Julien Moreau' });
    fireEvent.change(within(dialog).getByLabelText('Responsable'), { target: { value: 'trainer-julien' } });
    fireEvent.change(within(dialog).getByLabelText('Échéance'), { target: { value: '2026-12-15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      origin: 'complaint',
      complaintId: source.id,
      title: 'Convoquer à J-10',
      description: 'Envoi programmé.',
      ownerId: 'trainer-julien',
      dueOn: '2026-12-15',
    });
  });
});

describe('the watch registers', () => {
  it('filters by indicator and records an entry', async () => {
    const entry: WatchEntry = {
      id: crypto.randomUUID(),
      indicator: 24,
      observedOn: '2026-10-30',
      source: 'Observatoire de branche',
      summary: 'Besoins en analyse de données.',
      impact: 'Module avancé.',
      improvementId: null,
      improvementTitle: null,
      createdAt: '2026-10-30T09:00:00.000Z',
    };
    const api = mockApi({
      'GET /api/trainer/registers/watch': () => ({ body: page([entry]) }),
      'GET /api/trainer/registers/improvements': () => ({ body: page([]) }),
      'POST /api/trainer/registers/watch': () => ({ body: entry }),
    });
    renderWithProviders(<WatchRegister />);
    expect(await screen.findByRole('heading', { name: 'Observatoire de branche' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Registre'), { target: { value: '24' } });
    await waitFor(() =>
      expect(api.fetchMock.mock.calls.some(([input]) => String(input).includes('indicator=24'))).toBe(true),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Nouvelle veille' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle entrée de veille' });
    fireEvent.change(within(dialog).getByLabelText('Registre'), { target: { value: '25' } });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(dialog).getByLabelText('Source'), { target: { value: 'Salon' } });
    fireEvent.change(within(dialog).getByLabelText('Information'), { target: { value: 'Micro-formation.' } });
    fireEvent.change(within(dialog).getByLabelText('Ce que cela change pour l’organisme'), {
      target: { value: 'Vidéos courtes.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      indicator: 25,
      observedOn: '2026-11-01',
      source: 'Salon',
      summary: 'Micro-formation.',
      impact: 'Vidéos courtes.',
      improvementId: null,
    });
  });
});
