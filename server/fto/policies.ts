import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { BinderPolicy, BinderPolicyDetail, PolicyOutstanding, ProgramContent } from '../../core/contracts/fto.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { userNameOf } from '../platform/people.ts';
import { findBinder, isOpen, OPEN_STATUSES, programVersions, versionContent } from './binder-queries.ts';
import { agencyToday, visibleBinder } from './binders.ts';
import { viewerOf } from './caller.ts';
import { ftoBinderPolicies, ftoBinders } from './schema.ts';
import { tell } from '../platform/notices.ts';

/**
 * Policies to acknowledge: the policies of the binder's program version (its snapshot), each read and
 * acknowledged by the trainee with the time and the version they read. The coordinator sees who has
 * not and can remind them (at most once an hour per policy).
 */

const REMIND_AGAIN_AFTER_MS = 60 * 60 * 1000;

type PolicyRow = typeof ftoBinderPolicies.$inferSelect;

function policyOf(content: ProgramContent, key: string) {
  return content.policies.find((p) => p.key === key);
}

function summarise(row: PolicyRow, content: ProgramContent): BinderPolicy {
  const policy = policyOf(content, row.policyKey);
  return {
    id: row.id,
    binder_id: row.binderId,
    key: row.policyKey,
    title: policy?.title ?? row.policyKey,
    version: policy?.version ?? '',
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
    acknowledged_version: row.acknowledgedVersion,
  };
}

/** The binder's policies in the program's order, with whether each is acknowledged. */
export function listPolicies(ctx: RequestContext, binderId: string): Promise<BinderPolicy[]> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const binder = await visibleBinder(tx, ctx, binderId);
    const content = await versionContent(tx, agencyId, binder.binder.programVersionId);
    const rows = await tx
      .select()
      .from(ftoBinderPolicies)
      .where(and(eq(ftoBinderPolicies.agencyId, agencyId), eq(ftoBinderPolicies.binderId, binderId)));
    const order = content.policies.map((p) => p.key);
    return rows.sort((a, b) => order.indexOf(a.policyKey) - order.indexOf(b.policyKey)).map((row) => summarise(row, content));
  });
}

/** A policy of a binder the caller may see, or 404. */
async function visiblePolicy(tx: Tx, ctx: RequestContext, id: string, lock = false) {
  const query = tx
    .select()
    .from(ftoBinderPolicies)
    .where(and(eq(ftoBinderPolicies.agencyId, ctx.scope.agencyId), eq(ftoBinderPolicies.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  const binder = row && (await findBinder(tx, ctx.scope.agencyId, row.binderId, viewerOf(ctx)));
  if (!row || !binder) throw new AppError('not_found', 'No such policy');
  return { row, binder, content: await versionContent(tx, ctx.scope.agencyId, binder.binder.programVersionId) };
}

function detail(ctx: RequestContext, found: Awaited<ReturnType<typeof visiblePolicy>>): BinderPolicyDetail {
  const { row, binder, content } = found;
  return {
    ...summarise(row, content),
    body: policyOf(content, row.policyKey)?.body ?? '',
    trainee_name: binder.traineeName,
    can_acknowledge: binder.binder.traineeId === ctx.scope.userId && row.acknowledgedAt === null,
  };
}

export function getPolicy(ctx: RequestContext, id: string): Promise<BinderPolicyDetail> {
  return inAgency(ctx, async (tx) => detail(ctx, await visiblePolicy(tx, ctx, id)));
}

/** The trainee acknowledges having read the policy: once, timestamped, with the version they read. */
export function acknowledgePolicy(ctx: RequestContext, id: string): Promise<BinderPolicyDetail> {
  return inAgency(ctx, async (tx) => {
    const found = await visiblePolicy(tx, ctx, id, true);
    if (found.binder.binder.traineeId !== ctx.scope.userId)
      throw new AppError('forbidden', `Only ${found.binder.traineeName} can acknowledge their policies`);
    if (found.row.acknowledgedAt) return detail(ctx, found);
    const policy = policyOf(found.content, found.row.policyKey);
    const [updated] = await tx
      .update(ftoBinderPolicies)
      .set({ acknowledgedAt: new Date(), acknowledgedVersion: policy?.version ?? '' })
      .where(and(eq(ftoBinderPolicies.agencyId, ctx.scope.agencyId), eq(ftoBinderPolicies.id, id)))
      .returning();
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'fto.policy_acknowledged',
      entityType: 'fto_binder_policy',
      entityId: id,
      summary: `${found.binder.traineeName} acknowledged “${policy?.title ?? found.row.policyKey}” (version ${policy?.version ?? '?'})`,
    });
    return detail(ctx, { ...found, row: updated! });
  });
}

function daysBetween(from: string, to: string) {
  return Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000));
}

