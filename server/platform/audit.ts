import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../db/schema.ts';
import { queryRows, type Tx } from './database.ts';
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
 * Writes an audit entry in the caller's transaction, so the record of a change commits or rolls
 * back with the change itself. Entries of one agency are chained by hash; a per-agency transaction
 * lock keeps two concurrent writers from forking the chain.
 */
export async function recordAudit(tx: Tx, agencyId: string, actor: AuditActor, entry: AuditEntry): Promise<void> {
  // The agency's audit lock, then the last entry's hash, in one round trip (migration 0038).
  const [tail] = await queryRows<{ hash: string | null }>(tx, sql`select precinct_audit_tail(${agencyId}) as hash`);
  const prevHash = tail?.hash ?? null;
  const occurredAt = new Date();
  const body = {
    agencyId,
    occurredAt: occurredAt.toISOString(),
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
  };
  await tx.insert(auditLog).values({ ...body, occurredAt, prevHash, hash: auditHash(prevHash, body) });
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
