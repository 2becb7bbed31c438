import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which X-Forwarded-* entries the server believes, from TRUST_PROXY:
 * - `false` (default): none; the client is the socket's peer;
 * - a number N: the N proxies nearest the server, so the client is the N-th address from the right
 *   of X-Forwarded-For (the one the outermost proxy appended). Only correct when the server cannot
 *   be reached without going through those proxies;
 * - a comma-separated list of proxy addresses or CIDR ranges (or proxy-addr's `loopback`,
 *   `linklocal`, `uniquelocal`): entries are skipped from the right while they are one of these,
 *   and the client is the first other address.
 * `true` is refused: it would trust every entry, so a client would choose its own IP (per-IP rate
 * limits, sign-in logs) just by sending the header.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

const PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PRESETS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

export const TrustProxySchema = z
  .string()
  .trim()
  .superRefine((value, context) => {
    if (value === 'true') {
      context.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would trust every X-Forwarded-For entry, so any client could choose its own IP: ' +
          'give the number of proxies in front of the server (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8)',
      });
      return;
    }
    if (value === 'false' || /^\d+$/.test(value)) return;
    const invalid = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => !isProxyAddress(entry));
    if (invalid.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be false, a number of proxies, or proxy addresses/CIDR ranges separated by commas; not an address: ${invalid.map((entry) => JSON.stringify(entry)).join(', ')}`,
      });
    }
  })
  .transform((value): TrustProxy => {
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return { hops: Number(value) };
    return { proxies: value.split(',').map((entry) => entry.trim()) };
  });

/**
 * Fastify's `trustProxy` for a TrustProxy. A hop count becomes a function of proxy-addr's position
 * (0 is the socket's peer): this Fastify version turns a plain number into "trust nothing".
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return trust.proxies;
}
