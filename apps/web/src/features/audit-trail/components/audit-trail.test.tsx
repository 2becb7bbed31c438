import type { AuditEvent, AuditEventList } from '@cursus/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { AuditTrail } from './audit-trail';

const ORGANIZATION = '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11';

function event(overrides: Partial<AuditEvent>): AuditEvent {
  return {
    id: crypto.randomUUID(),
    action: 'auth.sign_in',
    organizationId: ORGANIZATION,
    organizationName: 'Formations du Nord',
    actorId: 'user-camille',
    actorEmail: 'camille@nord.example',
    actorName: 'Camille Martin',
    targetType: 'user',
    targetId: null,
    ip: '203.0.113.7',
    userAgent: 'Firefox',
    before: null,
    after: null,
    details: {},
    createdAt: '2026-03-10T09:00:00.000Z',
    ...overrides,
  };
}

const trail: AuditEventList = {
  items: [
    event({
      action: 'role.changed',
      targetId: 'user-sam',
      before: { organizationRole: 'trainer' },
      after: { organizationRole: 'manager' },
    }),
    event({ action: 'export.created', details: { export: 'attendance_sheet', title: 'Excel avancé' } }),
    event({ action: 'time.reset', details: { scope: 'total' }, actorName: null, actorEmail: null, ip: null }),
    event({
      action: 'course.assign',
      organizationId: null,
      organizationName: null,
      details: { summary: 'Formation « Excel » attribuée' },
    }),
  ],
  total: 4,
  page: 1,
  pageSize: 20,
};

const EMPTY: AuditEventList = { items: [], total: 0, page: 1, pageSize: 20 };

/** The query of each request the screen sent to the trail. */
const sentQueries = (fetchMock: ReturnType<typeof mockApi>['fetchMock']) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').searchParams);

afterEach(() => changeLanguage('fr'));

describe('the audit trail', () => {
  it("writes each event in the reader's language, with what changed, who and from where", async () => {
    mockApi({ 'GET /api/audit/events': { body: trail } });
    renderWithProviders(<AuditTrail showOrganization />);
    expect(await screen.findByText('Rôle modifié')).toBeTruthy();
    expect(screen.getByText('organizationRole : trainer → manager')).toBeTruthy();
    expect(screen.getByText("Feuille d'émargement « Excel avancé » (PDF)")).toBeTruthy();
    expect(screen.getByText('Temps total et sessions effacés')).toBeTruthy();
    expect(screen.getByText('Le système')).toBeTruthy();
    expect(screen.getAllByText('Par Camille Martin')).toHaveLength(3);
    expect(screen.getAllByText('Depuis 203.0.113.7').length).toBeGreaterThan(0);
    expect(screen.getByText('Plateforme')).toBeTruthy();
    // An admin's action: the line its module kept, marked as French.
    expect(screen.getByText("Action d'administration")).toBeTruthy();
    expect(screen.getByText('Formation « Excel » attribuée').getAttribute('lang')).toBe('fr');
    expect(screen.getByText('4 événements')).toBeTruthy();
  });

  it('writes them in English for an English reader', async () => {
    await changeLanguage('en');
    mockApi({ 'GET /api/audit/events': { body: trail } });
    renderWithProviders(<AuditTrail />);
    expect(await screen.findByText('Role changed')).toBeTruthy();
    expect(screen.getByText('organizationRole: trainer → manager')).toBeTruthy();
    expect(screen.getByText('Attendance sheet “Excel avancé” (PDF)')).toBeTruthy();
    expect(screen.queryByText('Formations du Nord')).toBeNull();
  });

  it('sends the filters chosen, and exports the same ones', async () => {
    const { fetchMock } = mockApi({ 'GET /api/audit/events': { body: trail } });
    renderWithProviders(<AuditTrail organizationId={ORGANIZATION} />);
    await screen.findByText('Rôle modifié');
    fireEvent.change(screen.getByLabelText("Type d'événement"), { target: { value: 'export' } });
    fireEvent.change(screen.getByLabelText('Auteur (nom ou e-mail)'), { target: { value: 'camille' } });
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-03-01' } });
    await waitFor(() => {
      const last = sentQueries(fetchMock).at(-1)!;
      expect(last.get('action')).toBe('export.');
      expect(last.get('actor')).toBe('camille');
      expect(last.get('organizationId')).toBe(ORGANIZATION);
      expect(last.get('from')).toBe(new Date('2026-03-01T00:00:00').toISOString());
    });
    const exportLink = screen.getByRole('link', { name: 'Exporter en CSV' });
    const exportUrl = new URL(exportLink.getAttribute('href')!, 'http://localhost');
    expect(exportUrl.pathname).toBe('/api/audit/events/export');
    expect(exportUrl.searchParams.get('action')).toBe('export.');
    expect(exportUrl.searchParams.get('actor')).toBe('camille');
    expect(exportUrl.searchParams.get('organizationId')).toBe(ORGANIZATION);
  });

  it('says when the days are out of order, and sends them only once corrected', async () => {
    const { fetchMock } = mockApi({ 'GET /api/audit/events': { body: trail } });
    renderWithProviders(<AuditTrail />);
    await screen.findByText('Rôle modifié');
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-03-01' } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La date de fin doit être postérieure ou égale à la date de début.',
    );
    expect(screen.getByRole('button', { name: 'Exporter en CSV' }).hasAttribute('disabled')).toBe(true);
    expect(sentQueries(fetchMock).every((query) => !query.has('to'))).toBe(true);
  });

  it('shows an empty trail, and an empty search with a way back', async () => {
    mockApi({ 'GET /api/audit/events': { body: EMPTY } });
    renderWithProviders(<AuditTrail />);
    expect(await screen.findByText('Aucun événement')).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Type d'événement"), { target: { value: 'auth' } });
    expect(await screen.findByText('Aucun événement pour ces filtres')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Effacer les filtres' })[0]!);
    expect(await screen.findByText('Aucun événement')).toBeTruthy();
  });
});
