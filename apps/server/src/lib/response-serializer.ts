import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type * as core from 'zod/v4/core';

/** A value reduced to what a schema names of it, ready for JSON.stringify. */
type Projection = (value: unknown) => unknown;

/** zod's own encoding of a value, for what a projection does not take apart itself. */
const encodedBy =
  (schema: core.$ZodType): Projection =>
  (value) => {
    const result = z.safeEncode(schema, value);
    if (!result.success) throw result.error;
    return result.data;
  };

const same: Projection = (value) => value;

/** Kinds whose value JSON.stringify writes as zod's encoding would: nothing to take away. */
const PLAIN = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'literal',
  'enum',
  'any',
  'unknown',
  'date',
  'template_literal',
  'nan',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What a response schema names of a value, and nothing else, without checking it (issue 12). zod's
 * encoding checks every field (a uuid's pattern, a date's) on every answer, which cost the server
 * 30 to 100 µs for each list, the web parses every answer with the same schema anyway, and the API
 * tests run the check on every answer (createResponseSerializer). Objects keep only their shape's
 * keys (a looser object's other keys go through its catchall), arrays and records their items, and a
 * discriminated union the variant its discriminator names; anything else (a plain union of objects,
 * an intersection, a pipe) goes through zod's encoding.
 */
export function projectionOf(schema: core.$ZodType): Projection {
  const def = schema._zod.def as core.$ZodTypeDef & Record<string, unknown>;
  if (PLAIN.has(def.type)) return same;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional': {
      const inner = projectionOf(def.innerType as core.$ZodType);
      // Kept plain when what it wraps is, so a union of such options is known to be plain too.
      if (inner === same) return same;
      return (value) => (value === null || value === undefined ? value : inner(value));
    }
    case 'array': {
      const element = projectionOf(def.element as core.$ZodType);
      const check = encodedBy(schema);
      return (value) => (Array.isArray(value) ? value.map(element) : check(value));
    }
    case 'object':
      return objectProjection(schema, def as unknown as core.$ZodObjectDef);
    case 'record': {
      const item = projectionOf(def.valueType as core.$ZodType);
      const check = encodedBy(schema);
      return (value) => {
        if (!isObject(value)) return check(value);
        const projected: Record<string, unknown> = {};
        for (const key of Object.keys(value)) projected[key] = item(value[key]);
        return projected;
      };
    }
    case 'union':
      return unionProjection(schema, def as unknown as core.$ZodDiscriminatedUnionDef);
    case 'lazy': {
      let inner: Projection | undefined;
      return (value) => {
        inner ??= projectionOf((def.getter as () => core.$ZodType)());
        return inner(value);
      };
    }
    default:
      return encodedBy(schema);
  }
}

function objectProjection(schema: core.$ZodType, def: core.$ZodObjectDef): Projection {
  const keys = Object.keys(def.shape);
  const projections = keys.map((key) => projectionOf(def.shape[key]!));
  const rest =
    def.catchall && def.catchall._zod.def.type !== 'never' ? projectionOf(def.catchall) : undefined;
  const check = encodedBy(schema);
  return (value) => {
    if (!isObject(value)) return check(value);
    const projected: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index]!;
      const field = value[key];
      if (field !== undefined) projected[key] = projections[index]!(field);
    }
    if (rest) {
      for (const key of Object.keys(value)) {
        if (!(key in def.shape) && value[key] !== undefined) projected[key] = rest(value[key]);
      }
    }
    return projected;
  };
}

function unionProjection(schema: core.$ZodType, def: core.$ZodDiscriminatedUnionDef): Projection {
  const options = def.options.map((option) => ({ option, projection: projectionOf(option) }));
  if (options.every(({ projection }) => projection === same)) return same;
  const check = encodedBy(schema);
  if (!def.discriminator) return check;
  const byValue = new Map<unknown, Projection>();
  for (const { option, projection } of options) {
    for (const value of option._zod.propValues?.[def.discriminator] ?? []) byValue.set(value, projection);
  }
  const key = def.discriminator;
  return (value) => {
    const variant = isObject(value) ? byValue.get(value[key]) : undefined;
    return variant ? variant(value) : check(value);
  };
}

/**
 * Fastify's serializer for the routes' zod response schemas: the answer is the projection of the
 * value (projectionOf) as JSON. With `check` (the API tests), the value is also encoded by zod as
 * before, so an answer that does not match its schema still fails with a 500, and one whose projection
 * writes anything other than zod's encoding fails too: every test's answer holds the projection to
 * zod's own.
 */
export function createResponseSerializer(options: {
  check: boolean;
}): FastifySerializerCompiler<core.$ZodType> {
  return ({ schema, method, url }) => {
    const project = projectionOf(schema);
    if (!options.check) return (data) => JSON.stringify(project(data));
    return (data) => {
      const encoded = z.safeEncode(schema, data);
      if (!encoded.success) throw new ResponseSerializationError(method, url, { cause: encoded.error });
      const expected = JSON.stringify(encoded.data);
      const written = JSON.stringify(project(data));
      if (written !== expected) {
        throw new Error(
          `${method} ${url}: the projected answer differs from zod's encoding\n${written}\n${expected}`,
        );
      }
      return written;
    };
  };
}
