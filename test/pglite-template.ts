/**
 * A migrated embedded database to start the tests' PGlite databases from. A fresh in-memory PGlite
 * spends about three seconds setting up its data directory and one more migrating it; loading a dump
 * of one already migrated takes about one. The global setup writes the dump once per run
 * (`writePgliteTemplate`); each test server loads it (`pgliteTemplate`) and still runs the migrations,
 * which then find nothing left to do.
 *
 * The dump is used only while the migrations are as they were when it was written: a migration
 * edited during a watch-mode session (which keeps its global setup) makes each server migrate from
 * scratch again instead of starting from an old schema.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from '../server/platform/database.ts';

/** A hash of every migration file and the journal, to tell whether a dump still matches them. */
export function migrationsHash(dir = MIGRATIONS_DIR): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update('\0').update(fs.readFileSync(full)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex');
}

export interface PgliteTemplate {
  /** The dump: PGlite's data directory as an uncompressed tar. */
  file: string;
  /** migrationsHash() when it was written. */
  migrations: string;
}

/** Migrates a fresh in-memory PGlite and writes its data directory to `file`. */
export async function writePgliteTemplate(file: string): Promise<PgliteTemplate> {
  const migrations = migrationsHash();
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    if (database.jobStore.kind !== 'pglite') throw new Error('openDatabase without a URL did not open PGlite');
    // Everything on disk in the data files, so loading the dump replays no write-ahead log.
    await database.owner.execute(sql`checkpoint`);
    const dump = await database.jobStore.client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return { file, migrations };
}

let loaded: { file: string; dump: Blob } | undefined;

/**
 * The run's migrated dump (read once per worker), to pass as openDatabase's `pgliteDump`; undefined
 * in a run whose global setup wrote none, and once the migrations differ from those it was made with.
 */
export function pgliteTemplate(): Blob | undefined {
  const template = inject('pgliteTemplate') as PgliteTemplate | undefined;
  if (!template || migrationsHash() !== template.migrations) return undefined;
  if (loaded?.file !== template.file) loaded = { file: template.file, dump: new Blob([fs.readFileSync(template.file)]) };
  return loaded.dump;
}
