import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/test-utils';
import { IdleDialog } from './idle-dialog';

describe('IdleDialog', () => {
  it('shows the countdown and confirms presence with "Je suis toujours là"', () => {
    mockApi({});
    const onConfirm = vi.fn();
    renderWithProviders(<IdleDialog countdownSeconds={299} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Êtes-vous toujours là\u202f?' });
    expect(dialog.textContent).toContain('2 heures');
    expect(screen.getByRole('timer').textContent).toContain('Déconnexion automatique dans 04:59');
    const confirm = screen.getByRole('button', { name: 'Je suis toujours là' });
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('takes Escape as presence too', () => {
    mockApi({});
    const onConfirm = vi.fn();
    renderWithProviders(<IdleDialog countdownSeconds={10} onConfirm={onConfirm} />);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
