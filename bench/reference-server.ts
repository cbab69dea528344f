/**
 * The references `npm run bench:api` measures Precinct against (issue 13): what a minimal Fastify + pg
 * process does on the same database, with the same pool size, in the same run.
 *
 *   node bench/reference-server.ts --mode pk  --port P --database-url URL
 *     one primary-key read per request, as the owner, no transaction (the floor of any request);
 *   node bench/reference-server.ts --mode rls --port P --database-url URL
 *     the work of an authenticated list done bare: BEGIN, the API's role and agency set for the
 *     transaction, a page of 50 in-service vehicles under row-level security, COMMIT.
 *   node bench/reference-server.ts --mode create --port P --database-url URL
 *     the floor of any create: BEGIN, the API's role and agency, one row inserted under row-level
 *     security (a table of its own, made at start, that nothing else reads), COMMIT, which waits for
 *     the write-ahead log to reach the disk as every create's does.
 *
 * Each takes `?agency=<uuid>` (the PK read also `&id=<uuid>`, the users' key being both) and answers JSON; none checks a token: that is what they leave out.
 */
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';

const { values } = parseArgs({
  options: { mode: { type: 'string' }, port: { type: 'string' }, 'database-url': { type: 'string' } },
});
const mode = values.mode;
if (mode !== 'pk' && mode !== 'rls' && mode !== 'create') throw new Error('--mode must be pk, rls or create');

const pool = new pg.Pool({ connectionString: values['database-url'], max: 10 });
pool.on('error', () => {});
const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));

if (mode === 'pk') {
  app.get<{ Querystring: { agency: string; id: string } }>('/pk', async (request) => {
    const { rows } = await pool.query({
      name: 'pk',
      text: 'select id, email, name, status from users where agency_id = $1 and id = $2',
      values: [request.query.agency, request.query.id],
    });
    return rows[0] ?? null;
  });
} else if (mode === 'create') {
  // As a tenant table is made (server/db/migrations): the agency leads the key, row-level security forced.
  await pool.query(`
    create table if not exists bench_reference_creates (
      agency_id uuid not null, id uuid not null default gen_random_uuid(), body jsonb not null,
      created_at timestamptz not null default now(), primary key (agency_id, id));
    alter table bench_reference_creates enable row level security;
    alter table bench_reference_creates force row level security;
    drop policy if exists tenant_isolation on bench_reference_creates;
    create policy tenant_isolation on bench_reference_creates to precinct_app
      using (agency_id = precinct_current_agency()) with check (agency_id = precinct_current_agency());
    grant select, insert on bench_reference_creates to precinct_app;
    truncate bench_reference_creates;`);
  app.post<{ Querystring: { agency: string }; Body: unknown }>('/create', async (request, reply) => {
    const [created] = await inAgency(request.query.agency, {
      name: 'create',
      text: 'insert into bench_reference_creates (agency_id, body) values ($1, $2) returning id, created_at',
      values: [request.query.agency, JSON.stringify(request.body)],
    });
    return reply.status(201).send(created);
  });
} else {
  app.get<{ Querystring: { agency: string } }>('/page', async (request) => ({
    items: await inAgency(request.query.agency, {
      name: 'page',
      text: `select * from vehicles where agency_id = $1 and status = 'in_service' order by odometer desc, id limit 50`,
      values: [request.query.agency],
    }),
  }));
}

/** BEGIN, the API's role and the agency for the transaction, one statement, COMMIT: a round trip each, as bare as it gets. */
async function inAgency(agency: string, statement: { name: string; text: string; values: unknown[] }): Promise<unknown[]> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query({
      name: 'scope',
      text: "select set_config('role', 'precinct_app', true), set_config('app.agency_id', $1, true)",
      values: [agency],
    });
    const { rows } = await client.query(statement);
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

await app.listen({ host: '127.0.0.1', port: Number(values.port) });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
