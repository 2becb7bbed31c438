import { describe, expect, it } from 'vitest';
import { createRecentFigures } from './recent-figures.ts';

const MINUTE = 60_000;

function setUp(maxKept = 10) {
  let clock = Date.parse('2026-11-27T12:00:00.000Z');
  const computed: string[] = [];
  const figures = createRecentFigures<string>({
    freshForMs: MINUTE,
    maxKept,
    now: () => new Date(clock),
  });
  const read = (scope: string, variant = '', result = `${scope}${variant}@${clock}`) =>
    figures.read(scope, variant, async () => {
      computed.push(`${scope}${variant}`);
      return result;
    });
  return { read, computed, figures, advance: (ms: number) => (clock += ms) };
}

describe('recent figures', () => {
  it('serves figures again until they are a minute old, then computes them anew', async () => {
    const { read, computed, advance } = setUp();
    const first = await read('org-a');
    advance(MINUTE - 1);
    expect(await read('org-a')).toBe(first);
    expect(computed).toEqual(['org-a']);
    advance(1);
    expect(await read('org-a')).not.toBe(first);
    expect(computed).toEqual(['org-a', 'org-a']);
  });

  it('keeps each scope and each variant apart', async () => {
    const { read, computed } = setUp();
    expect(await read('org-a', '', 'A')).toBe('A');
    expect(await read('org-b', '', 'B')).toBe('B');
    expect(await read('org-a', ' 12m', 'A12')).toBe('A12');
    expect(await read('org-a', '', 'other')).toBe('A');
    expect(computed).toEqual(['org-a', 'org-b', 'org-a 12m']);
  });

  it('forgets every variant of one scope, and only that scope', async () => {
    const { read, computed, figures } = setUp();
    await read('org-a');
    await read('org-a', ' 12m');
    await read('org-b');
    figures.forget('org-a');
    await read('org-a');
    await read('org-a', ' 12m');
    await read('org-b');
    expect(computed).toEqual(['org-a', 'org-a 12m', 'org-b', 'org-a', 'org-a 12m']);
  });

  it('computes once for requests that arrive together', async () => {
    const { figures } = setUp();
    let computations = 0;
    let finish: (value: string) => void = () => {};
    const compute = () => {
      computations += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const both = Promise.all([figures.read('org-a', '', compute), figures.read('org-a', '', compute)]);
    finish('figures');
    expect(await both).toEqual(['figures', 'figures']);
    expect(computations).toBe(1);
  });

  it('does not keep a failed computation', async () => {
    const { figures, read } = setUp();
    await expect(figures.read('org-a', '', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await read('org-a', '', 'recovered')).toBe('recovered');
  });

  it('computes again when the clock went back', async () => {
    const { read, computed, advance } = setUp();
    await read('org-a');
    advance(-1);
    await read('org-a');
    expect(computed).toEqual(['org-a', 'org-a']);
  });

  it('forgets the oldest figures beyond its bound', async () => {
    const { read, computed } = setUp(2);
    await read('org-a');
    await read('org-b');
    await read('org-c');
    await read('org-b');
    await read('org-a');
    expect(computed).toEqual(['org-a', 'org-b', 'org-c', 'org-a']);
  });
});
