import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastFakePad } from '@/testing/fake-signature-pad';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { SignatureForm } from './signature-form';

const lastPad = lastFakePad;

beforeEach(() => {
  mockApi({ 'GET /api/auth/session': { body: { user: null } } });
});

describe('SignatureForm', () => {
  it('refuses an empty pad without calling onSubmit, then sends the drawing as a PNG data URL', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SignatureForm padLabel="Votre signature" submitLabel="Signer" onSubmit={onSubmit} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Signer' }));
    expect(
      await screen.findByText('Le cadre est vide : tracez votre signature avant de valider.'),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    act(() => lastPad().draw());
    expect(screen.queryByText(/Le cadre est vide/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Signer' }));
    expect(onSubmit).toHaveBeenCalledWith(`data:image/png;base64,${btoa('strokes:1')}`);
  });

  it('forgets the drawing on Effacer, so the next submit is refused again', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SignatureForm padLabel="Votre signature" submitLabel="Signer" onSubmit={onSubmit} />,
    );
    await screen.findByRole('button', { name: 'Signer' });
    act(() => lastPad().draw());
    fireEvent.click(screen.getByRole('button', { name: 'Effacer' }));
    expect(lastPad().isEmpty()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Signer' }));
    expect(await screen.findByText(/Le cadre est vide/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('names the pad and tells keyboard users how else to sign', async () => {
    renderWithProviders(<SignatureForm padLabel="Votre signature" submitLabel="Signer" onSubmit={vi.fn()} />);
    const pad = await screen.findByRole('img', { name: 'Votre signature' });
    const hint = document.getElementById(pad.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('demandez à votre formateur de vous faire signer sur son appareil');
  });
});
