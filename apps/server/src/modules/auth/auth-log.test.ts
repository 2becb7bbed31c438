import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { toAppLog } from './auth.ts';

describe("better-auth's messages", () => {
  it('go to the app log as JSON at their level, an Error as err with its stack, the rest as details', () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const log = toAppLog(pino({ level: 'debug' }, stream));

    log('error', 'Failed to create session', new Error('adapter failed'), { userId: 'u1' });
    log('warn', 'Rate limit reached');

    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'Failed to create session',
      source: 'better-auth',
      err: { type: 'Error', message: 'adapter failed', stack: expect.stringContaining('auth-log.test.ts') },
      details: [{ userId: 'u1' }],
    });
    expect(lines[1]).toMatchObject({ level: 40, msg: 'Rate limit reached', source: 'better-auth' });
    expect(lines[1]).not.toHaveProperty('err');
  });
});
