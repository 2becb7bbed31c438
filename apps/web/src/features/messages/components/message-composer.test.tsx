import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { MessageComposer } from './message-composer';

function renderComposer(onSend = vi.fn(async () => {})) {
  // The composer itself calls nothing: sending is the parent's.
  mockApi({});
  renderWithProviders(<MessageComposer onSend={onSend} isSending={false} uploadProgress={null} />);
  return {
    onSend,
    field: screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Votre message' }),
    sendButton: screen.getByRole<HTMLButtonElement>('button', { name: 'Envoyer' }),
  };
}

describe('the message composer', () => {
  it('keeps send disabled while the message is empty or only spaces', () => {
    const { field, sendButton, onSend } = renderComposer();
    expect(sendButton.disabled).toBe(true);
    fireEvent.change(field, { target: { value: '   \n  ' } });
    expect(sendButton.disabled).toBe(true);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'Bonjour' } });
    expect(sendButton.disabled).toBe(false);
  });

  it('sends the trimmed text on Enter, then empties the field', async () => {
    const { field, onSend } = renderComposer();
    fireEvent.change(field, { target: { value: '  Bonjour Julien  ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith({ body: 'Bonjour Julien', file: null });
    await waitFor(() => expect(field.value).toBe(''));
  });

  it('starts a new line on Shift+Enter instead of sending', () => {
    const { field, onSend } = renderComposer();
    fireEvent.change(field, { target: { value: 'Première ligne' } });
    const notPrevented = fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    expect(notPrevented).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    expect(field.value).toBe('Première ligne');
  });

  it('keeps the text when sending fails, for a retry', async () => {
    const onSend = vi.fn(async () => {
      throw new Error('offline');
    });
    const { field, sendButton } = renderComposer(onSend);
    fireEvent.change(field, { target: { value: 'À renvoyer' } });
    fireEvent.click(sendButton);
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(field.value).toBe('À renvoyer');
  });

  it('sends an attachment alone, and refuses a format it cannot carry', async () => {
    const { sendButton, onSend } = renderComposer();
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(picker, { target: { files: [new File(['x'], 'notes.docx')] } });
    expect((await screen.findByRole('alert')).textContent).toContain('Format non pris en charge');
    expect(sendButton.disabled).toBe(true);
    const pdf = new File(['%PDF-1.7'], 'fiche.pdf', { type: 'application/pdf' });
    fireEvent.change(picker, { target: { files: [pdf] } });
    expect(screen.getByText('fiche.pdf')).toBeTruthy();
    fireEvent.click(sendButton);
    expect(onSend).toHaveBeenCalledWith({ body: '', file: pdf });
  });
});
