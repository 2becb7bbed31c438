import { createHmac, timingSafeEqual } from 'node:crypto';
import { QR_CODE_PREFIX, QR_ROTATION_SECONDS } from '@cursus/contracts';

const WINDOW_MS = QR_ROTATION_SECONDS * 1000;

/**
 * The codes shown on the trainer's screen for a slot: `q.<slotId>.<window>.<mac>`, the MAC an
 * HMAC-SHA256 of slot and 30-second window under a key derived from the server secret. A code is
 * accepted in its own window and the next one, so a learner who scans just before it turns still
 * signs; an older one (a photo sent to someone at home) is refused.
 */
export function createQrCodes(secret: string) {
  const key = createHmac('sha256', secret).update('cursus:attendance-qr:v1').digest();
  const mac = (slotId: string, window: number) =>
    createHmac('sha256', key).update(`${slotId}:${window}`).digest().subarray(0, 16);

  return {
    issue(slotId: string, now: Date): { code: string; refreshAt: Date } {
      const window = Math.floor(now.getTime() / WINDOW_MS);
      return {
        code: `${QR_CODE_PREFIX}${slotId}.${window}.${mac(slotId, window).toString('base64url')}`,
        refreshAt: new Date((window + 1) * WINDOW_MS),
      };
    },
    /** The slot a code names if it is genuine and of the current or previous window, else null. */
    verify(code: string, now: Date): string | null {
      if (!code.startsWith(QR_CODE_PREFIX)) return null;
      const [slotId, windowText, signature, ...rest] = code.slice(QR_CODE_PREFIX.length).split('.');
      if (!slotId || !windowText || !signature || rest.length > 0 || !/^\d{1,15}$/.test(windowText))
        return null;
      const window = Number(windowText);
      const current = Math.floor(now.getTime() / WINDOW_MS);
      if (window !== current && window !== current - 1) return null;
      const expected = mac(slotId, window);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return slotId;
    },
  };
}

export type QrCodes = ReturnType<typeof createQrCodes>;
