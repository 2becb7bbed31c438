import { z } from 'zod';
import { TrustProxySchema } from './trust-proxy.ts';

const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true');
const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    APP_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url().optional(),
    /** A separate owner login for migrations and seeding; DATABASE_URL is then the runtime login. */
    DATABASE_OWNER_URL: z.url().optional(),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().min(3).default('Cursus <no-reply@cursus.local>'),
    ADMIN_EMAILS: emailList.default([]),
    SUPPORT_EMAIL: z.email().default('support@cursus.local'),
    /** Seeds the demo organisation (published passwords) on an empty database; default: not in production. */
    SEED_DEMO: booleanString.optional(),
    /** Platform admins must set up two-factor authentication before anything else; default: in production. */
    MFA_REQUIRED_FOR_ADMINS: booleanString.optional(),
    /** Signs session cookies and email tokens; when unset, generated once into the database (lib/secret.ts). */
    AUTH_SECRET: z.string().min(32).optional(),
    AI_BASE_URL: z.url().optional(),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().optional(),
    /** Encrypts the organisations' funding-platform webhook secrets (docs/funding-webhooks.md); default: the server secret. */
    FUNDING_WEBHOOK_SECRET: z.string().min(16).optional(),
    /** Stored files go to this S3-compatible bucket instead of DATA_DIR/files (modules/files/s3-storage.ts). */
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3 to 63 lower-case letters, digits, dots, hyphens)',
      )
      .optional(),
    S3_REGION: z.string().min(1).optional(),
    /** An S3-compatible server's address (MinIO, Garage, a provider's endpoint); unset means AWS. */
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style addresses (host/bucket/key), which most self-hosted servers need; default: with S3_ENDPOINT. */
    S3_FORCE_PATH_STYLE: booleanString.optional(),
    /** Keys are written under this folder of the bucket. */
    S3_PREFIX: z
      .string()
      .regex(
        /^([A-Za-z0-9._-]+\/)*[A-Za-z0-9._-]+\/?$/,
        'must be a folder path such as cursus/ or cursus/prod',
      )
      .transform((value) => (value.endsWith('/') ? value : `${value}/`))
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Which proxies' X-Forwarded-* headers to believe: false, a hop count or addresses (trust-proxy.ts). */
    TRUST_PROXY: TrustProxySchema.default(false),
    /**
     * Browser journeys only (e2e/support/server.ts): the server's clock becomes real time plus an
     * offset set through POST /api/test/clock, so tests move time instead of waiting for it. Never in
     * production: it would let anyone move the clock that bounds tracked time.
     */
    TEST_CLOCK: booleanString.default(false),
    /** The read benchmark only (bench/src/read-paths.ts): adds its baseline route. Never in production. */
    BENCH_BASELINE: booleanString.default(false),
  })
  .refine((env) => !(env.BENCH_BASELINE && env.NODE_ENV === 'production'), {
    path: ['BENCH_BASELINE'],
    message: 'BENCH_BASELINE cannot be enabled when NODE_ENV is production',
  })
  .refine((env) => !(env.TEST_CLOCK && env.NODE_ENV === 'production'), {
    path: ['TEST_CLOCK'],
    message: 'TEST_CLOCK cannot be enabled when NODE_ENV is production',
  })
  // Any S3_* variable means the operator wants the bucket: a missing name must not fall back to the disk.
  .refine(
    (env) =>
      env.S3_BUCKET ||
      ([env.S3_REGION, env.S3_ENDPOINT, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY, env.S3_PREFIX].every(
        (value) => value === undefined,
      ) &&
        env.S3_FORCE_PATH_STYLE === undefined),
    { path: ['S3_BUCKET'], message: 'S3_BUCKET is required when another S3_* variable is set' },
  )
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
  })
  .refine((env) => !(env.DATABASE_OWNER_URL && !env.DATABASE_URL), {
    path: ['DATABASE_OWNER_URL'],
    message: 'DATABASE_OWNER_URL needs DATABASE_URL (the embedded engine has a single login)',
  })
  // Half a model configuration would leave the assistant on retrieval without a word: say so at start-up.
  .refine((env) => Boolean(env.AI_BASE_URL) === Boolean(env.AI_MODEL), {
    path: ['AI_MODEL'],
    message: 'AI_BASE_URL and AI_MODEL go together (the assistant asks that model on that server)',
  })
  // The demo accounts' passwords are public (README): a production server never creates them.
  .refine((env) => !(env.SEED_DEMO && env.NODE_ENV === 'production'), {
    path: ['SEED_DEMO'],
    message: 'SEED_DEMO cannot be true when NODE_ENV is production (the demo accounts have public passwords)',
  })
  .transform((env) => ({
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    MFA_REQUIRED_FOR_ADMINS: env.MFA_REQUIRED_FOR_ADMINS ?? env.NODE_ENV === 'production',
  }));

export type Env = z.infer<typeof EnvSchema> & { APP_URL: string };

/** Thrown with every invalid variable named, so start-up stops with a message an operator can act on. */
export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return { ...env, APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '') };
}
