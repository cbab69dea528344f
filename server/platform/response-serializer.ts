import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { safeEncode, type $ZodType } from 'zod/v4/core';

/**
 * Writes a response as its contract (a zod/mini schema) declares it: only the keys its objects name, so a
 * field a handler has but the contract does not is never sent. The serializer of fastify-type-provider-zod
 * does the same by encoding the answer with zod, which also checks every value against the contract; that
 * check took 0.2–0.3 ms of a page of 50 vehicles, a tenth of the request's CPU (zod/mini's objects are not
 * compiled as classic zod's are: docs/decisions/013, fifteenth step). This one is compiled once per route
 * into plain functions that copy the declared keys. Parts it does not know (a union, a pipe, an object that keeps unknown keys, a record keyed
 * by an enum) are encoded by zod as before.
 *
 * With `checked` (a server whose NODE_ENV is not production: the tests, `npm run dev`), each answer is also encoded by
 * zod exactly as before, and an answer zod refuses or writes differently fails as zod's serializer fails,
 * so the whole test suite holds this copy to zod's.
 */
export function responseSerializerCompiler(options: { checked: boolean }): FastifySerializerCompiler<unknown> {
  const zodCompiler = createSerializerCompiler({});
  return (route) => {
    const schema = resolveSchema(route.schema);
    const copy = schema ? compile(schema) : null;
    const byZod = zodCompiler(route as Parameters<typeof zodCompiler>[0]);
    if (!copy) return byZod;
    if (!options.checked) return (data) => JSON.stringify(copy(data));
    return (data) => {
      const expected = byZod(data);
      const written = JSON.stringify(copy(data));
      if (written !== expected)
        throw new Error(
          `The response serializer of ${route.method} ${route.url} wrote ${written.slice(0, 500)} where zod wrote ${expected.slice(0, 500)}`,
        );
      return written;
    };
  };
}

type Copy = (value: unknown) => unknown;

interface Def {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

function resolveSchema(schema: unknown): $ZodType | null {
  if (schema && typeof schema === 'object' && '_zod' in schema) return schema as $ZodType;
  return null;
}

const same: Copy = (value) => value;

/** What zod's encode writes for this part, as a plain function; zod itself for the parts listed above. */
function compile(schema: $ZodType): Copy {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'int':
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
    case 'unknown':
    case 'any':
      return same;
    case 'nullable': {
      const inner = compile(def.innerType!);
      return (value) => (value === null ? null : inner(value));
    }
    case 'optional':
    case 'default':
    case 'readonly':
    case 'nonoptional': {
      const inner = compile(def.innerType!);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'array': {
      const element = compile(def.element!);
      return (value) => (Array.isArray(value) ? value.map((item) => element(item)) : value);
    }
    case 'object': {
      // An object that keeps or refuses keys it does not name is zod's to write (`never` refuses: a strict object).
      if (def.catchall && defOf(def.catchall).type !== 'never') return byZod(schema);
      // `{ "__proto__": … }` in a literal would set the prototype, not a key: zod's to write, should a contract name one.
      if (Object.hasOwn(def.shape!, '__proto__')) return byZod(schema);
      return copyObject(def.shape!);
    }
    case 'record': {
      // zod writes a record keyed by an enum in the enum's order; any other in the object's own.
      if (defOf(def.keyType!).type !== 'string') return byZod(schema);
      const item = compile(def.valueType!);
      return (value) => {
        if (value === null || typeof value !== 'object') return value;
        const out: Record<string, unknown> = {};
        for (const [key, entry] of Object.entries(value)) if (entry !== undefined) out[key] = item(entry);
        return out;
      };
    }
    default:
      return byZod(schema);
  }
}

/**
 * An object's copy as one object literal of its declared keys (`{ "id": source["id"], … }`), made once per
 * contract with `new Function`, as zod's classic objects are compiled: a literal of fixed keys is built
 * about twice as fast as the same keys set one by one. Keys are written as JSON string literals, never as
 * code. A key whose value is undefined is left out by JSON.stringify, as zod leaves it out.
 */
function copyObject(shape: Record<string, $ZodType>): Copy {
  const keys = Object.keys(shape);
  const parts = keys.map((key) => compile(shape[key]!));
  const body = keys
    .map((key, i) => {
      const read = `source[${JSON.stringify(key)}]`;
      return `${JSON.stringify(key)}: ${parts[i] === same ? read : `${read} == null ? ${read} : parts[${i}](${read})`}`;
    })
    .join(',\n');
  // Built from the contract's key names, each written as a JSON string literal.
  const literal = new Function('parts', `return (source) => ({\n${body}\n});`) as (parts: Copy[]) => Copy;
  const copy = literal(parts);
  return (value) => (value === null || typeof value !== 'object' ? value : copy(value));
}

function byZod(schema: $ZodType): Copy {
  return (value) => {
    const result = safeEncode(schema, value);
    if (result.error) throw result.error;
    return result.data;
  };
}
