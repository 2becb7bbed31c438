import { z } from 'zod';
import { ORGANIZATION_STAFF, type RouteContract, SIGNED_IN_OWN_DATA } from './common.ts';

/**
 * GDPR (issue 19 point 3): a person's export of their data, an organisation's erasure of a learner,
 * and how long each kind of record is kept. The periods below are the ones the retention job applies
 * and the ones the public /privacy page lists: one source for both.
 */

/** How long an organisation keeps an erased learner's training evidence, in years. */
export const RETENTION_YEARS_PRESETS = [3, 6, 10] as const;
export type RetentionYears = (typeof RETENTION_YEARS_PRESETS)[number];
/**
 * 6 years by default: a Qualiopi surveillance or renewal audit looks back 3 years, but funders
 * (OPCO, the Caisse des Dépôts for CPF, France Travail, the ESF) may check a funded training's
 * attendance and proof of completion for longer, and the limitation period of a civil claim is
 * 5 years (Code civil, article 2224); 6 years covers both with the year the training ran.
 */
export const DEFAULT_RETENTION_YEARS: RetentionYears = 6;

/** Sign-in logs (IP, browser): 1 year, the CNIL's recommendation for connection logs. */
export const SIGN_IN_LOG_RETENTION_DAYS = 365;
/** Server error logs: 90 days, enough to investigate an incident, and they may hold user ids. */
export const SYSTEM_LOG_RETENTION_DAYS = 90;
/** Pages not found: 30 days, only to spot broken links. */
export const NOT_FOUND_RETENTION_DAYS = 30;

/**
 * The register of processing activities (GDPR article 30) shown on /privacy; each entry's texts are
 * in the `legal` namespace under `privacy.register.<id>`, its retention is one of the constants above
 * or the organisation's setting.
 */
export const PROCESSING_ACTIVITIES = [
  { id: 'account', retention: { kind: 'untilErasure' } },
  { id: 'training', retention: { kind: 'organizationSetting' } },
  { id: 'evidence', retention: { kind: 'organizationSetting' } },
  { id: 'communication', retention: { kind: 'untilErasure' } },
  { id: 'signInLogs', retention: { kind: 'days', days: SIGN_IN_LOG_RETENTION_DAYS } },
  { id: 'systemLogs', retention: { kind: 'days', days: SYSTEM_LOG_RETENTION_DAYS } },
  { id: 'notFound', retention: { kind: 'days', days: NOT_FOUND_RETENTION_DAYS } },
] as const;

/** Exports a person may download per hour: each reads every module and their files. */
export const PERSONAL_DATA_EXPORTS_PER_HOUR = 3;

export const RetentionYearsSchema = z.literal(RETENTION_YEARS_PRESETS);

export const RetentionSettingsSchema = z.object({
  retentionYears: RetentionYearsSchema,
  /** False while the organisation has kept the default. */
  isCustom: z.boolean(),
});
export type RetentionSettings = z.infer<typeof RetentionSettingsSchema>;

export const UpdateRetentionInputSchema = z.object({ retentionYears: RetentionYearsSchema });
export type UpdateRetentionInput = z.infer<typeof UpdateRetentionInputSchema>;

export const ErasureParamsSchema = z.object({ studentId: z.string().min(1).max(100) });

/** What an erasure did: the pseudonym now shown and when the kept evidence will be purged. */
export const ErasureSchema = z.object({
  studentId: z.string(),
  label: z.string(),
  erasedAt: z.iso.datetime(),
  retentionYears: RetentionYearsSchema,
  retainedUntil: z.iso.datetime(),
});
export type Erasure = z.infer<typeof ErasureSchema>;

/** What erasing the learner now would keep, and until when: their organisation's period. */
export const ErasurePreviewSchema = ErasureSchema.pick({ retentionYears: true, retainedUntil: true });
export type ErasurePreview = z.infer<typeof ErasurePreviewSchema>;

export const privacyRoutes = {
  /**
   * The signed-in person's data: a zip holding `data.json` (every module's records about them) and
   * their files. Streamed; 3 per hour.
   */
  exportMine: {
    method: 'GET',
    path: '/api/privacy/export',
    access: SIGNED_IN_OWN_DATA,
    response: z.unknown(),
  },
  getRetention: {
    method: 'GET',
    path: '/api/privacy/retention',
    access: ORGANIZATION_STAFF,
    response: RetentionSettingsSchema,
  },
  updateRetention: {
    method: 'PUT',
    path: '/api/privacy/retention',
    access: ORGANIZATION_STAFF,
    body: UpdateRetentionInputSchema,
    response: RetentionSettingsSchema,
  },
  /** What the confirmation says before an erasure: the period of the learner's organisation. */
  erasurePreview: {
    method: 'GET',
    path: '/api/privacy/students/:studentId/erasure',
    access: ORGANIZATION_STAFF,
    params: ErasureParamsSchema,
    response: ErasurePreviewSchema,
  },
  /** Erases one of the organisation's learners; another organisation's answers 404 USER_NOT_FOUND. */
  eraseStudent: {
    method: 'POST',
    path: '/api/privacy/students/:studentId/erasure',
    access: ORGANIZATION_STAFF,
    params: ErasureParamsSchema,
    response: ErasureSchema,
  },
} as const satisfies Record<string, RouteContract>;
