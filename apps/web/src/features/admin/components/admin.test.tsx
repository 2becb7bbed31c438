import type {
  AdminAuditList,
  AdminLearnerList,
  AdminOrganizationCourseList,
  AdminTrainerList,
  CatalogueCourseList,
  PlatformOverview as Overview,
} from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { AuditLog } from './audit-log';
import { OnboardOrganizationForm } from './onboard-organization-form';
import { OrganizationCourses } from './organization-courses';
import { OrganizationStudents, OrganizationTrainers } from './organization-people';
import { PlatformOverview } from './platform-overview';

const ORGANIZATION = '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11';
const SOURCE = '5d1f1c1e-3a8a-4e36-9d55-2f1f7a3c9e12';

function fillOnboarding() {
  fireEvent.change(screen.getByLabelText("Nom de l'organisme"), { target: { value: 'Formations du Nord' } });
  fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: 'Amélie' } });
  fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Perrin' } });
  fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: 'amelie@nord.example' } });
}

describe('onboarding an organisation', () => {
  it('sends the organisation and its trainer in the language chosen, then links to its page', async () => {
    const { calls } = mockApi({
      'POST /api/admin/organizations': () => ({
        body: {
          organization: { id: ORGANIZATION, name: 'Formations du Nord' },
          trainer: { id: 'user-amelie', email: 'amelie@nord.example' },
        },
      }),
    });
    renderWithProviders(<OnboardOrganizationForm />);
    fillOnboarding();
    fireEvent.change(screen.getByLabelText("Langue de l'invitation"), { target: { value: 'en' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer et inviter' }));
    const link = await screen.findByRole('link', {
      name: 'Ouvrir la page de «\u00a0Formations du Nord\u00a0»',
    });
    expect(link.getAttribute('href')).toBe(`/admin/organization/${ORGANIZATION}`);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Formations du Nord',
      firstName: 'Amélie',
      lastName: 'Perrin',
      email: 'amelie@nord.example',
      language: 'en',
    });
    expect((screen.getByLabelText("Nom de l'organisme") as HTMLInputElement).value).toBe('');
  });

  it('names each field it refuses, and a known address', async () => {
    mockApi({
      'POST /api/admin/organizations': () =>
        apiError('ACCOUNT_EXISTS', 409, { fields: [{ path: 'email', message: 'ACCOUNT_EXISTS' }] }),
    });
    renderWithProviders(<OnboardOrganizationForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Créer et inviter' }));
    expect(await screen.findByText("Indiquez le nom de l'organisme (200 caractères au plus).")).toBeTruthy();
    expect(screen.getByText('Indiquez une adresse e-mail valide.')).toBeTruthy();
    fillOnboarding();
    fireEvent.click(screen.getByRole('button', { name: 'Créer et inviter' }));
    expect(
      await screen.findByText("Un compte existe déjà avec cette adresse : l'organisme n'a pas été créé."),
    ).toBeTruthy();
    expect(screen.getByLabelText('Adresse e-mail').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the platform figures', () => {
  afterEach(async () => {
    await changeLanguage('fr');
  });
  const overview = (counts: {
    learners: number;
    trainers: number;
    admins: number;
    drafts: number;
  }): Overview => ({
    organizations: { total: 1, createdThisMonth: 1 },
    users: {
      students: counts.learners,
      trainers: counts.trainers,
      admins: counts.admins,
      unassignedStudents: 0,
    },
    activeLearners: { last7Days: 1, last30Days: 1 },
    formations: { published: 1, draft: counts.drafts },
    enrolments: 1,
    monthSeconds: 3600,
    monthStartsAt: '2026-10-31T23:00:00.000Z',
    signupsByWeek: [{ weekStartsAt: '2026-11-22T23:00:00.000Z', count: 1 }],
    newestOrganizations: [
      {
        id: ORGANIZATION,
        name: 'Formations du Nord',
        createdAt: '2026-11-24T09:00:00.000Z',
        trainerCount: counts.trainers,
        learnerCount: counts.learners,
      },
    ],
  });

  it('writes each count with its noun in the singular or the plural, in French and in English', async () => {
    mockApi({
      'GET /api/admin/platform': () => ({
        body: overview({ learners: 2, trainers: 1, admins: 1, drafts: 1 }),
      }),
    });
    const { unmount } = renderWithProviders(<PlatformOverview />);
    expect(await screen.findByText('2 apprenants, 1 formateur, 1 administrateur')).toBeTruthy();
    expect(screen.getByText('Créé le 24 novembre 2026 · 1 formateur · 2 apprenants')).toBeTruthy();
    expect(screen.getByText('1 en brouillon')).toBeTruthy();
    unmount();

    await changeLanguage('en');
    mockApi({
      'GET /api/admin/platform': () => ({
        body: overview({ learners: 1, trainers: 3, admins: 2, drafts: 1 }),
      }),
    });
    renderWithProviders(<PlatformOverview />);
    expect(await screen.findByText('1 learner, 3 trainers, 2 administrators')).toBeTruthy();
    expect(screen.getByText('Created on 24 November 2026 · 3 trainers · 1 learner')).toBeTruthy();
    expect(screen.getByText('1 draft')).toBeTruthy();
  });
});

describe('assigning a formation', () => {
  const courses = (items: AdminOrganizationCourseList['items']): AdminOrganizationCourseList => ({
    items,
    total: items.length,
    page: 1,
    pageSize: 20,
  });
  const catalogue: CatalogueCourseList = {
    items: [
      {
        id: SOURCE,
        title: 'Gestes et postures',
        status: 'draft',
        organizationId: '7a1f1c1e-3a8a-4e36-9d55-2f1f7a3c9e13',
        organizationName: 'Organisme Démo',
        moduleCount: 1,
        lessonCount: 2,
      },
    ],
    total: 1,
    page: 1,
    pageSize: 10,
  };

  it('copies the formation picked from the catalogue, published as asked', async () => {
    const { calls } = mockApi({
      [`GET /api/admin/organizations/${ORGANIZATION}/courses`]: () => ({ body: courses([]) }),
      'GET /api/admin/catalogue': () => ({ body: catalogue }),
      [`POST /api/admin/organizations/${ORGANIZATION}/courses`]: () => ({
        body: {
          courseId: '9a1f1c1e-3a8a-4e36-9d55-2f1f7a3c9e14',
          title: 'Gestes et postures',
          status: 'published',
          moduleCount: 1,
          lessonCount: 2,
        },
      }),
    });
    renderWithProviders(<OrganizationCourses organizationId={ORGANIZATION} organizationName="Nord" />);
    expect(await screen.findByText('Aucune formation')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Attribuer une formation' })[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attribuer' }));
    expect(await within(dialog).findByText('Choisissez une formation du catalogue.')).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Gestes et postures/ }));
    expect(within(dialog).getByText('Organisme Démo · 1 module, 2 leçons')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Publiée/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attribuer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      courseId: SOURCE,
      status: 'published',
    });
  });
});

