/** The drills by name, with their full and short (`npm test`) sizes. */
import { concurrentEditsDrill } from './concurrent-edits.ts';
import { dbRestartDrill } from './db-restart.ts';
import { gracefulStopDrill } from './graceful-stop.ts';
import { idempotencyDrill } from './idempotency.ts';
import { kill9Drill } from './kill-9.ts';
import { offlineOutboxDrill } from './offline-outbox.ts';
import type { DrillResult } from './report.ts';
import { DrillServer, type DatabaseKind, type DrillDataFactory } from './server.ts';

export const DRILL_NAMES = ['kill-9', 'db-restart', 'graceful-stop', 'concurrent-edits', 'idempotency', 'offline-outbox'] as const;
export type DrillName = (typeof DRILL_NAMES)[number];

const EDIT_ROUNDS = { short: 10, full: 50 };

export function runDrill(name: DrillName, kind: DatabaseKind, factory: DrillDataFactory, short: boolean): Promise<DrillResult> {
  switch (name) {
    case 'kill-9':
      return kill9Drill(kind, factory, short ? { clients: 4, streamMs: 1500 } : { clients: 8, streamMs: 6000 });
    case 'db-restart':
      if (kind !== 'postgres') throw new Error('The database-restart drill runs on PostgreSQL only');
      return dbRestartDrill(
        factory,
        short
          ? { clients: 4, steadyMs: 1000, downMs: 2000, poolWaitMs: 2000 }
          : { clients: 8, steadyMs: 3000, downMs: 5000, poolWaitMs: 2000 },
      );
    case 'graceful-stop':
      return gracefulStopDrill(kind, factory, short ? { clients: 4, loadMs: 1000 } : { clients: 8, loadMs: 3000 });
    case 'concurrent-edits':
      return concurrentEditsDrill(kind, factory, { rounds: short ? EDIT_ROUNDS.short : EDIT_ROUNDS.full });
    case 'idempotency':
      return idempotencyDrill(kind, factory);
    case 'offline-outbox':
      // Issue 14's size either way: 5 devices with 10 squad checks each, the kill once 10 are stored.
      return offlineOutboxDrill(kind, factory, { devices: 5, perDevice: 10, killAfter: 10 });
  }
}

/** The two drills that leave the server running (concurrent edits, idempotency), short, on one server: what `npm test` runs. */
export async function runApiDrillsShort(kind: DatabaseKind, factory: DrillDataFactory): Promise<DrillResult[]> {
  const data = await factory.fresh(kind);
  const server = await DrillServer.start(data);
  try {
    return [
      await concurrentEditsDrill(kind, factory, { rounds: EDIT_ROUNDS.short }, server),
      await idempotencyDrill(kind, factory, server),
    ];
  } finally {
    await server.stop();
    await data.dispose();
  }
}
