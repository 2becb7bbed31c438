import type { TrainerSignature } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { TrainerSignatures } from './trainer-signatures';

const SIGNATURE_ID = '2b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';

function signature(overrides: Partial<TrainerSignature> = {}): TrainerSignature {
  return {
    id: SIGNATURE_ID,
    courseId: '1b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
    courseTitle: 'Excel : les fondamentaux',
    signatureType: 'formation_completion',
    moduleIndex: null,
    moduleTitle: null,
    status: 'pending',
    requestedAt: '2026-11-20T09:00:00.000Z',
    signedAt: null,
    studentId: 'user-1',
    studentName: 'Léa Martin',
    studentEmail: 'lea@example.com',
    lastRemindedAt: null,
    ...overrides,
  };
}

describe('the trainer signatures screen', () => {
  it('reminds a pending signature, then no longer offers it the same day', async () => {
    let remindedAt: string | null = null;
    const { calls } = mockApi({
      'GET /api/courses': { body: { items: [], total: 0, page: 1, pageSize: 100 } },
      'GET /api/trainer/signatures': () => ({
        body: {
          items: [
            signature({ lastRemindedAt: remindedAt }),
            signature({
              id: '3b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
              studentName: 'Hugo Bernard',
              status: 'signed',
              signedAt: '2026-11-21T09:00:00.000Z',
            }),
          ],
          total: 2,
          page: 1,
          pageSize: 20,
        },
      }),
      [`POST /api/trainer/signatures/${SIGNATURE_ID}/remind`]: () => {
        remindedAt = new Date().toISOString();
        return { body: { lastRemindedAt: remindedAt } };
      },
    });
    renderWithProviders(<TrainerSignatures />);
    const list = await screen.findByRole('list', { name: 'Signatures' });
    const [lea, hugo] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(lea).getByText('En attente')).toBeTruthy();
    // A signed one cannot be reminded.
    expect(within(hugo).queryByRole('button')).toBeNull();

    fireEvent.click(within(lea).getByRole('button', { name: 'Relancer Léa Martin' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    await waitFor(() =>
      expect(
        (within(lea).getByRole('button', { name: 'Relancer Léa Martin' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
  });

  it('tells an empty list from filters that match nothing', async () => {
    mockApi({
      'GET /api/courses': { body: { items: [], total: 0, page: 1, pageSize: 100 } },
      'GET /api/trainer/signatures': { body: { items: [], total: 0, page: 1, pageSize: 20 } },
    });
    renderWithProviders(<TrainerSignatures />);
    expect(await screen.findByText('Aucune signature')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Statut'), { target: { value: 'pending' } });
    expect(await screen.findByText('Aucun résultat')).toBeTruthy();
  });
});
