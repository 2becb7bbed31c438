/**
 * Returns `target` when it is a path on this site, else undefined. The `redirect` query of /auth is
 * chosen by whoever wrote the link, so an absolute or protocol-relative URL ('//evil.com', and
 * '/\evil.com', which browsers read the same way) would turn sign-in into an open redirect.
 */
export function getSafeRedirect(target: string | null | undefined): string | undefined {
  if (!target) return undefined;
  if (!target.startsWith('/')) return undefined;
  if (target.startsWith('//') || target.startsWith('/\\')) return undefined;
  // Control characters (tab, newline) are stripped by URL parsers and could rebuild a '//' prefix.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(target)) return undefined;
  try {
    const base = 'https://cursus.invalid';
    const url = new URL(target, base);
    if (url.origin !== base) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}
