import { Column, fillPlaceholders, getTableName, is, SQL, Subquery, type DriverValueDecoder } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';

/** A selected field as Drizzle's prepared query holds it: where it goes in the row object, and what it is. */
export interface SelectedField {
  path: string[];
  field: unknown;
}

/** The shape of Drizzle's node-postgres prepared query that `executeMapped` reads (its fields are not in its public type). */
interface PreparedSelect {
  client: { query(config: unknown, params: unknown[]): Promise<{ rows: unknown[][] }> };
  params: unknown[];
  logger: { logQuery(query: string, params: unknown[]): void };
  fields: SelectedField[] | undefined;
  customResultMapper?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  queryConfig: { text: string };
  queryWithCache<T>(queryString: string, params: unknown[], query: () => Promise<T>): Promise<T>;
}

type Decoder = DriverValueDecoder<unknown, unknown>;
/** An SQL fragment's decoder (set by `.mapWith`), which Drizzle's types keep private. */
const decoderOfSql = (fragment: SQL) => (fragment as unknown as { decoder: Decoder }).decoder;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql as SQL);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * Turns a select's rows (arrays, in the order of `fields`) into objects, as Drizzle's `mapResultRow`
 * does row by row, but finding each field's decoder once per statement instead of once per row and
 * field: Drizzle's `is` checks walk a prototype chain, and on a page of 50 rows of 30 columns they
 * were about a tenth of a list request's CPU (docs/decisions/013, eleventh step). The same objects
 * come out: nested paths, and a left-joined table whose columns are all null made null.
 */
export function mapRows(
  fields: SelectedField[],
  rows: unknown[][],
  joinsNotNullableMap?: Record<string, boolean>,
): Array<Record<string, unknown>> {
  const count = fields.length;
  const decoders = fields.map(({ field }) => decoderOf(field));
  // For the left-join check: the table of a column two levels down (`{ vehicle: { id } }`), else null.
  const joinedTables = fields.map(({ path, field }) =>
    joinsNotNullableMap && path.length === 2 && is(field, Column) ? getTableName(field.table) : null,
  );
  const nested = fields.some(({ path }) => path.length > 1);
  const mapped = new Array<Record<string, unknown>>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const result: Record<string, unknown> = {};
    if (!nested) {
      for (let i = 0; i < count; i++) {
        const raw = row[i];
        result[fields[i]!.path[0]!] = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
      }
      mapped[r] = result;
      continue;
    }
    const nullify: Record<string, string | false> = {};
    for (let i = 0; i < count; i++) {
      const path = fields[i]!.path;
      let node = result;
      for (let p = 0; p < path.length - 1; p++) {
        const chunk = path[p]!;
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
      node[path[path.length - 1]!] = value;
      const table = joinedTables[i];
      if (table !== null && table !== undefined) {
        const objectName = path[0]!;
        if (!(objectName in nullify)) nullify[objectName] = value === null ? table : false;
        else if (typeof nullify[objectName] === 'string' && nullify[objectName] !== table) nullify[objectName] = false;
      }
    }
    if (joinsNotNullableMap) {
      for (const [objectName, table] of Object.entries(nullify)) {
        if (typeof table === 'string' && !joinsNotNullableMap[table]) result[objectName] = null;
      }
    }
    mapped[r] = result;
  }
  return mapped;
}

/** Drizzle's own `execute`, kept for the statements `executeMapped` leaves to it (and for the test comparing both). */
export const drizzleExecute = NodePgPreparedQuery.prototype.execute;

/**
 * Drizzle's node-postgres `execute` for a select, with its rows mapped by `mapRows`. A statement with
 * no fields (an insert without `returning`, `db.execute`) or with a relational query's own mapper goes
 * to Drizzle's `execute` unchanged. Errors are wrapped as Drizzle wraps them (`queryWithCache`).
 */
async function executeMapped(this: PreparedSelect, placeholderValues: Record<string, unknown> = {}): Promise<unknown> {
  const { fields, customResultMapper, joinsNotNullableMap, client, queryConfig } = this;
  if (!fields || customResultMapper) return drizzleExecute.call(this as unknown as NodePgPreparedQuery<never>, placeholderValues);
  const params = fillPlaceholders(this.params, placeholderValues);
  this.logger.logQuery(queryConfig.text, params);
  const result = await this.queryWithCache(queryConfig.text, params, () => client.query(queryConfig, params));
  return mapRows(fields, result.rows, joinsNotNullableMap);
}

let installed = false;

/** Makes every node-postgres Drizzle instance in this process map rows with `mapRows`. Idempotent. */
export function installRowMapping(): void {
  if (installed) return;
  installed = true;
  NodePgPreparedQuery.prototype.execute = executeMapped as unknown as typeof drizzleExecute;
}
