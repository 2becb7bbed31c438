import { describe, expect, it } from 'vitest';
import { getSafeRedirect } from './safe-redirect';

describe('getSafeRedirect', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(getSafeRedirect('/trainer/students?tab=all#top')).toBe('/trainer/students?tab=all#top');
    expect(getSafeRedirect('/dashboard')).toBe('/dashboard');
  });

  it('refuses protocol-relative addresses that browsers send to another site', () => {
    expect(getSafeRedirect('//evil.com')).toBeUndefined();
    expect(getSafeRedirect('//evil.com/dashboard')).toBeUndefined();
    expect(getSafeRedirect('/\\evil.com')).toBeUndefined();
    expect(getSafeRedirect('/\t/evil.com')).toBeUndefined();
  });

  it('refuses absolute URLs and schemes', () => {
    expect(getSafeRedirect('https://evil.com/dashboard')).toBeUndefined();
    expect(getSafeRedirect('http://localhost/dashboard')).toBeUndefined();
    expect(getSafeRedirect('javascript:alert(1)')).toBeUndefined();
  });

  it('refuses relative and empty targets', () => {
    expect(getSafeRedirect('dashboard')).toBeUndefined();
    expect(getSafeRedirect('')).toBeUndefined();
    expect(getSafeRedirect(null)).toBeUndefined();
  });
});
