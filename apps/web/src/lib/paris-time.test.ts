import { describe, expect, it } from 'vitest';
import { fromParisInput, toParisInput } from './paris-time';

describe('Paris time of the session form', () => {
  it('reads the wall clock in Paris, winter and summer', () => {
    expect(fromParisInput('2026-12-01T09:00')).toBe('2026-12-01T08:00:00.000Z');
    expect(fromParisInput('2026-07-01T09:00')).toBe('2026-07-01T07:00:00.000Z');
    expect(toParisInput('2026-07-01T07:00:00.000Z')).toBe('2026-07-01T09:00');
    expect(fromParisInput('demain')).toBeNull();
  });
});
