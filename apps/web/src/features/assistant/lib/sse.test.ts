import { describe, expect, it } from 'vitest';
import { readEvents } from './sse';

describe('reading a streamed answer', () => {
  it('returns the complete events and keeps the unfinished rest for the next chunk', () => {
    const first = readEvents('event: delta\ndata: {"text":"Bon"}\n\nevent: delta\ndata: {"te');
    expect(first.events).toEqual([{ event: 'delta', data: '{"text":"Bon"}' }]);
    const second = readEvents(`${first.rest}xt":"jour"}\n\nevent: done\ndata: {}\n\n`);
    expect(second.events).toEqual([
      { event: 'delta', data: '{"text":"jour"}' },
      { event: 'done', data: '{}' },
    ]);
    expect(second.rest).toBe('');
  });

  it('reads CRLF line ends, unnamed events and multi-line data, and skips comments', () => {
    expect(readEvents(': ping\r\n\r\ndata: a\r\ndata: b\r\n\r\n').events).toEqual([
      { event: 'message', data: 'a\nb' },
    ]);
  });
});
