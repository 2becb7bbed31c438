import type { PlanningSession } from '@cursus/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { checkMove, toCalendarEvents } from '../lib/calendar-events';
import { CalendarFeedCard, webcalUrl } from './calendar-feed-card';
import { createMoveHandler } from './move-handler';
import { PlanningCalendar } from './planning-calendar';

const SESSION_ID = '3f0e8a52-8f7e-4d38-9a57-000000000001';
const COURSE_ID = '3f0e8a52-8f7e-4d38-9a57-000000000002';
const FEED_URL = `http://localhost:3000/api/planning/feed/${'a'.repeat(43)}.ics`;

function session(overrides: Partial<PlanningSession> = {}): PlanningSession {
  return {
    id: SESSION_ID,
    title: 'Atelier tableaux croisés',
    courseId: null,
    courseTitle: null,
    // 09:00 to 11:00 in Paris (winter time).
    startsAt: '2026-12-03T08:00:00.000Z',
    endsAt: '2026-12-03T10:00:00.000Z',
    durationMinutes: 120,
    location: 'Salle Lumière',
    meetingUrl: null,
    trainerId: 'trainer',
    trainerName: 'Julien Moreau',
    participantCount: 3,
    timing: 'upcoming',
    lock: null,
    ...overrides,
  };
}

/** A calendar date as FullCalendar hands it over: the Paris wall clock in UTC fields. */
const wall = (local: string) => new Date(`${local}:00Z`);
const NOW = new Date('2026-11-26T10:00:00Z');

describe('the planning calendar’s events', () => {
  it('shows sessions at Paris time, formations as all-day spans, and only movable sessions as editable', () => {
    const events = toCalendarEvents({
      sessions: [session(), session({ id: 'signed', lock: 'signed' })],
      formations: [
        {
          id: COURSE_ID,
          title: 'Excel avancé',
          startsOn: '2026-12-01',
          endsOn: '2026-12-31',
          status: 'draft',
        },
      ],
    });
    expect(events[0]).toMatchObject({
      allDay: true,
      start: '2026-12-01',
      end: '2027-01-01',
      editable: false,
    });
    expect(events[0]!.classNames).toContain('planning-draft');
    expect(events[1]).toMatchObject({
      start: '2026-12-03T09:00:00',
      end: '2026-12-03T11:00:00',
      editable: true,
    });
    expect(events[2]).toMatchObject({ editable: false, classNames: ['planning-session', 'planning-locked'] });
  });

  it('turns a drop into a new start and length, and refuses what the server would', () => {
    // Summer time: 14:00 in Paris is 12:00 UTC.
    expect(
      checkMove({ start: wall('2027-06-10T14:00'), end: wall('2027-06-10T15:30'), allDay: false }, NOW),
    ).toEqual({
      ok: true,
      input: { meetingDate: '2027-06-10T12:00:00.000Z', durationMinutes: 90 },
    });
    expect(checkMove({ start: wall('2026-12-04T00:00'), end: null, allDay: true }, NOW)).toEqual({
      ok: false,
      reason: 'allDay',
    });
    expect(
      checkMove({ start: wall('2026-11-20T09:00'), end: wall('2026-11-20T10:00'), allDay: false }, NOW),
    ).toEqual({
      ok: false,
      reason: 'inPast',
    });
    expect(
      checkMove({ start: wall('2026-12-04T09:00'), end: wall('2026-12-04T22:00'), allDay: false }, NOW),
    ).toEqual({
      ok: false,
      reason: 'tooLong',
    });
  });
});

