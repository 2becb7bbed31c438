import type { GuestAttemptStart } from '@cursus/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { GuestQuizForm } from './guest-quiz-form';

const ATTEMPT: GuestAttemptStart = {
  attemptId: '7d1b2f3e-1111-4222-8333-444455556666',
  startedAt: '2026-11-23T09:00:00.000Z',
  deadlineAt: '2026-11-23T09:00:03.000Z',
  serverNow: '2026-11-23T09:00:00.000Z',
  questions: [
    {
      id: 'q1',
      type: 'single_choice',
      text: 'À quelle fréquence utilisez-vous Excel ?',
      points: 1,
      options: [
        { id: 'a', text: 'Tous les jours' },
        { id: 'b', text: 'Rarement' },
      ],
    },
  ],
};

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('GuestQuizForm', () => {
  it('keeps the answers of a reload and sends them by itself when the time is up', async () => {
    vi.useFakeTimers({ now: new Date(ATTEMPT.serverNow), toFake: ['Date', 'setInterval', 'clearInterval'] });
    sessionStorage.setItem(
      `quiz-access:answers:${ATTEMPT.attemptId}`,
      JSON.stringify({ q1: { optionIds: ['b'] } }),
    );
    mockApi({});
    const onSubmit = vi.fn();
    renderWithProviders(
      <GuestQuizForm attempt={ATTEMPT} onSubmit={onSubmit} isPending={false} error={null} />,
    );
    expect((screen.getByRole('radio', { name: 'Rarement' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Temps restant : 0:03')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(4000);
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ q1: { optionIds: ['b'] } }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
