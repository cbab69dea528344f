import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../db/schema.ts';
import { runAtCommit, sqlLiteral as literal, type Tx } from './database.ts';
import type { RequestOrigin } from './services.ts';

export interface AuditActor {
  userId: string | null;
  email: string | null;
  origin: RequestOrigin;
}

export interface AuditEntry {
  /** What happened, as `area.verb` (e.g. `user.disabled`, `role.permissions_changed`, `auth.sign_in_failed`). */
  action: string;
  entityType: string;
  entityId?: string | null;
  /** One sentence a person reads in the log: "Disabled Sam Patel". */
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** The hash that chains an entry to the one before it. */
export function auditHash(prevHash: string | null, entry: Record<string, unknown>): string {
  return crypto
    .createHash('sha256')
    .update(`${prevHash ?? ''}\n${canonical(entry)}`)
    .digest('hex');
}

/**
 * The entry with every string in it made well-formed (a lone surrogate, half of an emoji cut in two,
 * becomes U+FFFD): PostgreSQL stores text so, and jsonb refuses the escape JSON writes for one, so the
 * hash is taken of what the log will hold and `verifyAuditChain` reads the same back.
 */
function wellFormed<T>(value: T): T {
  if (typeof value === 'string') return value.toWellFormed() as T;
  if (Array.isArray(value)) return value.map(wellFormed) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.toWellFormed(), wellFormed(item)])) as T;
  return value;
}

/**
 * Writes an audit entry in the caller's transaction, so the record of a change commits or rolls
 * back with the change itself. Entries of one agency are chained by hash; a per-agency transaction
 * lock keeps two concurrent writers from forking the chain.
 *
 * The entry is written by one statement that takes the lock, reads the last entry's hash after it
 * (precinct_audit_tail, migration 0038) and hashes this one onto it, as `auditHash` does. Where the
 * transaction allows, that statement goes with its COMMIT (runAtCommit): the agency's lock is then held
 * for one message PostgreSQL runs, not for the rest of the request, so an agency's writes no longer wait
 * on each other's round trips (docs/decisions/013, fourteenth step). Either way a failure rolls the
 * whole change back. A read's transaction is read only (a record opened is audited): its entry goes in a
 * transaction of its own, in the same message, after the read's COMMIT, and the read answers only once
 * it is written.
 */
export async function recordAudit(tx: Tx, agencyId: string, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const body = wellFormed({
    agencyId,
    occurredAt: new Date().toISOString(),
    actorId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.origin.ip,
    userAgent: actor.origin.userAgent?.slice(0, 512) ?? null,
  });
  const json = (value: Record<string, unknown> | null) => literal(value === null ? null : JSON.stringify(value));
  const statement = `insert into audit_log (agency_id, occurred_at, actor_id, actor_email, action, entity_type, entity_id, summary, before, after, ip, user_agent, prev_hash, hash)
select ${literal(agencyId)}::uuid, ${literal(body.occurredAt)}::timestamptz, ${literal(body.actorId)}::uuid, ${literal(body.actorEmail)}, ${literal(body.action)}, ${literal(body.entityType)}, ${literal(body.entityId)}, ${literal(body.summary)}, ${json(body.before)}::jsonb, ${json(body.after)}::jsonb, ${literal(body.ip)}, ${literal(body.userAgent)},
  tail.hash, encode(sha256(convert_to(coalesce(tail.hash, '') || chr(10) || ${literal(canonical(body))}, 'UTF8')), 'hex')
from (select precinct_audit_tail(${literal(agencyId)}::uuid) as hash) tail`;
  if (!runAtCommit(tx, statement)) await tx.execute(sql.raw(statement));
}

/** Walks an agency's chain and returns the id of the first entry that does not match, or null when intact. */
export async function verifyAuditChain(tx: Tx, agencyId: string): Promise<number | null> {
  const rows = await tx
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.agencyId, agencyId)))
    .orderBy(auditLog.id);
  let prevHash: string | null = null;
  for (const row of rows) {
    const body = {
      agencyId: row.agencyId,
      occurredAt: row.occurredAt.toISOString(),
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      summary: row.summary,
      before: row.before,
      after: row.after,
      ip: row.ip,
      userAgent: row.userAgent,
    };
    if (row.prevHash !== prevHash || row.hash !== auditHash(prevHash, body)) return row.id;
    prevHash = row.hash;
  }
  return null;
}
