import { z } from 'zod';

/**
 * Builds a plausible request body or query from a route's own zod schema, so the sweeps can reach a
 * route's handler without anyone writing a sample per route. Ids come from `ids` (e.g. another
 * agency's records); a few value shapes that a schema states only as a pattern are named here.
 */
export interface SampleContext {
  /** The uuid to put wherever the schema wants one. */
  id: string;
}

const BY_FIELD_NAME: Record<string, unknown> = {
  code: '123456',
  phone: '+15550100000',
  email: 'sweep@precinct.test',
  password: 'sweep passphrase 2026',
  timezone: 'America/Chicago',
  ori: 'IL0160100',
  friendly_name: 'Sweep',
  every_miles: 5000,
  every_days: 90,
  name: 'Sweep Name',
  csv: 'email,name\nsweep-import@precinct.test,Sweep Import\n',
  /** A stop's wall clock (citations), `YYYY-MM-DDTHH:mm`. */
  occurred_at: '2026-01-15T10:30',
  /** Scheduling: a colour, a shift type's wall-clock times, a custom rotation cycle, an accrual month. */
  color: '#1c7ed6',
  start_time: '07:00',
  end_time: '15:00',
  custom_days: 'DDOO',
  month: '2027-01',
};

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
};

function sample(schema: JsonSchema, context: SampleContext, field?: string): unknown {
  if (
    field &&
    field in BY_FIELD_NAME &&
    (schema.type === 'string' || schema.type === 'integer' || schema.anyOf || schema.type === undefined)
  )
    return BY_FIELD_NAME[field];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0]!, context, field);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sample(s, context, field) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || key.endsWith('_id') || key.endsWith('_ids') || (key in BY_FIELD_NAME && key !== 'password'))
          result[key] = sample(value, context, key);
      }
      return result;
    }
    case 'array': {
      if (field?.endsWith('_ids')) return [context.id];
      const needed = schema.minItems ?? 0;
      return Array.from({ length: needed }, (_, i) => sample(schema.items ?? {}, { ...context }, field ? `${field}_${i}` : undefined));
    }
    case 'string':
      if (schema.format === 'uuid') return context.id;
      if (schema.format === 'email') return 'sweep@precinct.test';
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

export function sampleFor(schema: z.ZodType | undefined, context: SampleContext): unknown {
  if (!schema) return undefined;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return sample(json, context);
}
