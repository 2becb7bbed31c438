import type {
  Analytics,
  TrainerDashboard as Dashboard,
  PublicIndicators as PublicPage,
} from '@cursus/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { AnalyticsView, isCustomRangeValid, toQuery } from './analytics-view';
import { IndicatorSettings } from './indicator-settings';
import { PublicIndicators } from './public-indicators';
import { TrainerDashboard } from './trainer-dashboard';

const ORGANIZATION = '5f0c2a0e-4b7e-4a8e-9a55-2f7a3c1d9b10';
const COURSE = '0b9a6a3e-8f7d-4c2b-b1e5-6d4c3b2a1f00';

function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    computedAt: '2026-11-26T11:00:00.000Z',
    learners: { total: 5, active: 3 },
    formations: { published: 2, draft: 1 },
    enrolments: 8,
    averageCompletion: 46,
    week: { seconds: 5400, startsAt: '2026-11-22T23:00:00.000Z' },
    pendingQuestions: 4,
    upcomingSessions: {
      count: 2,
      next: {
        id: crypto.randomUUID(),
        title: 'Atelier tableaux croisés',
        meetingDate: '2026-11-28T09:00:00.000Z',
      },
    },
    attention: {
      count: 3,
      learners: [
        {
          studentId: 'student-hugo',
          studentName: 'Hugo Bernard',
          courseId: COURSE,
          courseTitle: 'Excel : les fondamentaux',
          progress: 40,
          idleDays: 12,
        },
      ],
    },
    ...overrides,
  };
}

