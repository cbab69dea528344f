import { is, Param, Placeholder } from 'drizzle-orm';
import type { Tx } from './database.ts';

/** A statement as Drizzle prepares it: its text and values (placeholders among them), run with the placeholders' values. */
interface Prepared<R> {
  getQuery(): { sql: string; params: unknown[] };
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** What `build` gives: a select (or any query builder) that Drizzle can prepare. */
interface Preparable<R> {
  prepare(name: string): Prepared<R>;
}

/** How many shapes of one statement a connection keeps built; past it, a shape is built each time as before. */
const SHAPES_PER_CONNECTION = 512;

let checking = true;

/**
 * Whether each run of a reused statement is also built anew and compared with the one kept (the default:
 * tests and `npm run dev`). A production server turns it off (app.ts), as it turns off the check of answers.
 */
export function checkReusedStatements(on: boolean): void {
  checking = on;
}

/**
 * A statement Drizzle builds once per pooled connection and shape, then runs with each request's values.
 * Drizzle builds every query from its builder on every run: the objects, the SQL chunks, the text. Built
 * once, a list took a third less of the server's CPU a request, and so did the simplest read
 * (docs/decisions/013, sixteenth step).
 *
 * `shapeOf` names what changes the statement's text (which filters are present, the order), and `build`
 * makes it with `sql.placeholder(name)` wherever a value goes; `run` gives the values by name. A value
 * written into the statement instead of a placeholder would be kept with it and sent with every later
 * request of that shape on that connection, another agency's included. So wherever checking is on (every
 * test, `npm run dev`), each run builds the statement again from its own values and fails, before
 * anything is sent, if its text or any value that is not a placeholder differs from the first one built
 * for that shape in the process (on any connection, or on PGlite in any transaction).
 *
 * The check compares builds, so it sees a value written in only when two runs of a shape differ in it
 * (tests that reach a list from two agencies or two users); and it sees only the text and the values,
 * not what a build keeps beside them (a `mapWith` function). `build` must therefore use nothing of the
 * request but `shape`.
 *
 * The statements are kept per Drizzle instance, which the PostgreSQL pool makes once per connection
 * (database.ts); on PGlite, where each transaction is its own instance, they are kept for the transaction.
 */
export function reusedStatement<Shape, R>(
  shapeOf: (shape: Shape) => string,
  build: (tx: Tx, shape: Shape) => Preparable<R>,
): (tx: Tx, shape: Shape, values: Record<string, unknown>) => Promise<R> {
  const kept = new WeakMap<Tx, Map<string, Prepared<R>>>();
  // Checking: each shape's first statement built in this process, which every later build must equal.
  const firstBuilt = new Map<string, { sql: string; params: unknown[] }>();
  return async (tx, shape, values) => {
    const key = shapeOf(shape);
    let shapes = kept.get(tx);
    if (!shapes) kept.set(tx, (shapes = new Map()));
    let statement = shapes.get(key);
    if (!statement || checking) {
      // Unnamed for Drizzle: the connection names it after its text (prepared-statements.ts).
      const built = build(tx, shape).prepare('');
      if (checking) {
        const first = firstBuilt.get(key);
        if (first) assertSameStatement(key, first, built.getQuery());
        else firstBuilt.set(key, built.getQuery());
      }
      if (!statement) {
        statement = built;
        if (shapes.size < SHAPES_PER_CONNECTION) shapes.set(key, statement);
      }
    }
    return statement.execute(values);
  };
}

function assertSameStatement(shape: string, kept: { sql: string; params: unknown[] }, fresh: { sql: string; params: unknown[] }) {
  const same =
    kept.sql === fresh.sql &&
    kept.params.length === fresh.params.length &&
    kept.params.every((value, i) => {
      const other = fresh.params[i];
      const name = placeholderName(value);
      return name !== undefined || placeholderName(other) !== undefined
        ? name === placeholderName(other)
        : JSON.stringify(value) === JSON.stringify(other);
    });
  if (!same)
    throw new Error(
      `A reused statement of shape "${shape}" was built differently for this request: its shape must name what changes its text, and each value must be a placeholder`,
    );
}

/** The name of the placeholder a statement's value stands for (bare, or in a column's parameter), if it is one. */
function placeholderName(value: unknown): string | undefined {
  if (is(value, Placeholder)) return value.name;
  if (is(value, Param) && is(value.value, Placeholder)) return value.value.name;
  return undefined;
}
