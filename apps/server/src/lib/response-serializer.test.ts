import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializer, projectionOf } from './response-serializer.ts';

const Item = z.object({
  id: z.uuid(),
  title: z.string(),
  note: z.string().nullable(),
  tags: z.array(z.object({ name: z.string() })),
  extra: z.object({ kept: z.number() }).optional(),
});
const ID = '00000000-0000-4000-8000-000000000001';

const serialize = (schema: z.ZodType, check: boolean) =>
  createResponseSerializer({ check })({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('projectionOf', () => {
  it('keeps what the schema names, at every depth, in its order', () => {
    const value = {
      secret: 'hash',
      title: 'Premiers secours',
      id: ID,
      note: null,
      tags: [{ name: 'santé', internal: true }],
      extra: { kept: 1, dropped: 2 },
    };
    const projected = projectionOf(Item)(value);
    expect(projected).toEqual({
      id: ID,
      title: 'Premiers secours',
      note: null,
      tags: [{ name: 'santé' }],
      extra: { kept: 1 },
    });
    expect(JSON.stringify(projected)).toBe(JSON.stringify(z.encode(Item, value)));
  });

  it('takes the variant a discriminated union names, and loose objects’ other keys', () => {
    const Event = z.discriminatedUnion('type', [
      z.object({ type: z.literal('a'), a: z.string() }),
      z.object({ type: z.literal(['b', 'c']), b: z.looseObject({ n: z.number() }) }),
    ]);
    const project = projectionOf(z.array(Event));
    expect(
      project([
        { type: 'a', a: 'x', b: 'not a' },
        { type: 'c', a: 'not c', b: { n: 1, more: 'kept' } },
      ]),
    ).toEqual([
      { type: 'a', a: 'x' },
      { type: 'c', b: { n: 1, more: 'kept' } },
    ]);
  });

  it('leaves a union of plain options, nullable or not, as it is', () => {
    const value = { a: 1, hidden: true };
    // Neither option is an object: nothing is taken apart, and zod is not called to check the value.
    expect(projectionOf(z.union([z.string().nullable(), z.number().optional()]))(value)).toBe(value);
  });

  it('projects each value of a record, and leaves what it cannot take apart to zod', () => {
    expect(
      projectionOf(z.record(z.string(), Item.pick({ title: true })))({ fr: { title: 'A', x: 1 } }),
    ).toEqual({
      fr: { title: 'A' },
    });
    const Both = z.object({ a: z.string() }).and(z.object({ b: z.string() }));
    expect(projectionOf(Both)({ a: 'x', b: 'y', c: 'z' })).toEqual({ a: 'x', b: 'y' });
    expect(() => projectionOf(Both)({ a: 'x' })).toThrow();
  });
});

describe('createResponseSerializer', () => {
  const value = { id: ID, title: 'T', note: null, tags: [], password: 'no' };

  it('writes the projection without checking it, or checks it against zod with `check`', () => {
    expect(serialize(Item, false)(value)).toBe(`{"id":"${ID}","title":"T","note":null,"tags":[]}`);
    expect(serialize(Item, true)(value)).toBe(`{"id":"${ID}","title":"T","note":null,"tags":[]}`);
    // Not a uuid: only the check sees it.
    expect(serialize(Item, false)({ ...value, id: 'x' })).toContain('"id":"x"');
    expect(() => serialize(Item, true)({ ...value, id: 'x' })).toThrow(/Response doesn't match the schema/);
  });
});