describe('the trainer dashboard', () => {
  it('shows a skeleton, then each figure linking to its screen', async () => {
    mockApi({ 'GET /api/trainer/dashboard': { body: dashboard() } });
    renderWithProviders(<TrainerDashboard />);
    expect(screen.getByRole('status').textContent).toContain('Chargement des chiffres clés');

    const learners = await screen.findByRole('link', { name: /Apprenants actifs/ });
    expect(learners.getAttribute('href')).toBe('/trainer/students');
    expect(learners.textContent).toContain('3 / 5');
    const questions = screen.getByRole('link', { name: /Questions en attente/ });
    expect(questions.getAttribute('href')).toBe('/trainer/forum');
    expect(questions.textContent).toContain('4 questions attendent une réponse.');
    expect(screen.getByRole('link', { name: /Formations/ }).textContent).toContain('2 publiées, 1 brouillon');
    // Intl puts a no-break space between a number and its unit.
    expect(screen.getByRole('link', { name: /Temps d’apprentissage cette semaine/ }).textContent).toMatch(
      /1\sh\s30\smin/,
    );
    expect(screen.getByRole('link', { name: /Sessions à venir/ }).textContent).toContain(
      'Atelier tableaux croisés',
    );
    // Served again for a minute by the server: the page says when they were computed, in Paris time.
    expect(screen.getByText(/^Chiffres calculés le 26 nov\. 2026, 12:00/)).toBeTruthy();
  });

  it('lists the learners to follow up, with how long they have been idle', async () => {
    mockApi({ 'GET /api/trainer/dashboard': { body: dashboard() } });
    renderWithProviders(<TrainerDashboard />);
    const section = await screen.findByRole('region', { name: 'Apprenants à relancer (3)' });
    expect(within(section).getByRole('link', { name: 'Hugo Bernard' }).getAttribute('href')).toBe(
      '/trainer/students/student-hugo',
    );
    expect(within(section).getByText('Excel : les fondamentaux, 40 % : 12 jours sans activité')).toBeTruthy();
    expect(within(section).getByText('Et 2 autres apprenants.')).toBeTruthy();
  });

  it('gives a new organisation its first steps instead of empty figures to follow up', async () => {
    mockApi({
      'GET /api/trainer/dashboard': {
        body: dashboard({
          learners: { total: 0, active: 0 },
          formations: { published: 0, draft: 0 },
          enrolments: 0,
          averageCompletion: null,
          week: { seconds: 0, startsAt: '2026-11-22T23:00:00.000Z' },
          pendingQuestions: 0,
          upcomingSessions: { count: 0, next: null },
          attention: { count: 0, learners: [] },
        }),
      },
    });
    renderWithProviders(<TrainerDashboard />);
    expect(await screen.findByRole('heading', { name: 'Votre organisme démarre' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Créer une formation' }).getAttribute('href')).toBe(
      '/trainer/create-formation',
    );
    expect(screen.getByRole('link', { name: /Progression moyenne/ }).textContent).toContain(
      'Aucune inscription pour l’instant.',
    );
    expect(screen.queryByRole('region', { name: /à relancer/ })).toBeNull();
  });

  it('offers a retry when the figures cannot be read', async () => {
    mockApi({ 'GET /api/trainer/dashboard': apiError('SERVER_ERROR', 500) });
    renderWithProviders(<TrainerDashboard />);
    expect(await screen.findByText('Les chiffres clés n’ont pas pu être chargés.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});

function analytics(): Analytics {
  return {
    period: { from: '2026-10-27T23:00:00.000Z', to: '2026-11-26T23:00:00.000Z', granularity: 'day' },
    courseId: null,
    enrolments: { total: 3, series: [{ bucket: '2026-11-25', value: 3 }] },
    outcomes: {
      learners: 3,
      enrolled: 4,
      completed: 1,
      droppedOut: 1,
      inProgress: 2,
      completionRate: 25,
      dropoutRate: 25,
    },
    time: { totalSeconds: 7200, learners: 2, series: [{ bucket: '2026-11-25', value: 7200 }] },
    quizzes: { attempts: 3, passed: 2, successRate: 67, averageScore: 70 },
    satisfaction: { responses: 0, averageRating: null },
    courses: [
      {
        courseId: COURSE,
        title: 'Excel : les fondamentaux',
        organizationName: 'Organisme Démo',
        enrolled: 4,
        completed: 1,
        droppedOut: 1,
        trackedSeconds: 7200,
        quizAttempts: 3,
        quizPassed: 2,
      },
    ],
  };
}

describe('analytics', () => {
  it('asks for a custom period only once both days are in order', () => {
    expect(toQuery({ period: '90d', from: '', to: '', courseId: '' })).toEqual({
      period: '90d',
      courseId: undefined,
    });
    expect(toQuery({ period: 'custom', from: '2026-11-20', to: '', courseId: '' })).toBeNull();
    expect(isCustomRangeValid('2026-11-20', '2026-11-01')).toBe(false);
    expect(isCustomRangeValid('2026-11-20', '2026-11-20')).toBe(true);
    expect(toQuery({ period: 'custom', from: '2026-11-01', to: '2026-11-20', courseId: COURSE })).toEqual({
      period: 'custom',
      from: '2026-11-01',
      to: '2026-11-20',
      courseId: COURSE,
    });
  });

  it('says what is wrong with custom days, out of order or over the cap, on the date fields', async () => {
    mockApi({
      'GET /api/trainer/analytics': { body: analytics() },
      'GET /api/courses': { body: { items: [], total: 0, page: 1, pageSize: 100 } },
    });
    renderWithProviders(<AnalyticsView />);
    fireEvent.change(await screen.findByLabelText('Période'), { target: { value: 'custom' } });
    const from = screen.getByLabelText('Du');
    fireEvent.change(from, { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-11-01' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'La date de fin doit être postérieure ou égale à la date de début.',
    );
    fireEvent.change(from, { target: { value: '2020-01-01' } });
    expect(screen.getByRole('alert').textContent).toBe('La période ne peut pas dépasser 731 jours.');
    expect(from.getAttribute('aria-invalid')).toBe('true');
  });

  it('states the definitions, the figures and each chart’s export', async () => {
    mockApi({
      'GET /api/trainer/analytics': { body: analytics() },
      'GET /api/courses': { body: { items: [], total: 0, page: 1, pageSize: 100 } },
    });
    renderWithProviders(<AnalyticsView />);
    expect(await screen.findByText(/Abandon : inscrit depuis plus de 30 jours/)).toBeTruthy();
    // The charts arrive after the figures (a lazy chunk).
    expect(await screen.findByText('3 inscriptions sur la période.')).toBeTruthy();
    expect(screen.getByText('2 h au total, par 2 apprenants.')).toBeTruthy();
    expect(screen.getByText('67 % de réussite sur 3 tentatives, score moyen 70 %.')).toBeTruthy();
    expect(
      screen.getByText('Pas encore de réponses aux questionnaires de satisfaction sur cette période.'),
    ).toBeTruthy();
    const exportLink = screen.getByRole('link', {
      name: 'Exporter «\u00a0Complétion et abandon\u00a0» en CSV',
    });
    expect(exportLink.getAttribute('href')).toBe('/api/trainer/analytics/export?chart=outcomes&period=30d');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Excel : les fondamentaux' })).toBeTruthy();
  });
});

describe('the public indicators page', () => {
  it('shows the chosen indicators with their period', async () => {
    const page: PublicPage = {
      organizationName: 'Organisme Démo',
      periodFrom: '2025-11-30T23:00:00.000Z',
      periodTo: '2026-11-26T23:00:00.000Z',
      computedAt: '2026-11-26T11:00:00.000Z',
      indicators: [
        { key: 'learnersTrained', value: 42 },
        { key: 'completionRate', value: 81 },
        { key: 'satisfaction', value: { responses: 12, averageRating: 4.3 } },
      ],
    };
    mockApi({ [`GET /api/indicators/${ORGANIZATION}`]: { body: page } });
    renderWithProviders(<PublicIndicators organizationId={ORGANIZATION} />);
    expect(await screen.findByRole('heading', { name: 'Indicateurs de résultats' })).toBeTruthy();
    expect(screen.getByText('Période : du 1 décembre 2025 au 26 novembre 2026')).toBeTruthy();
    expect(screen.getByText('42 apprenants')).toBeTruthy();
    expect(screen.getByText('81 %')).toBeTruthy();
    expect(screen.getByText('4,3 / 5 (12 réponses)')).toBeTruthy();
    expect(screen.queryByText('Taux d’abandon')).toBeNull();
  });

  it('says when an organisation publishes nothing', async () => {
    mockApi({ [`GET /api/indicators/${ORGANIZATION}`]: apiError('NOT_FOUND', 404) });
    renderWithProviders(<PublicIndicators organizationId={ORGANIZATION} />);
    expect(await screen.findByRole('heading', { name: 'Aucun indicateur publié' })).toBeTruthy();
  });
});

describe('the indicators an organisation publishes', () => {
  it('saves the choice and then shows the public page’s link', async () => {
    const figures = {
      learnersTrained: 42,
      completionRate: 81,
      dropoutRate: 6,
      satisfaction: null,
      quizSuccessRate: 74,
      trainingHours: 310,
    };
    const snapshot = {
      periodFrom: '2025-11-30T23:00:00.000Z',
      periodTo: '2026-11-26T23:00:00.000Z',
      computedAt: '2026-11-20T10:00:00.000Z',
      figures,
    };
    const { calls } = mockApi({
      'GET /api/trainer/analytics/indicators': {
        body: { organizationId: ORGANIZATION, isPublished: false, indicators: [], snapshot },
      },
      'PUT /api/trainer/analytics/indicators': (call) => ({
        body: {
          organizationId: ORGANIZATION,
          ...(call.body as object),
          snapshot: { ...snapshot, computedAt: '2026-11-26T11:00:00.000Z' },
        },
      }),
    });
    renderWithProviders(<IndicatorSettings />);
    const publish = await screen.findByRole('checkbox', { name: /Publier la page des indicateurs/ });
    expect(screen.getByText('Non publiée')).toBeTruthy();
    fireEvent.click(publish);
    // Published with nothing chosen: the save waits for a choice.
    expect(screen.getByRole('alert').textContent).toBe('Choisissez au moins un indicateur à publier.');
    expect(screen.getByRole('button', { name: 'Enregistrer et recalculer' }).hasAttribute('disabled')).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /Taux de complétion/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer et recalculer' }));
    const link = await screen.findByRole('link', { name: /Voir la page publique/ });
    expect(link.getAttribute('href')).toBe(`/indicators/${ORGANIZATION}`);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      isPublished: true,
      indicators: ['completionRate'],
    });
  });
});
