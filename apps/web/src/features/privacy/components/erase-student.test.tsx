import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { EraseStudent } from './erase-student';
import { RetentionSettings } from './retention-settings';

const STUDENT_ID = 'student-1';
const ERASURE_URL = `POST /api/privacy/students/${STUDENT_ID}/erasure`;
const PREVIEW_URL = `GET /api/privacy/students/${STUDENT_ID}/erasure`;

function yearFromNow(years: number) {
  return String(new Date().getUTCFullYear() + years);
}

describe('erasing a learner', () => {
  it('says what is erased and what is kept until when, and erases only once confirmed', async () => {
    const onErased = vi.fn();
    const { calls } = mockApi({
      // The learner's organisation's period, as the server reads it.
      [PREVIEW_URL]: {
        body: { retentionYears: 10, retainedUntil: `${yearFromNow(10)}-06-15T09:00:00.000Z` },
      },
      [ERASURE_URL]: {
        body: {
          studentId: STUDENT_ID,
          label: 'Apprenant supprimé student-',
          erasedAt: '2026-03-02T09:00:00.000Z',
          retentionYears: 10,
          retainedUntil: '2036-03-02T09:00:00.000Z',
        },
      },
    });
    renderWithProviders(<EraseStudent studentId={STUDENT_ID} onErased={onErased} />);
    fireEvent.click(screen.getByRole('button', { name: "Effacer l'apprenant…" }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Effacer cet apprenant\u202f?' });
    expect(within(dialog).getByText(/Nom remplacé par « Apprenant supprimé »/)).toBeTruthy();
    expect(within(dialog).getByText(/Messages, sujets et réponses du forum/)).toBeTruthy();
    // Kept until the end of the organisation's period, said with the date.
    expect(
      within(dialog).getByRole('heading', {
        name: new RegExp(`Gardé sans nom jusqu'au .*${yearFromNow(10)}`),
      }),
    ).toBeTruthy();
    expect(within(dialog).getByText(/Émargements et signatures, attestations/)).toBeTruthy();
    expect(within(dialog).getByText(/\(10 ans, réglage de l'organisme\)/)).toBeTruthy();
    // Focus starts on Cancel; cancelling erases nothing.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Annuler' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: "Effacer l'apprenant…" }));
    const again = await screen.findByRole('alertdialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Effacer définitivement' }));
    await waitFor(() => expect(onErased).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('keeps the dialog open with the reason when the erasure is refused', async () => {
    const onErased = vi.fn();
    mockApi({
      [PREVIEW_URL]: { body: { retentionYears: 6, retainedUntil: `${yearFromNow(6)}-06-15T09:00:00.000Z` } },
      [ERASURE_URL]: apiError('USER_NOT_FOUND', 404),
    });
    renderWithProviders(<EraseStudent studentId={STUDENT_ID} onErased={onErased} />);
    fireEvent.click(screen.getByRole('button', { name: "Effacer l'apprenant…" }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Effacer définitivement' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(onErased).not.toHaveBeenCalled();
  });
});

describe('the retention setting', () => {
  it('offers the three presets and saves the one chosen with the button', async () => {
    const { calls } = mockApi({
      'GET /api/privacy/retention': { body: { retentionYears: 6, isCustom: false } },
      'PUT /api/privacy/retention': { body: { retentionYears: 3, isCustom: true } },
    });
    renderWithProviders(<RetentionSettings />);
    const select = (await screen.findByLabelText(
      'Durée de conservation après effacement',
    )) as HTMLSelectElement;
    expect(select.value).toBe('6');
    expect(Array.from(select.options).map((option) => option.text)).toEqual(['3 ans', '6 ans', '10 ans']);
    const save = screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(select, { target: { value: '3' } });
    // Nothing is sent until the choice is saved.
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(save);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ retentionYears: 3 }),
    );
    await waitFor(() => expect(select.value).toBe('3'));
  });
});
