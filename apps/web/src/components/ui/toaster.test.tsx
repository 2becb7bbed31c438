import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { Toaster } from './toaster';

// One sequence: lib/toast.ts loads sonner once per test file.
describe('Toaster (issue 12: sonner loads with the first toast)', () => {
  it('stays empty until a toast is raised, then shows it and those raised while sonner loads', async () => {
    await changeLanguage('fr');
    const { container } = render(<Toaster />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('region')).toBeNull();

    notify.error('Enregistrement impossible');
    notify.success('Formation publiée');

    expect(await screen.findByText('Enregistrement impossible')).toBeTruthy();
    expect(await screen.findByText('Formation publiée')).toBeTruthy();
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy();
  });
});
