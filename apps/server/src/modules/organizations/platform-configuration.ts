import type { PlatformConfiguration, PlatformSettingName } from '@cursus/contracts';
import { PLATFORM_SETTING_NAMES } from '@cursus/contracts';
import type { Env } from '../../config/env.ts';

/**
 * What `/admin/settings` shows of the platform's configuration: modes and whether each setting is
 * given, read once at start-up. Never a value that could hold a secret: the database and SMTP
 * addresses carry credentials, so only their presence is said.
 */
export function describePlatform(env: Env, databaseEngine: 'pglite' | 'postgres'): PlatformConfiguration {
  const isSet: Record<PlatformSettingName, boolean> = {
    APP_URL: Boolean(env.APP_URL),
    DATABASE_URL: Boolean(env.DATABASE_URL),
    DATABASE_OWNER_URL: Boolean(env.DATABASE_OWNER_URL),
    SMTP_URL: Boolean(env.SMTP_URL),
    AUTH_SECRET: Boolean(env.AUTH_SECRET),
    FUNDING_WEBHOOK_SECRET: Boolean(env.FUNDING_WEBHOOK_SECRET),
    AI_BASE_URL: Boolean(env.AI_BASE_URL),
    AI_API_KEY: Boolean(env.AI_API_KEY),
    S3_BUCKET: Boolean(env.S3_BUCKET),
    S3_ENDPOINT: Boolean(env.S3_ENDPOINT),
    SEED_DEMO: Boolean(env.SEED_DEMO),
    TRUST_PROXY: env.TRUST_PROXY !== false,
  };
  return {
    environment: env.NODE_ENV,
    appUrl: env.APP_URL ?? null,
    adminEmailCount: env.ADMIN_EMAILS.length,
    supportEmail: env.SUPPORT_EMAIL,
    mailMode: env.SMTP_URL ? 'smtp' : 'log',
    mailFrom: env.MAIL_FROM,
    storageMode: env.S3_BUCKET ? 's3' : 'local',
    databaseEngine,
    settings: PLATFORM_SETTING_NAMES.map((name) => ({ name, isSet: isSet[name] })),
  };
}