describe("an organisation's people", () => {
  const organization = { id: ORGANIZATION, name: 'Atelier Numérique Lyon' };
  const organizationIdOf = (fetchMock: { mock: { calls: unknown[][] } }) =>
    new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost').searchParams.get('organizationId');

  it("reads the platform's trainer list for the organisation, with the tab's columns", async () => {
    const trainers: AdminTrainerList = {
      items: [
        {
          id: 'marc',
          fullName: 'Marc Girard',
          email: 'marc@lyon.example',
          organizationRole: 'manager',
          platformAdmin: false,
          invitationPending: true,
          courses: [
            { id: SOURCE, title: 'Gestes et postures' },
            { id: '9a1f1c1e-3a8a-4e36-9d55-2f1f7a3c9e14', title: 'Sécurité incendie' },
          ],
          upcomingSessionCount: 0,
          nextSessionAt: null,
          hasCv: false,
          diplomaCount: 0,
          organization,
          lastSignInAt: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    };
    const { fetchMock } = mockApi({ 'GET /api/admin/trainers': () => ({ body: trainers }) });
    renderWithProviders(<OrganizationTrainers organizationId={ORGANIZATION} />);
    const row = await screen.findByRole('row', { name: /Marc Girard/ });
    expect(within(row).getByRole('link', { name: 'Marc Girard' }).getAttribute('href')).toBe(
      '/admin/trainer/marc',
    );
    for (const text of ['Responsable', 'Invitation en attente', '2', 'Jamais'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(organizationIdOf(fetchMock)).toBe(ORGANIZATION);
  });

  it("reads the platform's learner list for the organisation, with the tab's columns", async () => {
    const learners: AdminLearnerList = {
      items: [
        {
          id: 'lea',
          fullName: 'Léa Martin',
          email: 'lea@lyon.example',
          courses: [{ id: SOURCE, title: 'Gestes et postures', progress: 40 }],
          progress: 40,
          weekSeconds: 0,
          lastActivityAt: null,
          status: 'never_signed_in',
          organization,
          joinedAt: '2026-01-05T09:00:00.000Z',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    };
    const { fetchMock } = mockApi({ 'GET /api/admin/learners': () => ({ body: learners }) });
    renderWithProviders(<OrganizationStudents organizationId={ORGANIZATION} />);
    const row = await screen.findByRole('row', { name: /Léa Martin/ });
    for (const text of ['1', '40 %', 'Jamais']) expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByText(/2026/)).toBeTruthy();
    expect(organizationIdOf(fetchMock)).toBe(ORGANIZATION);
  });
});

describe('audit log', () => {
  afterEach(async () => {
    await changeLanguage('fr');
  });

  const entry = (action: string, details: Record<string, unknown>, summary: string) => ({
    id: crypto.randomUUID(),
    action,
    organizationId: ORGANIZATION,
    organizationName: 'Formations du Nord',
    targetType: 'organization',
    targetId: ORGANIZATION,
    summary,
    details,
    actorId: 'user-claire',
    actorName: 'Claire Dubois',
    actorEmail: 'admin@demo.example',
    createdAt: '2026-03-02T09:00:00.000Z',
  });
  const log: AdminAuditList = {
    items: [
      entry('organization.create', { name: 'Formations du Nord' }, 'Organisme « Formations du Nord » créé'),
      entry(
        'course.assign',
        { title: 'Excel', organizationName: 'Formations du Nord', status: 'draft' },
        'Formation « Excel » attribuée à « Formations du Nord » (brouillon)',
      ),
      {
        ...entry('system_alert.resolve', { alertType: 'error_rate', count: 3 }, '3 alertes système résolues'),
        organizationId: null,
        organizationName: null,
        actorName: null,
        actorEmail: 'root@cursus.example',
      },
      entry('registration.import', {}, 'Import de 12 dossiers'),
    ],
    total: 4,
    page: 1,
    pageSize: 20,
  };

  it('writes each known action in French, with the names its details hold', async () => {
    mockApi({ 'GET /api/admin/audit-log': () => ({ body: log }) });
    renderWithProviders(<AuditLog />);
    expect(await screen.findByText('Organisme créé')).toBeTruthy();
    expect(screen.getByText('Organisme « Formations du Nord » créé')).toBeTruthy();
    expect(
      screen.getByText('Formation « Excel » attribuée à « Formations du Nord » (brouillon)'),
    ).toBeTruthy();
    expect(screen.getByText('3 alertes système résolues')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Formations du Nord' })[0]?.getAttribute('href')).toBe(
      `/admin/organization/${ORGANIZATION}`,
    );
    expect(screen.getByText('Plateforme')).toBeTruthy();
    expect(screen.getByText('Par root@cursus.example')).toBeTruthy();
  });

  it('writes them in English for an English reader, and an unknown action as the server kept it', async () => {
    await changeLanguage('en');
    mockApi({ 'GET /api/admin/audit-log': () => ({ body: log }) });
    renderWithProviders(<AuditLog />);
    expect(await screen.findByText('Organisation created')).toBeTruthy();
    expect(screen.getByText('Organisation “Formations du Nord” created')).toBeTruthy();
    expect(screen.getByText('Course “Excel” assigned to “Formations du Nord” (draft)')).toBeTruthy();
    expect(screen.getByText('3 system alerts resolved')).toBeTruthy();
    expect(screen.getByText('registration.import')).toBeTruthy();
    expect(screen.getByText('Import de 12 dossiers').getAttribute('lang')).toBe('fr');
  });
});
