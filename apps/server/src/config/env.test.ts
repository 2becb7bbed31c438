import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('fills the defaults a newcomer needs', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SEED_DEMO: true,
      APP_URL: 'http://localhost:3000',
    });
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => parseEnv({ PORT: 'eighty', ADMIN_EMAILS: 'boss@x.example,not-an-email' })).toThrow(EnvError);
    try {
      parseEnv({ PORT: 'eighty', SEED_DEMO: 'maybe' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/SEED_DEMO/);
    }
  });

  it('requires two-factor authentication of admins in production unless told otherwise', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).MFA_REQUIRED_FOR_ADMINS).toBe(true);
    const optedOut = parseEnv({ NODE_ENV: 'production', MFA_REQUIRED_FOR_ADMINS: 'false' });
    expect(optedOut.MFA_REQUIRED_FOR_ADMINS).toBe(false);
    expect(parseEnv({}).MFA_REQUIRED_FOR_ADMINS).toBe(false);
    expect(parseEnv({ MFA_REQUIRED_FOR_ADMINS: 'true' }).MFA_REQUIRED_FOR_ADMINS).toBe(true);
    expect(() => parseEnv({ MFA_REQUIRED_FOR_ADMINS: 'yes' })).toThrow(/MFA_REQUIRED_FOR_ADMINS/);
  });

  it('never seeds the demo in production: off by default, refused when asked for', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(() => parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(EnvError);
    expect(() => parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(/SEED_DEMO.*production/);
    // Elsewhere the demo stays the default, and can be turned off.
    expect(parseEnv({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    expect(parseEnv({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('takes a separate owner login only beside a PostgreSQL runtime login', () => {
    const owner = 'postgres://owner@db.example/cursus';
    expect(() => parseEnv({ DATABASE_OWNER_URL: owner })).toThrow(/DATABASE_OWNER_URL/);
    expect(
      parseEnv({ DATABASE_URL: 'postgres://runtime@db.example/cursus', DATABASE_OWNER_URL: owner })
        .DATABASE_OWNER_URL,
    ).toBe(owner);
  });

  it("takes the assistant's model server and model name together, or neither", () => {
    expect(() => parseEnv({ AI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/AI_MODEL/);
    expect(() => parseEnv({ AI_MODEL: 'mistral-small' })).toThrow(/AI_MODEL/);
    expect(parseEnv({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'mistral-small' }).AI_MODEL).toBe(
      'mistral-small',
    );
  });

  it('reads ADMIN_EMAILS as a lower-cased list', () => {
    expect(parseEnv({ ADMIN_EMAILS: ' Boss@X.example , ops@x.example' }).ADMIN_EMAILS).toEqual([
      'boss@x.example',
      'ops@x.example',
    ]);
  });
});
