import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from './database.ts';
import type { Services } from './services.ts';

/**
 * Work that must happen later, or again, even across a restart: kept as jobs in the database itself
 * (pg-boss, in its own `pgboss` schema, on PostgreSQL and on the embedded PGlite alike), run by
 * whichever server process picks them up first. Modules declare theirs in their manifest (`jobs`).
 *
 * A job carries ids, never the state it acts on: its handler reads the records in the agency's
 * transaction and does nothing when they have moved on (a job may run twice, or after someone was
 * quicker), so the records stay the truth and the queue only says when to look.
 */
export interface JobDefinition {
  /** The queue's name: letters, digits, dashes and dots. */
  queue: string;
  handle(services: Services, data: Record<string, unknown>): Promise<void>;
  /** A cron expression (UTC) when the job also runs on a schedule: a sweep that catches what a lost send missed. */
  every?: string;
}

export interface SendOptions {
  /** Not before this instant. */
  at?: Date;
  /** While a job of this key waits in the queue, another send of it is dropped. */
  key?: string;
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly log: FastifyBaseLogger;
  private started = false;

  constructor(database: Pick<Database, 'jobStore'>, log: FastifyBaseLogger) {
    const store = database.jobStore;
    const common = {
      // The queue's upkeep (expiring stuck jobs, deleting old ones) every few minutes is plenty here.
      maintenanceIntervalSeconds: 300,
      superviseIntervalSeconds: 60,
    } as const;
    this.boss =
      store.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(store.client), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: store.url, max: 2, application_name: 'precinct-jobs' });
    this.log = log;
    this.boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  }

  /** Creates the queues, starts a worker for each and schedules the periodic ones. */
  async start(definitions: readonly JobDefinition[], services: Services): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const definition of definitions) {
      await this.boss.createQueue(definition.queue, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
      await this.boss.work<Record<string, unknown>>(definition.queue, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await definition.handle(services, job.data ?? {});
          } catch (error) {
            this.log.warn({ err: error, queue: definition.queue, job: job.id }, 'job failed; it will be retried');
            throw error;
          }
        }
      });
      if (definition.every) {
        await this.boss.schedule(definition.queue, definition.every, {}, { tz: 'UTC' });
        // And once now: what came due while no server ran is not left for the next tick.
        await this.boss.send(definition.queue, {}, { singletonKey: 'on-start' });
      }
    }
  }

  /** Queues a job (after the transaction that made it due has committed: a job is not part of it). */
  async send(queue: string, data: Record<string, unknown>, options: SendOptions = {}): Promise<void> {
    await this.boss.send(queue, data, {
      ...(options.at ? { startAfter: options.at } : {}),
      ...(options.key ? { singletonKey: options.key } : {}),
    });
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    // Waits for running handlers, then closes pg-boss's own connections (the database is closed after).
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true });
  }
}
