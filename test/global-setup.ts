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

/** Writes the migrated PGlite dump the test servers start from, in a directory removed by the returned function (or at exit). */
async function pgliteTemplate(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precinct-pglite-template-'));
  const remove = () => {
    process.removeListener('exit', remove);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // A run killed before its teardown still leaves no dump behind.
  process.once('exit', remove);
  try {
    project.provide('pgliteTemplate', await writePgliteTemplate(path.join(dir, 'migrated.tar')));
  } catch (error) {
    remove();
    throw error;
  }
  return remove;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL;
  const removeTemplate = await pgliteTemplate(project);
  let stopCluster: (() => Promise<void>) | undefined;
  try {
    if (external) {
      await prepare(external, 'TEST_DATABASE_URL');
      project.provide('postgresUrl', external);
    } else {
      const cluster = await startPostgresCluster();
      stopCluster = () => cluster.stop();
      await prepare(cluster.url, 'throw-away cluster');
      project.provide('postgresUrl', cluster.url);
    }
  } catch (error) {
    // The error that stopped the setup is the one to report, not a failure to stop the cluster after it.
    await stopCluster?.().catch(() => undefined);
    removeTemplate();
    throw error;
  }
  return async () => {
    try {
      await stopCluster?.();
    } finally {
      removeTemplate();
    }
  };
}
