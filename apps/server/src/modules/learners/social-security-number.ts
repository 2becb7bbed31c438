/**
 * A social security number as staff may see it: sex, year and month of birth, and the key
 * (`1 85 05 •• ••• ••• 42`); the department, commune and order number, which single a person out,
 * are hidden. The number itself never leaves the service.
 */
export function maskSocialSecurityNumber(nir: string): string {
  const compact = nir.replace(/\s+/g, '');
  return `${compact.slice(0, 1)} ${compact.slice(1, 3)} ${compact.slice(3, 5)} •• ••• ••• ${compact.slice(13, 15)}`;
}