/** Policies not yet acknowledged by the trainees of open binders, longest waiting first: the coordinator's compliance list. */
export function policyCompliance(ctx: RequestContext): Promise<PolicyOutstanding[]> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const rows = await tx
      .select({
        policy: ftoBinderPolicies,
        versionId: ftoBinders.programVersionId,
        startDate: ftoBinders.startDate,
        traineeName: userNameOf(ftoBinders.agencyId, ftoBinders.traineeId),
      })
      .from(ftoBinderPolicies)
      .innerJoin(ftoBinders, and(eq(ftoBinders.agencyId, ftoBinderPolicies.agencyId), eq(ftoBinders.id, ftoBinderPolicies.binderId)))
      .where(
        and(
          eq(ftoBinderPolicies.agencyId, agencyId),
          isNull(ftoBinderPolicies.acknowledgedAt),
          inArray(ftoBinders.status, [...OPEN_STATUSES]),
        ),
      )
      // Few rows (open binders times their policies): sorted below, in the program's order.
      .limit(1000);
    const versions = await programVersions(
      tx,
      agencyId,
      rows.map((r) => r.versionId),
    );
    const today = agencyToday(ctx);
    // Within a binder, in the program's order.
    const rank = (r: (typeof rows)[number]) => versions.get(r.versionId)!.content.policies.findIndex((p) => p.key === r.policy.policyKey);
    return rows
      .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.policy.binderId.localeCompare(b.policy.binderId) || rank(a) - rank(b))
      .map((r) => outstanding(r, versions.get(r.versionId)!.content, today));
  });
}

function outstanding(
  r: { policy: PolicyRow; startDate: string; traineeName: string },
  content: ProgramContent,
  today: string,
): PolicyOutstanding {
  const policy = policyOf(content, r.policy.policyKey);
  return {
    id: r.policy.id,
    binder_id: r.policy.binderId,
    trainee_name: r.traineeName,
    title: policy?.title ?? r.policy.policyKey,
    version: policy?.version ?? '',
    days_open: daysBetween(r.startDate, today),
    reminded_at: r.policy.remindedAt?.toISOString() ?? null,
  };
}

/** The coordinator reminds the trainee of a policy still to acknowledge (bell and e-mail). */
export function remindPolicy(ctx: RequestContext, id: string): Promise<PolicyOutstanding> {
  return inAgency(ctx, async (tx) => {
    const found = await visiblePolicy(tx, ctx, id, true);
    const { row, binder, content } = found;
    if (row.acknowledgedAt) throw new AppError('conflict', `${binder.traineeName} has already acknowledged this policy`);
    if (!isOpen(binder.binder.status)) throw new AppError('conflict', `This binder is ${binder.binder.status}`);
    const now = new Date();
    if (row.remindedAt && now.getTime() - row.remindedAt.getTime() < REMIND_AGAIN_AFTER_MS)
      throw new AppError('conflict', `${binder.traineeName} was reminded less than an hour ago`);
    const policy = policyOf(content, row.policyKey);
    const [updated] = await tx
      .update(ftoBinderPolicies)
      .set({ remindedAt: now })
      .where(and(eq(ftoBinderPolicies.agencyId, ctx.scope.agencyId), eq(ftoBinderPolicies.id, id)))
      .returning();
    await tell(tx, ctx, binder.binder.traineeId, {
      kind: 'fto.policy.reminder',
      title: `Please read and acknowledge: ${policy?.title ?? row.policyKey}`,
      body: `Your field training coordinator asks you to read “${policy?.title ?? row.policyKey}” (version ${policy?.version ?? ''}) and acknowledge it.`,
      link: `/fto/binder/${binder.binder.id}/policies/view/${id}`,
    });
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'fto.policy_reminded',
      entityType: 'fto_binder_policy',
      entityId: id,
      summary: `Reminded ${binder.traineeName} to acknowledge “${policy?.title ?? row.policyKey}”`,
    });
    return outstanding(
      { policy: updated!, startDate: binder.binder.startDate, traineeName: binder.traineeName },
      content,
      agencyToday(ctx),
    );
  });
}
