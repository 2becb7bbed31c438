import { z } from 'zod';
import { type RouteContract, SIGNED_IN_OWN_DATA } from './common.ts';
import type { Role } from './roles.ts';

/**
 * The emails a person receives about their learning or their work (SPEC 7), each of which they can
 * turn off. Account emails (address confirmation, password reset) and positioning invitations are
 * not among them: they cannot be turned off.
 */
export const USER_EMAIL_TEMPLATES = [
  'missing-signature',
  'inactivity-reminder',
  'group-session-created',
  'group-session-reminder',
  'session-quiz-available',
  'question-created',
  'question-replied',
  'student-reply-received',
  'meeting-invitation',
] as const;
export const UserEmailTemplateSchema = z.enum(USER_EMAIL_TEMPLATES);
export type UserEmailTemplate = z.infer<typeof UserEmailTemplateSchema>;

/** The kinds each role receives, so the profile shows only the toggles that matter to them. */
export const EMAIL_KINDS_BY_ROLE: Record<Role, readonly UserEmailTemplate[]> = {
  student: [
    'question-replied',
    'inactivity-reminder',
    'missing-signature',
    'group-session-created',
    'group-session-reminder',
    'session-quiz-available',
    'meeting-invitation',
  ],
  trainer: [
    'question-created',
    'student-reply-received',
    'meeting-invitation',
    'group-session-created',
    'group-session-reminder',
  ],
  admin: [
    'question-created',
    'student-reply-received',
    'meeting-invitation',
    'group-session-created',
    'group-session-reminder',
  ],
};

export const EmailPreferenceSchema = z.object({ kind: UserEmailTemplateSchema, enabled: z.boolean() });
export type EmailPreference = z.infer<typeof EmailPreferenceSchema>;

/** Every kind of the caller's role, on unless they turned it off. */
export const EmailPreferencesSchema = z.object({ preferences: z.array(EmailPreferenceSchema) });
export type EmailPreferences = z.infer<typeof EmailPreferencesSchema>;

export const UpdateEmailPreferencesInputSchema = z.object({
  preferences: z.array(EmailPreferenceSchema).min(1).max(USER_EMAIL_TEMPLATES.length),
});
export type UpdateEmailPreferencesInput = z.infer<typeof UpdateEmailPreferencesInputSchema>;

/** A signed unsubscribe token, as the email's link carries it (base64url, two parts). */
export const UnsubscribeQuerySchema = z.object({
  token: z
    .string()
    .max(512)
    .regex(/^[\w-]+\.[\w-]+$/),
});
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuerySchema>;

/** What a token names, shown before the person confirms, then once it is done. */
export const UnsubscribeResultSchema = z.object({ kind: UserEmailTemplateSchema, unsubscribed: z.boolean() });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;

export const emailPreferenceRoutes = {
  get: {
    method: 'GET',
    path: '/api/email-preferences',
    access: SIGNED_IN_OWN_DATA,
    response: EmailPreferencesSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/email-preferences',
    access: SIGNED_IN_OWN_DATA,
    body: UpdateEmailPreferencesInputSchema,
    response: EmailPreferencesSchema,
  },
  /** Reads what a token names without changing anything: the page asks before unsubscribing. */
  inspectUnsubscribe: {
    method: 'GET',
    path: '/api/email/unsubscribe',
    access: 'public',
    query: UnsubscribeQuerySchema,
    response: UnsubscribeResultSchema,
  },
  /**
   * One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` as a form to
   * the List-Unsubscribe address, the web page POSTs after the person confirms. The token is in the
   * query either way; no session needed.
   */
  unsubscribe: {
    method: 'POST',
    path: '/api/email/unsubscribe',
    access: 'public',
    query: UnsubscribeQuerySchema,
    response: UnsubscribeResultSchema,
  },
} as const satisfies Record<string, RouteContract>;
