import { createHash, createHmac } from 'node:crypto';

/**
 * An invitation's link token, derived from the server secret and the invitation's id: 32 bytes as
 * 43 base64url characters. Only its SHA-256 is stored, so a copy of the database opens no link;
 * the server can still write the same link again in each reminder without keeping it anywhere.
 */
export function invitationToken(secret: string, invitationId: string): string {
  return createHmac('sha256', secret).update(`evaluation-invitation:${invitationId}`).digest('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
