import type { ForumThreadDetail, ForumThreadSummary } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { ForumDiscussions } from './forum-discussions';

const THREAD_ID = '4b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';
const julien = { id: 'julien', fullName: 'Julien Moreau' };
const sophie = { id: 'sophie', fullName: 'Sophie Lambert' };

const summary: ForumThreadSummary = {
  id: THREAD_ID,
  title: 'Chloé n’avance plus',
  author: sophie,
  pinned: true,
  replyCount: 2,
  likeCount: 1,
  viewCount: 3,
  participants: [
    sophie,
    julien,
    { id: 'a', fullName: 'Anne A' },
    { id: 'b', fullName: 'Bruno B' },
    { id: 'c', fullName: 'Cora C' },
  ],
  participantCount: 7,
  createdAt: '2026-11-20T09:00:00.000Z',
  lastActivityAt: '2026-11-25T09:00:00.000Z',
};

const detail: ForumThreadDetail = {
  thread: {
    id: THREAD_ID,
    organizationId: '3f0e8a52-8f7e-4d38-9a57-4d0f3f8e2b11',
    title: summary.title,
    body: 'Qui l’a eue au téléphone ?\nMerci @Julien Moreau',
    author: sophie,
    mentions: [julien],
    likeCount: 1,
    likedByMe: false,
    isMine: false,
    pinned: true,
    viewCount: 3,
    createdAt: summary.createdAt,
    editedAt: null,
    lastActivityAt: summary.lastActivityAt,
  },
  posts: [],
};

function mockForumApi() {
  return mockApi({
    'GET /api/forum/threads': { body: { items: [summary], total: 1, page: 1, pageSize: 10 } },
    'GET /api/forum/trainers': { body: { items: [julien, sophie] } },
    [`GET /api/forum/threads/${THREAD_ID}`]: { body: detail },
    [`POST /api/forum/threads/${THREAD_ID}/view`]: { body: { viewCount: 3 } },
    'POST /api/forum/threads': { body: detail },
  });
}

const listQueries = (fetchMock: ReturnType<typeof mockApi>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/forum/threads')
    .map((url) => Object.fromEntries(url.searchParams));

/** The route keeps the open thread in the address; here, in state. */
function OpenableDiscussions() {
  const [openThreadId, setOpenThreadId] = useState<string | null>(null);
  return <ForumDiscussions openThreadId={openThreadId} onOpenThread={setOpenThreadId} />;
}

describe('the forum discussions', () => {
  it('lists threads with their counts and participants, and asks the server for the order chosen', async () => {
    const { fetchMock } = mockForumApi();
    renderWithProviders(<ForumDiscussions openThreadId={null} onOpenThread={vi.fn()} />);
    const list = await screen.findByRole('list', { name: 'Discussions' });
    const row = within(list).getAllByRole('listitem')[0]!;
    expect(within(row).getByText('Épinglée')).toBeTruthy();
    expect(within(row).getByText('2 réponses')).toBeTruthy();
    expect(within(row).getByText('3 lecteurs')).toBeTruthy();
    expect(within(row).getByText('+2')).toBeTruthy();
    expect(listQueries(fetchMock).at(-1)).toMatchObject({ sort: 'activity', page: '1' });

    fireEvent.change(screen.getByLabelText('Trier par'), { target: { value: 'likes' } });
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ sort: 'likes', page: '1' }));
    fireEvent.change(screen.getByLabelText('Trier par'), { target: { value: 'replies' } });
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ sort: 'replies' }));
    fireEvent.change(screen.getByLabelText('Rechercher'), { target: { value: 'Chloé' } });
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toMatchObject({ sort: 'replies', search: 'Chloé' }),
    );
  });

  it('opens a thread, counts the reader and highlights the trainer it names', async () => {
    const { calls } = mockForumApi();
    renderWithProviders(<OpenableDiscussions />);
    fireEvent.click(await screen.findByRole('button', { name: summary.title }));
    const thread = await screen.findByRole('article', { name: summary.title });
    const mention = await within(thread).findByText('@Julien Moreau');
    expect(mention.tagName).toBe('MARK');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === `/api/forum/threads/${THREAD_ID}/view`)).toHaveLength(1),
    );
  });

  it('sends a new thread with the ids of the trainers it still names', async () => {
    const { calls } = mockForumApi();
    renderWithProviders(<ForumDiscussions openThreadId={null} onOpenThread={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nouvelle discussion' }));
    const form = screen.getByRole('region', { name: 'Nouvelle discussion' });
    fireEvent.change(within(form).getByLabelText('Titre'), { target: { value: 'Planning' } });
    const box = within(form).getByRole('combobox', { name: 'Message' });
    const text = 'Qui prend jeudi ? @ju';
    fireEvent.change(box, {
      target: { value: text, selectionStart: text.length, selectionEnd: text.length },
    });
    await within(form).findByRole('option', { name: 'Julien Moreau' });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(within(form).getByRole('button', { name: 'Publier' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === '/api/forum/threads')).toBe(true),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Planning',
      body: 'Qui prend jeudi ? @Julien Moreau',
      mentions: ['julien'],
    });
  });
});
