import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from './use-auth';

function Consumer() {
  useAuth();
  return null;
}

describe('useAuth', () => {
  it('refuses to work outside an AuthProvider (SPEC 8 wording)', () => {
    // React logs the thrown error; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Consumer />)).toThrow('useAuth must be used within an AuthProvider');
  });
});
