import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PoolClient, QueryConfig } from 'pg';

/**
 * How many statements one connection keeps prepared at most. A statement past it is sent unnamed, as
 * before: parsed and planned again each time. The texts are the code's (Drizzle builds one per query
 * shape), so a few hundred cover every route; the cap bounds a backend's memory should a query's shape
 * vary with its input (an `in (…)` list of any length).
 */
export const PREPARED_PER_CONNECTION = 500;

/**
 * Put in a statement (`sql\`${planEachTime}…\``) whose best plan depends on its values more than a
 * generic plan can know: it then goes unnamed, planned for its values every time. A search by a typed
 * pattern is one (binders by trainee name): how many rows it matches decides between reading the
 * newest rows until a page is full and reading every match. (The word searches of reports and
 * citations were, while their words were tested row by row; they now ask search_words for the matches'
 * ids, text-search.ts `matchingIds`, whose plan is the same for any words.)
 */
const PLAN_EACH_TIME = '/* plan each time */';
export const planEachTime = sql.raw(`${PLAN_EACH_TIME} `);

/** Statement names by text, shared by the connections; cleared when it reaches this size. */
const NAMES_KEPT = 5_000;
const names = new Map<string, string | null>();

/**
 * A name for a statement's text: the same text always gets the same name, another text another one;
 * null for a statement marked with `planEachTime`.
 */
export function statementName(text: string): string | null {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= NAMES_KEPT) names.clear();
    name = text.includes(PLAN_EACH_TIME) ? null : `p_${createHash('sha256').update(text).digest('base64url').slice(0, 40)}`;
    names.set(text, name);
  }
  return name;
}

type QueryArguments = [config: string | QueryConfig, values?: unknown, callback?: unknown];
type Callback = (error: Error | null, result: unknown) => void;

/**
 * Whether a named statement's failure leaves its name unusable on the connection:
 * - an error of the client's own, with no SQLSTATE (a value it could not encode for the Bind: it then
 *   closed the statement on the server, but still counts it as parsed);
 * - 26000, the statement does not exist on the server;
 * - 0A000, "cached plan must not change result type": a migration changed what the statement returns
 *   while this connection kept it (another server migrating during a rolling deploy).
 */
function spoilsTheName(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code !== 'string' || code === '26000' || code === '0A000';
}

/**
 * Makes every parameterised statement on this connection a named prepared statement, named after its
 * text (docs/decisions/013, eleventh step). PostgreSQL then parses and analyses a statement once per
 * connection instead of on every request, and after five runs may keep a generic plan. node-postgres
 * sends a named statement's Parse only the first time on a connection, and its Bind and Execute after.
 *
 * Only statements with parameters are named: one without goes by the simple protocol, which may hold
 * several statements (`begin; select set_config(…)`) and cannot be prepared. A statement that already
 * has a name keeps it, and a query object of its own (`submit`: a cursor, a stream) is left as it is.
 * A statement whose name a failure spoiled (`spoilsTheName`) fails that once, and goes unnamed on this
 * connection from then on: parsed each time, as before.
 */
export function prepareStatementsOn(client: PoolClient, limit = PREPARED_PER_CONNECTION): void {
  const prepared = new Set<string>();
  const spoiled = new Set<string>();
  const query = client.query.bind(client) as (...args: QueryArguments) => unknown;
  const spoil = (name: string, error: unknown) => {
    if (spoilsTheName(error)) spoiled.add(name);
  };
  const named = (...args: QueryArguments): unknown => {
    const [config, values, callback] = args;
    if (typeof config !== 'string' && (config.name || typeof (config as { submit?: unknown }).submit === 'function')) return query(...args);
    const text = typeof config === 'string' ? config : config.text;
    const parameters = Array.isArray(values) ? values : typeof config === 'string' ? undefined : config.values;
    if (!parameters || parameters.length === 0) return query(...args);
    const name = statementName(text);
    if (name === null || spoiled.has(name)) return query(...args);
    if (!prepared.has(name)) {
      if (prepared.size >= limit) return query(...args);
      prepared.add(name);
    }
    const withName: QueryConfig = typeof config === 'string' ? { text, name } : { ...config, name };
    if (typeof callback === 'function') {
      return query(withName, values, ((error, result) => {
        if (error) spoil(name, error);
        (callback as Callback)(error, result);
      }) satisfies Callback);
    }
    const answer = query(withName, values);
    // A config carrying its own callback gets no promise back.
    if (!(answer instanceof Promise)) return answer;
    return answer.catch((error: unknown) => {
      spoil(name, error);
      throw error;
    });
  };
  client.query = named as PoolClient['query'];
}
