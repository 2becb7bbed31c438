import type { AssistantReply } from '@cursus/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/toast';
import { apiError, mockApi, renderWithProviders } from '@/testing/test-utils';
import { AssistantPanel } from './assistant-panel';

const CONVERSATION_ID = '7a1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const COURSE_ID = '0b7d4a3e-5b1f-4f6e-9c1d-2a3b4c5d6e7f';

function reply(message: string, sources: AssistantReply['sources'] = []): AssistantReply {
  return { message, conversationId: CONVERSATION_ID, sources };
}

function renderPanel(props: { space?: 'student_space' | 'organization_space'; onClose?: () => void } = {}) {
  return renderWithProviders(
    <AssistantPanel
      space={props.space ?? 'student_space'}
      isOpen
      isSignedIn
      onClose={props.onClose ?? (() => undefined)}
    />,
  );
}

/** Opens the panel and lets the SPEC 9 greeting delay pass. */
async function greeted() {
  await act(() => vi.advanceTimersByTimeAsync(800));
}

const input = () => screen.getByLabelText('Votre message') as HTMLTextAreaElement;
/** The assistant's requests among what the providers sent (the session check among them). */
const assistantCalls = <Call extends { path: string }>(calls: Call[]) =>
  calls.filter((call) => call.path.startsWith('/api/assistant/'));

afterEach(() => {
  vi.useRealTimers();
});

describe('the assistant panel (SPEC 4, 5)', () => {
  it('greets after 800 ms, with the quick prompts while the greeting is alone', async () => {
    vi.useFakeTimers();
    mockApi({});
    renderPanel();
    expect(screen.getByRole('dialog', { name: "Assistant d'apprentissage" })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe("L'assistant écrit…");
    await act(() => vi.advanceTimersByTimeAsync(799));
    expect(screen.queryByText(/Je suis votre assistant/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText(/Je suis votre assistant d'apprentissage/)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Suggestions' })).toBeTruthy();
    expect(document.activeElement).toBe(input());
  });

  it('sends on Enter (not Shift+Enter), shows the reply with its links, and hides the prompts', async () => {
    vi.useFakeTimers();
    const { calls: sent } = mockApi({
      'POST /api/assistant/chat': () => ({
        body: reply(
          'Vous suivez 1 formation :\n- Excel : 50 %\nVoir aussi votre tableau de bord ou https://aide.example.',
          [{ title: 'Excel', href: `/formations/${COURSE_ID}` }],
        ),
      }),
    });
    const onClose = vi.fn();
    renderPanel({ onClose });
    await greeted();
    fireEvent.change(input(), { target: { value: '  où en suis-je ?  ' } });
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(assistantCalls(sent)).toHaveLength(0);
    fireEvent.keyDown(input(), { key: 'Enter' });
    await act(() => vi.runOnlyPendingTimersAsync());
    vi.useRealTimers();
    await screen.findByText(/Vous suivez 1 formation/);
    expect(assistantCalls(sent)[0]?.body).toEqual({ message: 'où en suis-je ?', space: 'student_space' });
    expect(screen.getByText('où en suis-je ?')).toBeTruthy();
    expect(input().value).toBe('');
    expect(screen.queryByRole('list', { name: 'Suggestions' })).toBeNull();
    expect(screen.getByRole('link', { name: 'tableau de bord' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'https://aide.example' }).getAttribute('target')).toBe('_blank');
    const source = screen.getByRole('link', { name: 'Excel' });
    expect(source.getAttribute('href')).toBe(`/formations/${COURSE_ID}`);
    fireEvent.click(source);
    expect(onClose).toHaveBeenCalled();
  });

  it('goes on with the conversation, and clear starts a new one (the server forgets the old)', async () => {
    vi.useFakeTimers();
    const { calls: sent } = mockApi({
      'POST /api/assistant/chat': () => ({ body: reply('Réponse') }),
      [`DELETE /api/assistant/conversations/${CONVERSATION_ID}`]: { body: { ok: true } },
    });
    renderPanel({ space: 'organization_space' });
    await greeted();
    fireEvent.click(screen.getByRole('button', { name: 'Quels sont mes chiffres\u202f?' }));
    vi.useRealTimers();
    await screen.findByText('Réponse');
    fireEvent.change(input(), { target: { value: 'Et la conformité ?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.getAllByText('Réponse')).toHaveLength(2));
    expect(assistantCalls(sent)[1]?.body).toEqual({
      message: 'Et la conformité ?',
      space: 'organization_space',
      conversationId: CONVERSATION_ID,
    });
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Nouvelle conversation' }));
    expect(screen.queryByText('Réponse')).toBeNull();
    expect(assistantCalls(sent).at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/api/assistant/conversations/${CONVERSATION_ID}`,
    });
    await greeted();
    expect(screen.getByText(/Je suis l'assistant de votre organisme/)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Suggestions' })).toBeTruthy();
  });

  it('keeps send disabled for blank text', async () => {
    mockApi({});
    renderPanel();
    const send = screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(input(), { target: { value: '   \n ' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(input(), { target: { value: 'Bonjour' } });
    expect(send.disabled).toBe(false);
  });

  it('shows the SPEC 8 failure toast and gives the question back when sending fails', async () => {
    mockApi({ 'POST /api/assistant/chat': apiError('ASSISTANT_UNAVAILABLE', 502) });
    const toast = vi.spyOn(notify, 'errorWithRetry');
    renderPanel();
    fireEvent.change(input(), { target: { value: 'Une question' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('Erreur', "Impossible d'envoyer le message. Veuillez réessayer."),
    );
    await waitFor(() => expect(input().value).toBe('Une question'));
    expect(screen.queryByText('Une question', { selector: 'div' })).toBeNull();
  });

  it('reads a streamed answer piece by piece, ending with the stored reply', async () => {
    const final = reply('Bonjour, voici la réponse.', [{ title: 'Excel', href: `/formations/${COURSE_ID}` }]);
    const events = [
      'event: delta\ndata: {"text":"Bonjour, "}\n\n',
      'event: delta\ndata: {"text":"voici la réponse."}\n\n',
      `event: done\ndata: ${JSON.stringify(final)}\n\n`,
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(events.join(''), { status: 200, headers: { 'content-type': 'text/event-stream' } }),
      ),
    );
    renderPanel();
    fireEvent.change(input(), { target: { value: 'Mes formations' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await screen.findByText('Bonjour, voici la réponse.');
    expect(screen.getByRole('link', { name: 'Excel' })).toBeTruthy();
  });

  it('a streamed error ends in the failure toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            'event: delta\ndata: {"text":"Bon"}\n\nevent: error\ndata: {"code":"ASSISTANT_UNAVAILABLE"}\n\n',
            {
              status: 200,
              headers: { 'content-type': 'text/event-stream' },
            },
          ),
      ),
    );
    const toast = vi.spyOn(notify, 'errorWithRetry');
    renderPanel();
    fireEvent.change(input(), { target: { value: 'Bonjour' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('Erreur', "Impossible d'envoyer le message. Veuillez réessayer."),
    );
    expect(screen.queryByText('Bon')).toBeNull();
  });
});
