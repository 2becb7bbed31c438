import {
  EMAIL_KINDS_BY_ROLE,
  type EmailPreferences,
  type Language,
  PROFILE_PATH_BY_ROLE,
  type Role,
  type SessionUser,
  type UnsubscribeResult,
  type UpdateEmailPreferencesInput,
  type UserEmailTemplate,
} from '@cursus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, type Db, tenantOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { meetingInvitationIcs } from './calendar.ts';
import type { Mailer } from './email.service.ts';
import { emailPreferences } from './email.tables.ts';
import { KIND_LABELS, renderUserEmail, type UserEmailData } from './templates/render.tsx';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/** What sendToUser needs to know of a person (the organisations module's `loadUser`). */
export interface EmailRecipient {
  email: string;
  fullName: string;
  language: Language;
  role: Role;
  organizationName: string | null;
}

export interface SendToUserInput<T extends UserEmailTemplate> {
  userId: string;
  template: T;
  data: UserEmailData[T];
}

export function createUserEmails(deps: {
  database: Pick<Database, 'service' | 'withTenant'>;
  mailer: Pick<Mailer, 'enqueue'>;
  loadUser: (userId: string) => Promise<EmailRecipient | null>;
  tokens: UnsubscribeTokens;
  appUrl: string;
  supportEmail: string;
  log: { error(object: object, message: string): void };
}) {
  const { database, mailer, tokens, appUrl } = deps;
  const db = database.service;

  async function isTurnedOff(userId: string, kind: UserEmailTemplate): Promise<boolean> {
    const [row] = await db
      .select({ enabled: emailPreferences.enabled })
      .from(emailPreferences)
      .where(and(eq(emailPreferences.userId, userId), eq(emailPreferences.kind, kind)));
    return row?.enabled === false;
  }

  async function setPreference(userId: string, kind: UserEmailTemplate, enabled: boolean, tx: Db = db) {
    await tx
      .insert(emailPreferences)
      .values({ userId, kind, enabled })
      .onConflictDoUpdate({
        target: [emailPreferences.userId, emailPreferences.kind],
        set: { enabled, updatedAt: sql`now()` },
      });
  }

  async function queue<T extends UserEmailTemplate>(input: SendToUserInput<T>): Promise<boolean> {
    const { userId, template, data } = input;
    const user = await deps.loadUser(userId);
    if (!user || (await isTurnedOff(userId, template))) return false;
    const { language } = user;
    const token = tokens.sign(userId, template);
    const unsubscribeUrl = new URL(`/unsubscribe?token=${token}`, appUrl).toString();
    const oneClickUrl = new URL(`/api/email/unsubscribe?token=${token}`, appUrl).toString();
    const rendered = await renderUserEmail({
      template,
      language,
      data,
      name: user.fullName,
      appUrl,
      footer: {
        organization: user.organizationName,
        supportEmail: deps.supportEmail,
        unsubscribe: {
          url: unsubscribeUrl,
          preferencesUrl: new URL(`${PROFILE_PATH_BY_ROLE[user.role]}#email-preferences`, appUrl).toString(),
          kindLabel: KIND_LABELS[template][language],
        },
      },
    });
    await mailer.enqueue({
      to: user.email,
      template,
      language,
      ...rendered,
      headers: {
        // The https address is POSTed by mail clients (RFC 8058); the page link in the footer is the
        // one a person clicks, and asks before unsubscribing.
        'List-Unsubscribe': `<${oneClickUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      ics:
        template === 'meeting-invitation'
          ? meetingInvitationIcs(data as UserEmailData['meeting-invitation'], appUrl)
          : undefined,
    });
    return true;
  }

  /** The kinds of the caller's role, each on unless they turned it off. */
  async function getPreferences(user: SessionUser): Promise<EmailPreferences> {
    const rows = await database.withTenant(tenantOf(user), (tx) =>
      tx
        .select({ kind: emailPreferences.kind, enabled: emailPreferences.enabled })
        .from(emailPreferences)
        .where(eq(emailPreferences.userId, user.id)),
    );
    const off = new Set(rows.filter((row) => !row.enabled).map((row) => row.kind));
    return {
      preferences: EMAIL_KINDS_BY_ROLE[user.role].map((kind) => ({ kind, enabled: !off.has(kind) })),
    };
  }

  return {
    /**
     * Queues `template` for a user, in their language, to their address, unless they turned that
     * kind off. Resolves to false when skipped (turned off, or no such user). Never throws: a
     * problem is logged and answered false, so the caller's action (already committed) stands.
     */
    async sendToUser<T extends UserEmailTemplate>(input: SendToUserInput<T>): Promise<boolean> {
      try {
        return await queue(input);
      } catch (error) {
        deps.log.error({ err: error, template: input.template, userId: input.userId }, 'email not queued');
        return false;
      }
    },

    getPreferences,

    async updatePreferences(
      user: SessionUser,
      input: UpdateEmailPreferencesInput,
    ): Promise<EmailPreferences> {
      await database.withTenant(tenantOf(user), async (tx) => {
        for (const { kind, enabled } of input.preferences) await setPreference(user.id, kind, enabled, tx);
      });
      return getPreferences(user);
    },

    /** What a token names; refuses a forged or altered one. */
    async inspectUnsubscribe(token: string): Promise<UnsubscribeResult> {
      const target = tokens.verify(token);
      if (!target) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
      return { kind: target.kind, unsubscribed: await isTurnedOff(target.userId, target.kind) };
    },

    /** Turns off the one kind the token names, for the one person it names (idempotent). */
    async unsubscribe(token: string): Promise<UnsubscribeResult> {
      const target = tokens.verify(token);
      // A valid signature over an account deleted since: nothing to turn off, and nothing to reveal.
      if (!target || !(await deps.loadUser(target.userId))) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
      await setPreference(target.userId, target.kind, false);
      return { kind: target.kind, unsubscribed: true };
    },
  };
}

export type UserEmails = ReturnType<typeof createUserEmails>;
