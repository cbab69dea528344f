/**
 * Vitest global setup for unit and API tests (vitest.config.ts): provides `postgresUrl`, the URL of a
 * PostgreSQL server tests may create scratch databases on. TEST_DATABASE_URL when set, else a
 * throw-away cluster (test/pg-cluster.ts) started here and stopped at the end. Fails the run loudly when
 * PostgreSQL cannot be reached or started: nothing is skipped quietly.
 *
 * It also writes the migrated PGlite dump the test servers start from (`inject('pgliteTemplate')`, read
 * with test/pglite-template.ts), and creates the cluster-wide role the migrations run the API as
 * (migration 0001), once, before the test files migrate their own databases two at a time: a role
 * belongs to the whole cluster, and two migrations creating it at the same instant collide (each
 * database's migration lock is its own).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './pg-cluster.ts';
import { writePgliteTemplate } from './pglite-template.ts';

const APP_ROLE = `DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'precinct_app') THEN
    CREATE ROLE precinct_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
END
$$`;

async function prepare(url: string, origin: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('select 1');
    await client.query(APP_ROLE);
  } catch (error) {
    const redacted = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
    throw new Error(
      `PostgreSQL at ${redacted} (${origin}) is not reachable or could not be prepared: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/** The migrated PGlite dump the test servers start from (test/pglite-template.ts), in a directory removed at the end. */
async function pgliteTemplate(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-pglite-template-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const file = path.join(dir, 'migrated.tar');
    await writePgliteTemplate(file);
    project.provide('pgliteTemplate', file);
  } catch (error) {
    remove();
    throw error;
  }
  return remove;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const removeTemplate = await pgliteTemplate(project);
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    try {
      await prepare(external, 'TEST_DATABASE_URL');
    } catch (error) {
      removeTemplate();
      throw error;
    }
    project.provide('postgresUrl', external);
    return async () => removeTemplate();
  }
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>> | undefined;
  try {
    cluster = await startPostgresCluster();
    await prepare(cluster.url, 'throw-away cluster');
  } catch (error) {
    await cluster?.stop();
    removeTemplate();
    throw error;
  }
  project.provide('postgresUrl', cluster.url);
  const started = cluster;
  return async () => {
    await started.stop();
    removeTemplate();
  };
}
