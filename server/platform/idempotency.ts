import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema.ts';
import type { RequestContext } from './context.ts';
import { inAgency } from './context.ts';
import { queryRows, type Tx } from './database.ts';
import { AppError } from './errors.ts';

export interface Created<T> {
  status: number;
  body: T;
}

function hashOf(value: unknown): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(value ?? null))
    .digest('hex');
}

/**
 * Runs a create at most once per Idempotency-Key (per user): the key is claimed and the answer
 * stored in the same transaction as the create, so a retry after completion (or after a crash
 * mid-answer) replays the first answer and creates nothing; the same key with a different body is
 * refused with 422; a retry while the first is still running gets 409 at once (rather than waiting on
 * the first one's uncommitted claim). Without the header the create simply runs.
 */
export async function idempotentCreate<T>(
  ctx: RequestContext,
  request: FastifyRequest,
  work: (tx: Tx) => Promise<Created<T>>,
): Promise<Created<T>> {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) return inAgency(ctx, work);
  if (key.length > 200) throw new AppError('validation_failed', 'Idempotency-Key is too long (200 characters at most)');
  const route = `${request.method} ${request.routeOptions.url}`;
  const requestHash = hashOf({ route, params: request.params, body: request.body });
  return inAgency(ctx, async (tx) => {
    // The lock is held by the request running with this key until its transaction ends, so a second
    // one cannot take it; the key is claimed in the same round trip, once the lock is had. A key an
    // earlier request committed, even while this statement waited, is a conflict: it claims nothing.
    const [claim] = await queryRows<{ free: boolean; claimed: boolean }>(
      tx,
      sql`with lock as (
            select pg_try_advisory_xact_lock(hashtextextended(${`precinct:idempotency:${ctx.scope.agencyId}:${ctx.scope.userId}:${key}`}, 0)) as free
          ), claimed as (
            insert into idempotency_keys (agency_id, user_id, key, route, request_hash)
            select ${ctx.scope.agencyId}::uuid, ${ctx.scope.userId}::uuid, ${key}, ${route}, ${requestHash} from lock where free
            on conflict do nothing
            returning key
          )
          select (select free from lock) as free, exists (select from claimed) as claimed`,
    );
    // Its own code, not 'conflict': a client (the web's outbox) must tell "try again later" from a refusal.
    if (!claim?.free) throw stillRunning();
    if (!claim.claimed) {
      const [previous] = await tx
        .select()
        .from(idempotencyKeys)
        .where(
          and(eq(idempotencyKeys.agencyId, ctx.scope.agencyId), eq(idempotencyKeys.userId, ctx.scope.userId), eq(idempotencyKeys.key, key)),
        );
      if (!previous || previous.requestHash !== requestHash)
        throw new AppError('validation_failed', 'This Idempotency-Key was already used for a different request', { status: 422 });
      if (previous.responseStatus === null) throw stillRunning();
      return { status: previous.responseStatus, body: previous.responseBody as T };
    }
    const result = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: result.status, responseBody: result.body as never })
      .where(
        and(eq(idempotencyKeys.agencyId, ctx.scope.agencyId), eq(idempotencyKeys.userId, ctx.scope.userId), eq(idempotencyKeys.key, key)),
      );
    return result;
  });
}

const stillRunning = () =>
  new AppError('idempotency_in_progress', 'The first request with this Idempotency-Key is still running', {
    hint: 'wait for its answer, or retry in a moment',
  });
