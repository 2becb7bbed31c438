import { createHmac, timingSafeEqual } from 'node:crypto';
import { USER_EMAIL_TEMPLATES, type UserEmailTemplate } from '@cursus/contracts';

/**
 * One-click unsubscribe links (RFC 8058): `<payload>.<signature>`, the payload naming one person and
 * one kind, the signature an HMAC-SHA256 of it under a key derived from the server secret (so these
 * signatures are good for nothing else the secret signs). No expiry: an old email's link keeps
 * working, and all it can do is turn off that one kind of email for that one person.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('cursus:email-unsubscribe:v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    sign(userId: string, kind: UserEmailTemplate): string {
      const payload = Buffer.from(JSON.stringify([userId, kind])).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    /** The person and kind a token names, or null when it is forged, altered or malformed. */
    verify(token: string): { userId: string; kind: UserEmailTemplate } | null {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return null;
      const expected = sign(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        if (!Array.isArray(decoded) || decoded.length !== 2) return null;
        const [userId, kind] = decoded as unknown[];
        if (typeof userId !== 'string' || !USER_EMAIL_TEMPLATES.includes(kind as UserEmailTemplate))
          return null;
        return { userId, kind: kind as UserEmailTemplate };
      } catch {
        return null;
      }
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
