import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { DateRangeFields } from './date-range-fields';

const invalid = (label: string) => screen.getByLabelText(label).getAttribute('aria-invalid');

describe('DateRangeFields', () => {
  beforeEach(async () => {
    await changeLanguage('fr');
  });

  it('labels both days, bounds each picker by the other and reports each change on its own', () => {
    const onChange = vi.fn();
    render(<DateRangeFields from="2026-03-01" to="2026-03-31" onChange={onChange} />);
    expect(screen.getByLabelText('Du').getAttribute('max')).toBe('2026-03-31');
    expect(screen.getByLabelText('Au').getAttribute('min')).toBe('2026-03-01');
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-03-20' } });
    expect(onChange.mock.calls).toEqual([[{ from: '2026-03-05' }], [{ to: '2026-03-20' }]]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(invalid('Du')).toBeNull();
  });

  it('accepts a period of one day', () => {
    render(<DateRangeFields from="2026-03-10" to="2026-03-10" onChange={() => {}} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the end comes before the start, and marks both days with it', () => {
    render(<DateRangeFields from="2026-03-10" to="2026-03-01" onChange={() => {}} error="ignored" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('La date de fin doit être postérieure ou égale à la date de début.');
    for (const label of ['Du', 'Au']) {
      expect(invalid(label)).toBe('true');
      expect(screen.getByLabelText(label).getAttribute('aria-describedby')).toBe(alert.id);
    }
  });

  it("shows the screen's own problem against the start day", () => {
    render(<DateRangeFields from="2024-01-01" to="2025-03-31" onChange={() => {}} error="Trop long" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Trop long');
    expect(invalid('Du')).toBe('true');
    expect(invalid('Au')).toBeNull();
    expect(screen.getByLabelText('Au').getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('words the days in English', async () => {
    await changeLanguage('en');
    render(<DateRangeFields from="2026-03-10" to="2026-03-01" onChange={() => {}} />);
    expect(screen.getByLabelText('From')).toBeTruthy();
    expect(screen.getByLabelText('To')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The end date must be on or after the start date.');
  });
});