describe('dropping a session', () => {
  const change = (start: string, end: string) => ({
    event: { id: SESSION_ID, start: wall(start), end: wall(end), allDay: false },
    revert: vi.fn(),
  });

  it('sends the new times and keeps the session where it was dropped', async () => {
    const reschedule = vi.fn().mockResolvedValue({});
    const onMoved = vi.fn();
    const onRefused = vi.fn();
    const handle = createMoveHandler({
      reschedule,
      describeRefusal: String,
      onMoved,
      onRefused,
      now: () => NOW,
    });
    const drop = change('2026-12-04T14:00', '2026-12-04T16:00');
    await handle(drop);
    expect(reschedule).toHaveBeenCalledWith({
      id: SESSION_ID,
      meetingDate: '2026-12-04T13:00:00.000Z',
      durationMinutes: 120,
    });
    expect(onMoved).toHaveBeenCalled();
    expect(drop.revert).not.toHaveBeenCalled();
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('puts the session back and says why when the server refuses', async () => {
    const reschedule = vi.fn().mockRejectedValue(new ApiError({ code: 'SESSION_SIGNED', status: 409 }));
    const onRefused = vi.fn();
    const handle = createMoveHandler({
      reschedule,
      describeRefusal: String,
      onMoved: vi.fn(),
      onRefused,
      now: () => NOW,
    });
    const drop = change('2026-12-04T14:00', '2026-12-04T16:00');
    await handle(drop);
    expect(drop.revert).toHaveBeenCalled();
    expect(onRefused).toHaveBeenCalledWith(
      'Cette session a déjà des signatures d’émargement\u00a0: elle reste à sa date.',
    );
  });

  it('puts back a drop in the past without asking the server', async () => {
    const reschedule = vi.fn();
    const onRefused = vi.fn();
    const handle = createMoveHandler({
      reschedule,
      describeRefusal: (reason) => `refused:${reason}`,
      onMoved: vi.fn(),
      onRefused,
      now: () => NOW,
    });
    const drop = change('2026-11-01T09:00', '2026-11-01T10:00');
    await handle(drop);
    expect(reschedule).not.toHaveBeenCalled();
    expect(drop.revert).toHaveBeenCalled();
    expect(onRefused).toHaveBeenCalledWith('refused:inPast');
  });
});

describe('the calendar subscription', () => {
  it('creates the private link, then shows it to copy and to open in a calendar app', async () => {
    const { calls } = mockApi({
      'GET /api/planning/feed': { body: { url: null, createdAt: null } },
      'POST /api/planning/feed': { body: { url: FEED_URL, createdAt: '2026-11-26T10:00:00.000Z' } },
    });
    renderWithProviders(<CalendarFeedCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Créer mon lien d’abonnement' }));
    const input = (await screen.findByLabelText('Adresse d’abonnement (iCal)')) as HTMLInputElement;
    expect(input.value).toBe(FEED_URL);
    expect(screen.getByRole('link', { name: 'Ouvrir dans mon agenda' }).getAttribute('href')).toBe(
      webcalUrl(FEED_URL),
    );
    expect(webcalUrl(FEED_URL)).toMatch(/^webcal:\/\/localhost:3000\//);
    expect(screen.getByText('Lien créé le 26 novembre 2026')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('asks before making a new link, since the old one stops working', async () => {
    const { calls } = mockApi({
      'GET /api/planning/feed': { body: { url: FEED_URL, createdAt: '2026-11-26T10:00:00.000Z' } },
      'POST /api/planning/feed': {
        body: { url: FEED_URL.replace('aaaa', 'bbbb'), createdAt: '2026-11-27T10:00:00.000Z' },
      },
    });
    renderWithProviders(<CalendarFeedCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Générer un nouveau lien' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.getByText(/L’ancien lien cessera aussitôt de fonctionner/)).toBeTruthy();
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(
      [...dialog.querySelectorAll('button')].find(
        (button) => button.textContent === 'Générer un nouveau lien',
      )!,
    );
    expect(await screen.findByDisplayValue(FEED_URL.replace('aaaa', 'bbbb'))).toBeTruthy();
  });
});

describe('the planning screen', () => {
  it('asks for the period shown and draws its sessions and formations', async () => {
    // Tomorrow mid-morning: 24 hours from a Saturday evening ran past midnight into Monday, and the
    // month view drew the session twice, once on each week's row.
    const tomorrowAt10 = new Date();
    tomorrowAt10.setDate(tomorrowAt10.getDate() + 1);
    tomorrowAt10.setHours(10, 0, 0, 0);
    const tomorrowAt11 = new Date(tomorrowAt10.getTime() + 3_600_000);
    const { calls, fetchMock } = mockApi({
      'GET /api/trainer/planning/filters': {
        body: {
          courses: [{ id: COURSE_ID, title: 'Excel avancé' }],
          trainers: [{ id: 'trainer', fullName: 'Julien Moreau' }],
        },
      },
      'GET /api/trainer/planning': {
        body: {
          sessions: [session({ startsAt: tomorrowAt10.toISOString(), endsAt: tomorrowAt11.toISOString() })],
          formations: [],
        },
      },
    });
    renderWithProviders(<PlanningCalendar />);
    expect(await screen.findByText('Atelier tableaux croisés')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Julien Moreau' })).toBeTruthy();
    // The toolbar in the app's words.
    for (const name of ['Précédent', 'Suivant', 'Aujourd’hui', 'Mois', 'Semaine', 'Jour', 'Agenda'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    const asked = calls.find((call) => call.path === '/api/trainer/planning');
    expect(asked).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Formation'), { target: { value: COURSE_ID } });
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes(`courseId=${COURSE_ID}`))).toBe(
        true,
      ),
    );
  });

  it('opens on the agenda on a phone, where month cells are a few letters wide', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 639px)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    mockApi({
      'GET /api/trainer/planning/filters': { body: { courses: [], trainers: [] } },
      'GET /api/trainer/planning': { body: { sessions: [], formations: [] } },
    });
    try {
      renderWithProviders(<PlanningCalendar />);
      const agenda = await screen.findByRole('button', { name: 'Agenda' });
      expect(agenda.getAttribute('aria-pressed')).toBe('true');
      expect(screen.getByRole('button', { name: 'Mois' }).getAttribute('aria-pressed')).toBe('false');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
