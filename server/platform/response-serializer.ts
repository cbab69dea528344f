import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler, ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodError, safeEncode, type $ZodType } from 'zod/v4/core';

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
    const byZod = zodCompiler(route as Parameters<typeof zodCompiler>[0]);
    if (!schema) return byZod;
    const copy = compile(schema, new Map());
    if (!options.checked)
      return (data) => {
        try {
          return JSON.stringify(copy(data));
        } catch (error) {
          // A part zod refused, reported as zod's serializer reported it.
          if (error instanceof $ZodError) throw new ResponseSerializationError(route.method, route.url, { cause: error });
          throw error;
        }
      };
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
  checks?: Array<{ _zod: { def: { check: string } } }>;
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

function resolveSchema(schema: unknown): $ZodType | null {
  if (schema && typeof schema === 'object' && '_zod' in schema) return schema as $ZodType;
  return null;
}

/** The kinds whose value is written as it is: a value of the right kind needs no copy. */
const SCALARS = new Set(['string', 'number', 'int', 'boolean', 'enum', 'literal', 'null']);
/** Marks a scalar part's copy, which an object's literal inlines (`isScalar`). */
const scalarCopies = new WeakSet<Copy>();

/**
 * What zod's encode writes for this part, as a plain function; zod itself for the parts listed above,
 * for a value that is not of the part's kind (an object where a string or a list belongs: zod refuses
 * it, and it must never be written whole), and for a part whose checks rewrite the value (`z.trim()`:
 * zod runs them when it encodes too). `seen` holds the parts being compiled, for a contract that
 * refers to itself.
 */
function compile(schema: $ZodType, seen: Map<$ZodType, Copy>): Copy {
  const known = seen.get(schema);
  if (known) return known;
  // A part met again while it is being compiled calls its copy once that is made.
  const slot: { copy?: Copy } = {};
  seen.set(schema, (value) => slot.copy!(value));
  const compiled = compileNew(schema, seen);
  slot.copy = compiled;
  seen.set(schema, compiled);
  return compiled;
}

function compileNew(schema: $ZodType, seen: Map<$ZodType, Copy>): Copy {
  const def = defOf(schema);
  const zod = byZod(schema);
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) return zod;
  if (SCALARS.has(def.type)) {
    const scalar: Copy = (value) => (value !== null && typeof value === 'object' ? zod(value) : value);
    scalarCopies.add(scalar);
    return scalar;
  }
  switch (def.type) {
    case 'unknown':
    case 'any':
      return (value) => value;
    case 'nullable': {
      const inner = compile(def.innerType!, seen);
      return (value) => (value === null ? null : inner(value));
    }
    case 'optional':
    case 'default':
    case 'readonly':
    case 'nonoptional': {
      const inner = compile(def.innerType!, seen);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'array': {
      const element = compile(def.element!, seen);
      return (value) => (Array.isArray(value) ? value.map((item) => element(item)) : zod(value));
    }
    case 'object': {
      // An object that keeps or refuses keys it does not name is zod's to write (`never` refuses: a strict object).
      if (def.catchall && defOf(def.catchall).type !== 'never') return zod;
      // `{ "__proto__": … }` in a literal would set the prototype, not a key: zod's to write, should a contract name one.
      if (Object.hasOwn(def.shape!, '__proto__')) return zod;
      const copy = copyObject(def.shape!, seen);
      return (value) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? copy(value) : zod(value));
    }
    case 'record': {
      // zod writes a record keyed by an enum in the enum's order; any other in the object's own.
      if (defOf(def.keyType!).type !== 'string') return zod;
      const item = compile(def.valueType!, seen);
      return (value) => {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) return zod(value);
        const out: Record<string, unknown> = {};
        for (const [key, entry] of Object.entries(value)) if (entry !== undefined) out[key] = item(entry);
        return out;
      };
    }
    default:
      return zod;
  }
}

/**
 * An object's copy as one object literal of its declared keys (`{ "id": source["id"], … }`), made once per
 * contract with `new Function`, as zod's classic objects are compiled: a literal of fixed keys is built
 * about twice as fast as the same keys set one by one. Keys are written as JSON string literals, never as
 * code. A key whose value is undefined is left out by JSON.stringify, as zod leaves it out. A scalar key's
 * value is written as it is unless it is an object, which goes to its part (and zod refuses it).
 */
function copyObject(shape: Record<string, $ZodType>, seen: Map<$ZodType, Copy>): Copy {
  const keys = Object.keys(shape);
  const parts = keys.map((key) => compile(shape[key]!, seen));
  const body = keys
    .map((key, i) => {
      const read = `source[${JSON.stringify(key)}]`;
      const value = scalarCopies.has(parts[i]!)
        ? `(typeof ${read} === 'object' && ${read} !== null ? parts[${i}](${read}) : ${read})`
        : `(${read} == null ? ${read} : parts[${i}](${read}))`;
      return `${JSON.stringify(key)}: ${value}`;
    })
    .join(',\n');
  // Built from the contract's key names, each written as a JSON string literal.
  const literal = new Function('parts', `return (source) => ({\n${body}\n});`) as (parts: Copy[]) => Copy;
  return literal(parts);
}

function byZod(schema: $ZodType): Copy {
  return (value) => {
    const result = safeEncode(schema, value);
    if (result.error) throw result.error;
    return result.data;
  };
}
