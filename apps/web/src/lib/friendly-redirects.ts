import type { Role } from '@cursus/contracts';

/** Mistyped or former addresses and where they lead, whoever asks. */
const PATH_ALIASES: Record<string, string> = {
  '/courses': '/formations',
};

/**
 * SPEC 2 friendly redirects: where a path nobody serves should lead instead, or null when the
 * not-found page is the honest answer. Pure, so the not-found route and its tests share it.
 */
export function getFriendlyRedirect(pathname: string, role: Role | null): string | null {
  // Trailing slashes (except the root itself) are never meaningful in our addresses.
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;

  let target = trimmed;
  for (const [from, to] of Object.entries(PATH_ALIASES)) {
    if (target === from || target.startsWith(`${from}/`)) {
      target = `${to}${target.slice(from.length)}`;
      break;
    }
  }

  // A space's bare prefix leads to its dashboard, for those allowed in; others keep the sign-in or refusal.
  if (target === '/trainer' && (role === 'trainer' || role === 'admin')) target = '/trainer/dashboard';
  // Signed-out visitors keep /admin, the admin sign-in page.
  if (target === '/admin' && role === 'admin') target = '/admin/dashboard';

  return target === pathname ? null : target;
}
