import { z } from 'zod';

export const ROLES = ['student', 'trainer', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Languages the interface speaks; anything else falls back to French (SPEC 5). */
export const LANGUAGES = ['fr', 'en'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;
export const DEFAULT_LANGUAGE: Language = 'fr';

export function normalizeLanguage(value: unknown): Language {
  return value === 'en' ? 'en' : DEFAULT_LANGUAGE;
}

/** Where each role lands after sign-in (SPEC 4); students pass through /ui, which redirects to /dashboard. */
export const HOME_BY_ROLE: Record<Role, string> = {
  admin: '/admin/dashboard',
  trainer: '/trainer/dashboard',
  student: '/dashboard',
};

export const PROFILE_PATH_BY_ROLE: Record<Role, string> = {
  admin: '/admin/profile',
  trainer: '/trainer/profile',
  student: '/profile',
};
