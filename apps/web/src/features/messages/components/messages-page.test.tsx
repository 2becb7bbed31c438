import type { Conversation, ConversationList, Message, MessageList } from '@cursus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { MessagesPage } from './messages-page';

const CONVERSATION_ID = '3c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const conversation: Conversation = {
  id: CONVERSATION_ID,
  participant: { id: 'trainer-1', fullName: 'Julien Moreau', role: 'trainer' },
  lastMessage: {
    text: 'Voici la fiche.',
    hasAttachment: true,
    isMine: false,
    createdAt: '2026-11-25T10:00:00.000Z',
  },
  unreadCount: 2,
  lastMessageAt: '2026-11-25T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
};

function message(id: string, body: string, isMine: boolean): Message {
  return {
    id,
    conversationId: CONVERSATION_ID,
    senderId: isMine ? 'me' : 'trainer-1',
    isMine,
    body,
    file: null,
    createdAt: '2026-11-25T09:00:00.000Z',
  };
}

function Harness({ initial }: { initial: string | null }) {
  const [open, setOpen] = useState(initial);
  return <MessagesPage space="student" conversationId={open} onOpen={setOpen} />;
}

describe('the messages page', () => {
  it('lists conversations with their unread counts and opens one', async () => {
    mockApi({
      'GET /api/messages/conversations': {
        body: { items: [conversation], total: 1, page: 1, pageSize: 20 } satisfies ConversationList,
      },
      [`GET /api/messages/conversations/${CONVERSATION_ID}`]: { body: conversation },
      [`GET /api/messages/conversations/${CONVERSATION_ID}/messages`]: {
        body: {
          items: [message('1b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d', 'Bonjour Léa', false)],
          hasOlder: false,
        } satisfies MessageList,
      },
      [`POST /api/messages/conversations/${CONVERSATION_ID}/read`]: { body: { ok: true } },
      'GET /api/messages/unread-count': { body: { count: 2 } },
    });
    renderWithProviders(<Harness initial={null} />);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByText('2 messages non lus')).toBeTruthy();
    expect(screen.getByText('Choisissez une conversation')).toBeTruthy();
    expect(await screen.findByText('2 messages non lus au total')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: /Julien Moreau/ }));
    expect(await screen.findByText('Bonjour Léa')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Julien Moreau' })).toBeTruthy();
  });

  it('reads a malformed conversation address as a conversation not found, and asks nothing for it', async () => {
    const { calls } = mockApi({
      'GET /api/messages/conversations': {
        body: { items: [conversation], total: 1, page: 1, pageSize: 20 } satisfies ConversationList,
      },
      'GET /api/messages/unread-count': { body: { count: 0 } },
    });
    renderWithProviders(<Harness initial="x" />);
    expect(await screen.findByText('Impossible de charger cette conversation')).toBeTruthy();
    expect(screen.getByText(/n'existe pas|n’existe pas/)).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/messages/conversations/x'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Retour aux conversations' }));
    expect(await screen.findByText('Choisissez une conversation')).toBeTruthy();
  });

  it('marks the open conversation read and sends a message into it', async () => {
    let sent: Message | null = null;
    const { calls } = mockApi({
      'GET /api/messages/conversations': { body: { items: [conversation], total: 1, page: 1, pageSize: 20 } },
      [`GET /api/messages/conversations/${CONVERSATION_ID}`]: { body: conversation },
      [`GET /api/messages/conversations/${CONVERSATION_ID}/messages`]: () => ({
        body: {
          items: [
            message('1b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d', 'Bonjour Léa', false),
            ...(sent ? [sent] : []),
          ],
          hasOlder: false,
        },
      }),
      [`POST /api/messages/conversations/${CONVERSATION_ID}/read`]: { body: { ok: true } },
      'GET /api/messages/unread-count': { body: { count: 2 } },
      [`POST /api/messages/conversations/${CONVERSATION_ID}/messages`]: (call) => {
        sent = message('2b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d', (call.body as { body: string }).body, true);
        return { body: sent };
      },
    });
    renderWithProviders(<Harness initial={CONVERSATION_ID} />);
    await screen.findByText('Bonjour Léa');
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/read'))).toBe(true),
    );
    const field = screen.getByRole('textbox', { name: 'Votre message' });
    fireEvent.change(field, { target: { value: 'Merci pour la fiche' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('Merci pour la fiche')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST' && call.path.endsWith('/messages'));
    expect(post?.body).toEqual({ body: 'Merci pour la fiche', fileId: null });
  });
});
