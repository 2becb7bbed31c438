import {
  type ComplianceReport,
  type IndicatorReport,
  isIndicatorApplicable,
  QUALITY_INDICATORS,
  readinessOf,
} from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { ComplianceOverview } from './compliance-overview';

const ORGANIZATION_ID = '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11';
const EVIDENCE_ID = '6a1f1c1e-3a8a-4e36-9d55-2f1f7a3c9e11';
const FILE_ID = '0b6f6c1e-3a8a-4e36-9d55-2f1f7a3c9e10';

function indicator(number: number, overrides: Partial<IndicatorReport> = {}): IndicatorReport {
  const definition = QUALITY_INDICATORS[number - 1]!;
  const isApplicable = isIndicatorApplicable(definition, {
    actionCategories: ['training'],
    certifying: false,
    workLinked: false,
  });
  return {
    number,
    criterion: definition.criterion,
    isApplicable,
    status: isApplicable ? 'missing' : 'notApplicable',
    automatic: [],
    uploads: [],
    ...overrides,
  };
}

function report(): ComplianceReport {
  const indicators = QUALITY_INDICATORS.map((definition) => indicator(definition.number));
  indicators[0] = indicator(1, {
    status: 'partial',
    automatic: [
      {
        source: 'programmeSheets',
        count: 1,
        total: 2,
        lastAt: '2026-02-01T10:00:00.000Z',
        isMet: false,
        gaps: [{ label: 'Word', missing: ['price', 'accessibility'] }],
      },
    ],
  });
  indicators[25] = indicator(26, {
    status: 'evidenced',
    uploads: [
      {
        id: EVIDENCE_ID,
        indicator: 26,
        title: 'Désignation du référent handicap',
        provenOn: '2026-01-05',
        file: {
          id: FILE_ID,
          name: 'referent.pdf',
          mimeType: 'application/pdf',
          sizeBytes: 2000,
          url: `/api/files/${FILE_ID}`,
        },
        createdAt: '2026-01-05T10:00:00.000Z',
        createdByName: 'Julien Moreau',
      },
    ],
  });
  const statuses = indicators.map((entry) => entry.status);
  return {
    organizationId: ORGANIZATION_ID,
    organizationName: 'Organisme Démo',
    profile: { actionCategories: ['training'], certifying: false, workLinked: false },
    readiness: readinessOf(statuses),
    criteria: [1, 2, 3, 4, 5, 6, 7].map((number) => ({
      number,
      readiness: readinessOf(
        indicators.filter((entry) => entry.criterion === number).map((entry) => entry.status),
      ),
    })),
    indicators,
    computedAt: '2026-03-10T10:00:00.000Z',
  };
}

describe('the compliance overview', () => {
  it('shows the readiness and its rule, each indicator with its status, evidence and gaps', async () => {
    mockApi({ 'GET /api/trainer/compliance': () => ({ body: report() }) });
    renderWithProviders(<ComplianceOverview />);
    // 1 evidenced and 1 partial of 23: (1 + 0.5) / 23 = 6 %.
    expect(await screen.findByText('6 %')).toBeTruthy();
    expect(screen.getByText('1 prouvé, 1 partiel, 21 manquants sur 23 indicateurs applicables')).toBeTruthy();
    expect(screen.getByText(/un indicateur partiel compte pour moitié/)).toBeTruthy();
    const first = screen.getByRole('article', { name: /Indicateur 1 · Information sur les prestations/ });
    expect(within(first).getByText('Partiel')).toBeTruthy();
    expect(within(first).getByText('1 sur 2')).toBeTruthy();
    expect(within(first).getByText('Word : à compléter (tarif, accessibilité)')).toBeTruthy();
    expect(within(first).getByRole('link', { name: /Voir/ }).getAttribute('href')).toBe('/trainer/courses');
    const disability = screen.getByRole('article', { name: /Indicateur 26/ });
    expect(within(disability).getByText('Prouvé')).toBeTruthy();
    expect(
      within(disability).getByRole('link', { name: 'Ouvrir Désignation du référent handicap' }),
    ).toBeTruthy();
  });

  it('filters the indicators by status', async () => {
    mockApi({ 'GET /api/trainer/compliance': () => ({ body: report() }) });
    renderWithProviders(<ComplianceOverview />);
    await screen.findByText('6 %');
    fireEvent.change(screen.getByLabelText('Statut'), { target: { value: 'evidenced' } });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Statut'), { target: { value: 'notApplicable' } });
    expect(screen.getAllByRole('article')).toHaveLength(9);
  });

  it('saves the profile and counts the indicators it applies', async () => {
    const { calls } = mockApi({
      'GET /api/trainer/compliance': () => ({ body: report() }),
      'PUT /api/trainer/compliance/profile': () => ({
        body: { actionCategories: ['training'], certifying: false, workLinked: true },
      }),
    });
    renderWithProviders(<ComplianceOverview />);
    await screen.findByText('6 %');
    expect(screen.getByText('23 indicateurs applicables')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Apprentissage (CFA)'));
    expect(screen.getByText('32 indicateurs applicables')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Apprentissage (CFA)'));
    fireEvent.click(screen.getByLabelText(/^Formations en alternance/));
    expect(screen.getByText('25 indicateurs applicables')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le profil' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      actionCategories: ['training'],
      certifying: false,
      workLinked: true,
    });
  });

  it('refuses a profile without a category', async () => {
    const { calls } = mockApi({ 'GET /api/trainer/compliance': () => ({ body: report() }) });
    renderWithProviders(<ComplianceOverview />);
    await screen.findByText('6 %');
    fireEvent.click(screen.getByLabelText('Actions de formation'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le profil' }));
    expect(await screen.findByText('Choisissez au moins une catégorie d’actions.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('asks before deleting uploaded evidence', async () => {
    const { calls } = mockApi({
      'GET /api/trainer/compliance': () => ({ body: report() }),
      [`DELETE /api/trainer/compliance/evidence/${EVIDENCE_ID}`]: () => ({ body: { ok: true } }),
    });
    renderWithProviders(<ComplianceOverview />);
    await screen.findByText('6 %');
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Désignation du référent handicap' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('names the fields missing from new evidence before uploading anything', async () => {
    const { calls } = mockApi({ 'GET /api/trainer/compliance': () => ({ body: report() }) });
    renderWithProviders(<ComplianceOverview />);
    await screen.findByText('6 %');
    fireEvent.click(screen.getByRole('button', { name: 'Déposer une preuve Indicateur 4' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Déposer' }));
    expect(await within(dialog).findByText('Donnez un titre au document.')).toBeTruthy();
    expect(within(dialog).getByText('Indiquez la date du document.')).toBeTruthy();
    expect(within(dialog).getByText('Choisissez un fichier.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
