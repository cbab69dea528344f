/**
 * One database per test file (or per test): createScratchDatabase() makes a uniquely named database
 * on the server the global setup provides (`inject('postgresUrl')`), and drop() removes it, ending any
 * connection still open to it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** Connection URL of the new database (same server, user and options as the admin URL). */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Runs `fn` on a connection of its own to `adminUrl`, closed after. */
export async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates `precinct_test_<random>` on the server of `adminUrl` (a role allowed to create databases). */
export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const name = `precinct_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
