import type {
  ImportPreview,
  LearnerList as LearnerListAnswer,
  LearnerRecord as LearnerRecordData,
} from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { LearnerList } from './learner-list';
import { LearnerRecord } from './learner-record';

const LEA = 'user-lea';
const EXCEL = '5d1f1c1e-3a8a-4e36-9d55-2f1f7a3c9e12';
const COURSES = {
  items: [
    {
      id: EXCEL,
      organizationId: '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11',
      organizationName: 'Formations Lumière',
      title: 'Excel : les bases',
      category: 'Bureautique',
      status: 'published',
      isLocked: false,
      isArchived: false,
      updatedAt: '2026-01-01T10:00:00.000Z',
      moduleCount: 3,
      lessonCount: 12,
      enrollmentCount: 8,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 100,
};

function list(overrides: Partial<LearnerListAnswer> = {}): LearnerListAnswer {
  return {
    items: [
      {
        id: LEA,
        fullName: 'Léa Martin',
        email: 'lea.martin@demo.example',
        courses: [{ id: EXCEL, title: 'Excel : les bases', progress: 40 }],
        progress: 40,
        weekSeconds: 8100,
        lastActivityAt: '2024-03-15T09:00:00.000Z',
        status: 'inactive',
      },
    ],
    total: 1,
    page: 1,
    pageSize: 20,
    ...overrides,
  };
}

/** The query strings the list asked with, in order. */
function listQueries(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/learners')
    .map((url) => Object.fromEntries(url.searchParams));
}

function renderList() {
  return renderWithProviders(<LearnerList getRecordHref={(id) => `/trainer/students/${id}`} />);
}

describe('learner list', () => {
  it('shows each learner’s formations, week time and status, and asks the server with the filters chosen', async () => {
    const { fetchMock } = mockApi({
      'GET /api/learners': () => ({ body: list() }),
      'GET /api/courses': () => ({ body: COURSES }),
    });
    renderList();
    const link = await screen.findByRole('link', { name: 'Léa Martin' });
    expect(link.getAttribute('href')).toBe(`/trainer/students/${LEA}`);
    const row = link.closest('tr')!;
    expect(
      within(row).getByRole('progressbar', { name: 'Excel : les bases' }).getAttribute('aria-valuenow'),
    ).toBe('40');
    expect(within(row).getByText('2 h 15 min')).toBeTruthy();
    expect(within(row).getByText('Inactif')).toBeTruthy();
    expect(within(row).getByText('15 mars 2024')).toBeTruthy();
    expect(listQueries(fetchMock)[0]).toEqual({ page: '1', pageSize: '20', sort: 'name', order: 'asc' });

    await screen.findByRole('option', { name: 'Excel : les bases' });
    fireEvent.change(screen.getByLabelText('Formation'), { target: { value: EXCEL } });
    fireEvent.change(screen.getByLabelText('Statut'), { target: { value: 'never_signed_in' } });
    fireEvent.change(screen.getByLabelText('Progression'), { target: { value: 'completed' } });
    fireEvent.change(screen.getByLabelText('Trier par'), { target: { value: 'weekTime-desc' } });
    fireEvent.change(screen.getByLabelText('Rechercher'), { target: { value: 'martin' } });
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({
        page: '1',
        pageSize: '20',
        search: 'martin',
        courseId: EXCEL,
        status: 'never_signed_in',
        progress: 'completed',
        sort: 'weekTime',
        order: 'desc',
      }),
    );
  });

  it('tells an empty organisation from filters that match nobody', async () => {
    mockApi({
      'GET /api/learners': () => ({ body: list({ items: [], total: 0 }) }),
      'GET /api/courses': () => ({ body: COURSES }),
    });
    renderList();
    expect(await screen.findByText('Aucun apprenant pour le moment')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Statut'), { target: { value: 'active' } });
    expect(await screen.findByText('Aucun apprenant ne correspond')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    expect(await screen.findByText('Aucun apprenant pour le moment')).toBeTruthy();
  });

  it('puts the server’s refusal of a field on that field when inviting', async () => {
    const { calls } = mockApi({
      'GET /api/learners': () => ({ body: list() }),
      'GET /api/courses': () => ({ body: COURSES }),
      'POST /api/learners/invitations': (call) =>
        (call.body as { email: string }).email === 'hugo@demo.example'
          ? apiError('ACCOUNT_EXISTS', 409, { fields: [{ path: 'email', message: 'ACCOUNT_EXISTS' }] })
          : apiError('VALIDATION_ERROR', 400, { fields: [{ path: 'lastName', message: 'too long' }] }),
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Inviter un apprenant' }));
    const dialog = screen.getByRole('dialog', { name: 'Inviter un apprenant' });
    fireEvent.change(within(dialog).getByLabelText('Prénom'), { target: { value: 'Hugo' } });
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: 'Bernard' } });
    fireEvent.change(within(dialog).getByLabelText('Adresse email'), {
      target: { value: 'hugo@demo.example' },
    });
    await within(dialog).findByLabelText('Excel : les bases');
    fireEvent.click(within(dialog).getByLabelText('Excel : les bases'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer l’invitation' }));
    const email = within(dialog).getByLabelText('Adresse email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Un compte existe déjà avec cette adresse.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'hugo@demo.example',
      firstName: 'Hugo',
      lastName: 'Bernard',
      language: 'fr',
      courseIds: [EXCEL],
    });

    fireEvent.change(email, { target: { value: 'hugo.bernard@demo.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer l’invitation' }));
    const lastName = within(dialog).getByLabelText('Nom');
    await waitFor(() => expect(lastName.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Saisissez le nom (100 caractères au plus).')).toBeTruthy();
  });
  it('asks before switching off the social security number, since that erases the stored ones', async () => {
    const { calls } = mockApi({
      'GET /api/learners': () => ({ body: list() }),
      'GET /api/courses': () => ({ body: COURSES }),
      'GET /api/learners/settings': () => ({ body: { collectsSocialSecurityNumber: true } }),
      'PUT /api/learners/settings': (call) => ({ body: call.body }),
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Paramètres' }));
    const box = await screen.findByLabelText(/Collecter le numéro de sécurité sociale/);
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box);
    const confirm = screen.getByRole('alertdialog', {
      name: 'Arrêter la collecte du numéro de sécurité sociale\u202f?',
    });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Arrêter et effacer' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        collectsSocialSecurityNumber: false,
      }),
    );
  });
});

describe('CSV import', () => {
  it('previews each row’s state, sends only the importable rows in batches of 500, and sums up', async () => {
    const pendingRows = Array.from({ length: 501 }, (_, index) => ({
      line: index + 3,
      lastName: `Nom${index}`,
      firstName: 'Chloé',
      email: `chloe${index}@demo.example`,
      phone: '',
      state: 'pending' as const,
      reason: null,
    }));
    const preview: ImportPreview = {
      encoding: 'windows-1252',
      separator: ';',
      rows: [
        {
          line: 2,
          lastName: 'Petit',
          firstName: 'Chloé',
          email: 'chloe@',
          phone: '',
          state: 'failed',
          reason: 'invalid_email',
        },
        ...pendingRows,
      ],
    };
    const { calls } = mockApi({
      'GET /api/learners': () => ({ body: list() }),
      'GET /api/courses': () => ({ body: COURSES }),
      'POST /api/learners/import/preview': () => ({ body: preview }),
      'POST /api/learners/import': (call) => {
        const { rows } = call.body as { rows: { line: number }[] };
        return {
          body: {
            // The server has the last word: one row it refuses although the preview accepted it.
            rows: rows.map((row) =>
              row.line === 3
                ? { line: row.line, state: 'failed', reason: 'already_member', id: null }
                : { line: row.line, state: 'imported', reason: null, id: `user-${row.line}` },
            ),
          },
        };
      },
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Importer un fichier CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Importer des apprenants' });
    const file = new File(['nom;prénom;email\nPetit;Chloé;chloe@\n'], 'apprenants.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByLabelText('Fichier CSV'), { target: { files: [file] } });

    expect(await within(dialog).findByText('Email invalide')).toBeTruthy();
    expect(within(dialog).getByText(/502 lignes lues : à importer 501, en erreur 1/)).toBeTruthy();
    const previewCall = calls.find((call) => call.path === '/api/learners/import/preview');
    const sentFile = (previewCall!.body as { file: string }).file;
    expect(new TextDecoder().decode(Uint8Array.from(atob(sentFile), (c) => c.charCodeAt(0)))).toContain(
      'Petit;Chloé;chloe@',
    );
    expect(within(dialog).getAllByText('À importer').length).toBe(49);

    fireEvent.click(within(dialog).getByLabelText('Excel : les bases'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importer 501 apprenants' }));
    expect(await within(dialog).findByText('Import terminé')).toBeTruthy();

    const batches = calls.filter((call) => call.path === '/api/learners/import');
    expect(batches.map((call) => (call.body as { rows: unknown[] }).rows.length)).toEqual([500, 1]);
    const sentLines = batches.flatMap((call) =>
      (call.body as { rows: { line: number }[] }).rows.map((r) => r.line),
    );
    expect(sentLines).not.toContain(2);
    expect((batches[0]!.body as { courseIds: string[] }).courseIds).toEqual([EXCEL]);
    expect(
      within(dialog)
        .getByRole('progressbar', { name: 'Progression de l’import' })
        .getAttribute('aria-valuenow'),
    ).toBe('100');
    expect(
      within(dialog).getByText(/500 apprenants importés et invités par email\. Lignes non importées : 2\./),
    ).toBeTruthy();
    expect(within(dialog).getByText('Déjà apprenant de votre organisme')).toBeTruthy();
  });

  it('names a file the server cannot read', async () => {
    mockApi({
      'GET /api/learners': () => ({ body: list() }),
      'GET /api/courses': () => ({ body: COURSES }),
      'POST /api/learners/import/preview': () => apiError('CSV_MISSING_COLUMNS', 400),
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Importer un fichier CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Importer des apprenants' });
    fireEvent.change(within(dialog).getByLabelText('Fichier CSV'), {
      target: { files: [new File(['a;b\n1;2\n'], 'autre.csv', { type: 'text/csv' })] },
    });
    expect(
      await within(dialog).findByText(
        'Le fichier doit avoir les colonnes nom, prénom et email (téléphone facultatif).',
      ),
    ).toBeTruthy();
  });
});

function record(overrides: Partial<LearnerRecordData> = {}): LearnerRecordData {
  return {
    identity: {
      id: LEA,
      fullName: 'Léa Martin',
      firstName: 'Léa',
      lastName: 'Martin',
      email: 'lea.martin@demo.example',
      phone: '06 12 34 56 78',
      language: 'fr',
      createdAt: '2026-01-05T09:00:00.000Z',
      emailVerified: true,
      status: 'active',
      lastActivityAt: '2026-01-10T09:00:00.000Z',
    },
    enrollments: [
      {
        courseId: EXCEL,
        title: 'Excel : les bases',
        progress: 60,
        enrolledAt: '2026-01-05T09:00:00.000Z',
        trackedSeconds: 5400,
      },
    ],
    time: { weekSeconds: 1800, totalSeconds: 5400 },
    quizAttempts: [
      {
        id: '7a1f1c1e-3a8a-4e36-9d55-2f1f7a3c9e13',
        quizId: '7a1f1c1e-3a8a-4e36-9d55-2f1f7a3c9e14',
        quizTitle: 'Quiz formules',
        score: 85,
        passed: true,
        submittedAt: '2026-01-08T10:00:00.000Z',
      },
    ],
    signatures: [],
    attendance: [],
    certificates: [],
    administrative: {
      address: '12 rue des Lilas',
      city: 'Lyon',
      postalCode: '69003',
      country: 'France',
      birthDate: '1995-04-12',
      birthPlace: 'Lyon',
      socialSecurityNumberMasked: '2 95 04 •• ••• ••• 42',
      professionalStatus: 'employed',
      employer: 'Atelier Martin',
      updatedAt: '2026-01-06T09:00:00.000Z',
    },
    collectsSocialSecurityNumber: true,
    ...overrides,
  };
}

describe('learner record', () => {
  it('shows the record in cards, with empty states for what is missing', async () => {
    mockApi({ [`GET /api/learners/${LEA}`]: () => ({ body: record() }) });
    renderWithProviders(<LearnerRecord studentId={LEA} />);
    expect(await screen.findByRole('heading', { name: 'Léa Martin' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Excel : les bases' }).getAttribute('aria-valuenow')).toBe(
      '60',
    );
    expect(screen.getByText('85 %')).toBeTruthy();
    expect(screen.getByText('Réussi')).toBeTruthy();
    expect(screen.getByText('Aucune signature.')).toBeTruthy();
    expect(screen.getByText('Aucun certificat délivré.')).toBeTruthy();
    expect(screen.getByText('1 h 30 min')).toBeTruthy();
  });

  it('shows the stored number masked only, keeps it unless a valid new one is typed, and saves the form', async () => {
    const { calls } = mockApi({
      [`GET /api/learners/${LEA}`]: () => ({ body: record() }),
      [`PUT /api/learners/${LEA}/administrative`]: () => ({ body: record().administrative }),
    });
    renderWithProviders(<LearnerRecord studentId={LEA} />);
    const ssn = (await screen.findByLabelText('Numéro de sécurité sociale')) as HTMLInputElement;
    expect(ssn.value).toBe('');
    expect(screen.getByText(/Numéro enregistré : 2 95 04 •• ••• ••• 42/)).toBeTruthy();
    expect((screen.getByLabelText('Ville') as HTMLInputElement).value).toBe('Lyon');

    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Villeurbanne' } });
    fireEvent.change(screen.getByLabelText('Situation professionnelle'), { target: { value: 'unemployed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const saved = calls.find((call) => call.method === 'PUT')!.body as Record<string, unknown>;
    expect(saved).toMatchObject({
      city: 'Villeurbanne',
      professionalStatus: 'unemployed',
      birthDate: '1995-04-12',
    });
    expect('socialSecurityNumber' in saved).toBe(false);

    fireEvent.change(ssn, { target: { value: '1 85 05 78 006 084 00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/Ce numéro de sécurité sociale n’est pas valide/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').length).toBe(1);

    fireEvent.change(ssn, { target: { value: '1 85 05 78 006 084 91' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').length).toBe(2));
    expect(
      (calls.filter((call) => call.method === 'PUT')[1]!.body as Record<string, unknown>)
        .socialSecurityNumber,
    ).toBe('1 85 05 78 006 084 91');
  });

  it('hides the social security number where the organisation does not collect it', async () => {
    mockApi({
      [`GET /api/learners/${LEA}`]: () => ({
        body: record({ collectsSocialSecurityNumber: false }),
      }),
    });
    renderWithProviders(<LearnerRecord studentId={LEA} />);
    expect(await screen.findByLabelText('Ville')).toBeTruthy();
    expect(screen.queryByLabelText('Numéro de sécurité sociale')).toBeNull();
  });
});

describe("the platform admin's learners", () => {
  const ORGANIZATIONS = [
    { id: '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11', name: 'Formations Lumière' },
    { id: '4a1e8a52-8f7e-4d38-9a57-4d0f3f8e2b22', name: 'Atelier Numérique Lyon' },
  ];

  it('lists every organisation’s learners with their organisation, filters by one, and offers no invitation', async () => {
    const api = mockApi({
      'GET /api/admin/learners': (call) => ({
        body: {
          items: [
            {
              id: LEA,
              fullName: 'Léa Martin',
              email: 'lea@example.org',
              courses: [],
              progress: null,
              weekSeconds: 0,
              lastActivityAt: null,
              status: 'never_signed_in',
              organization: ORGANIZATIONS[0],
              joinedAt: '2026-01-05T09:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
          path: call.path,
        },
      }),
    });
    renderWithProviders(
      <LearnerList organizations={ORGANIZATIONS} getRecordHref={(id) => `/admin/student/${id}`} />,
    );
    const row = await screen.findByRole('row', { name: /Léa Martin/ });
    expect(within(row).getByText('Formations Lumière')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Léa Martin' }).getAttribute('href')).toBe(
      `/admin/student/${LEA}`,
    );
    expect(screen.queryByRole('button', { name: 'Inviter un apprenant' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Organisme'), { target: { value: ORGANIZATIONS[1]!.id } });
    await waitFor(() =>
      expect(
        api.fetchMock.mock.calls.some(([url]) =>
          String(url).includes(`organizationId=${ORGANIZATIONS[1]!.id}`),
        ),
      ).toBe(true),
    );
    // The organisation's own list and its formations are never asked for.
    expect(api.calls.some((call) => call.path === '/api/learners' || call.path === '/api/courses')).toBe(
      false,
    );
  });

  it('reads a record read only, naming its organisation', async () => {
    mockApi({
      [`GET /api/admin/learners/${LEA}`]: () => ({
        body: {
          ...record(),
          organization: { id: '4a1e8a52-8f7e-4d38-9a57-4d0f3f8e2b22', name: 'Atelier Numérique Lyon' },
        },
      }),
    });
    renderWithProviders(<LearnerRecord studentId={LEA} platform />);
    expect(await screen.findByText('Organisme : Atelier Numérique Lyon')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Enregistrer/ })).toBeNull();
    // The administrative info is shown as facts, the number still masked.
    const administrative = screen.getByRole('region', { name: 'Informations administratives' });
    expect(within(administrative).getByText('12 rue des Lilas')).toBeTruthy();
    expect(within(administrative).getByText('Atelier Martin')).toBeTruthy();
    expect(within(administrative).getByText('2 95 04 •• ••• ••• 42')).toBeTruthy();
    expect(within(administrative).queryByRole('textbox')).toBeNull();
  });
});
