import { createHash } from 'node:crypto';
import type { PoolClient, QueryConfig } from 'pg';

/**
 * How many statements one connection keeps prepared at most. A statement past it is sent unnamed, as
 * before: parsed and planned again each time. The texts are the code's (Drizzle builds one per query
 * shape), so a few hundred cover every route; the cap bounds a backend's memory should a query's shape
 * vary with its input (an `in (…)` list of any length).
 */
export const PREPARED_PER_CONNECTION = 500;

/** Statement names by text, shared by the connections; cleared when it reaches this size. */
const NAMES_KEPT = 5_000;
const names = new Map<string, string>();

/** A name for a statement's text: the same text always gets the same name, another text another one. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= NAMES_KEPT) names.clear();
    name = `p_${createHash('sha256').update(text).digest('base64url').slice(0, 40)}`;
    names.set(text, name);
  }
  return name;
}

type QueryArguments = [config: string | QueryConfig, values?: unknown, callback?: unknown];

/**
 * Makes every parameterised statement on this connection a named prepared statement, named after its
 * text (docs/decisions/013, eleventh step). PostgreSQL then parses and analyses a statement once per
 * connection instead of on every request, and after five runs may keep a generic plan. node-postgres
 * sends a named statement's Parse only the first time on a connection, and its Bind and Execute after.
 *
 * Only statements with parameters are named: one without goes by the simple protocol, which may hold
 * several statements (`begin; select set_config(…)`) and cannot be prepared. A statement that already
 * has a name keeps it.
 */
export function prepareStatementsOn(client: PoolClient, limit = PREPARED_PER_CONNECTION): void {
  const prepared = new Set<string>();
  const query = client.query.bind(client) as (...args: QueryArguments) => unknown;
  const named = (...args: QueryArguments): unknown => {
    const [config, values, callback] = args;
    const text = typeof config === 'string' ? config : config.text;
    const parameters = Array.isArray(values) ? values : typeof config === 'string' ? undefined : config.values;
    if ((typeof config !== 'string' && config.name) || !parameters || parameters.length === 0) return query(...args);
    const name = statementName(text);
    if (!prepared.has(name)) {
      if (prepared.size >= limit) return query(...args);
      prepared.add(name);
    }
    const withName: QueryConfig = typeof config === 'string' ? { text, name } : { ...config, name };
    return callback === undefined ? query(withName, values) : query(withName, values, callback);
  };
  client.query = named as PoolClient['query'];
}
