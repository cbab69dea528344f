/**
 * A migrated embedded database to start the tests' PGlite databases from. A fresh in-memory PGlite
 * spends about three seconds setting up its data directory and one more migrating it; loading a dump
 * of one already migrated takes about one. The global setup writes the dump once per run
 * (`writePgliteTemplate`); each test server loads it (`pgliteTemplate`) and still runs the migrations,
 * which then find nothing left to do.
 */
import fs from 'node:fs';
import { inject } from 'vitest';
import { openDatabase } from '../server/platform/database.ts';

/** Migrates a fresh in-memory PGlite and writes its data directory (uncompressed tar) to `file`. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    if (database.jobStore.kind !== 'pglite') throw new Error('openDatabase without a URL did not open PGlite');
    const dump = await database.jobStore.client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

let template: Blob | undefined;

/** The run's migrated dump (read once per worker), to pass as openDatabase's `pgliteDump`. */
export function pgliteTemplate(): Blob {
  template ??= new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  return template;
}
