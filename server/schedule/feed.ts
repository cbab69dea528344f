import { and, eq } from 'drizzle-orm';
import ical from 'ical-generator';
import type { CalendarFeed } from '../../core/contracts/schedule.ts';
import { SHIFT_STATUS_LABELS } from '../../core/contracts/schedule.ts';
import { addDays } from '../../core/schedule/schedule-rules.ts';
import { readSysConfig } from '../platform/agency-settings.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { FileAnswer, PublicContext } from '../platform/endpoints.ts';
import { AppError } from '../platform/errors.ts';
import { agencyOfOpaqueToken, hashOpaqueToken, mintOpaqueToken } from '../platform/opaque-tokens.ts';
import { findPerson } from '../platform/people.ts';
import { scheduleFeeds } from './schema.ts';
import { agencyToday, scheduleSettingsOf } from './settings.ts';
import * as q from './shift-queries.ts';

/**
 * Each person's private calendar feed: an ICS address with a secret in it (only its hash is kept), which
 * Google and Apple calendars subscribe to. Making a new one replaces the old address; revoking ends it.
 * The feed carries the person's working shifts from a month back to six months ahead, as instants (UTC),
 * so every calendar shows them in its own zone without a time-zone table of ours.
 */

const feedPath = (token: string) => `/rest/v1/schedule/feeds/${token}/shifts.ics`;

export function getFeed(ctx: RequestContext): Promise<CalendarFeed> {
  return inAgency(ctx, async (tx) => {
    const [row] = await tx
      .select({ createdAt: scheduleFeeds.createdAt })
      .from(scheduleFeeds)
      .where(and(eq(scheduleFeeds.agencyId, ctx.scope.agencyId), eq(scheduleFeeds.userId, ctx.scope.userId)));
    // The address itself is shown once, when made: only its hash is kept.
    return { url: null, created_at: row?.createdAt.toISOString() ?? null };
  });
}

export function makeFeed(ctx: RequestContext): Promise<CalendarFeed> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const { token, hash } = mintOpaqueToken(agencyId);
    const now = new Date();
    await tx
      .insert(scheduleFeeds)
      .values({ agencyId, userId: ctx.scope.userId, tokenHash: hash, createdAt: now })
      .onConflictDoUpdate({ target: [scheduleFeeds.agencyId, scheduleFeeds.userId], set: { tokenHash: hash, createdAt: now } });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.feed_made',
      entityType: 'user',
      entityId: ctx.scope.userId,
      summary: 'Made a new private calendar feed address (any earlier one stops working)',
    });
    return { url: `${ctx.services.config.publicUrl}${feedPath(token)}`, created_at: now.toISOString() };
  });
}

export function revokeFeed(ctx: RequestContext): Promise<void> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    await tx.delete(scheduleFeeds).where(and(eq(scheduleFeeds.agencyId, agencyId), eq(scheduleFeeds.userId, ctx.scope.userId)));
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.feed_revoked',
      entityType: 'user',
      entityId: ctx.scope.userId,
      summary: 'Turned off the private calendar feed',
    });
  });
}

/** The ICS a calendar app reads; not found for an unknown or revoked address, or while the module is off. */
export async function readFeed(ctx: PublicContext, token: string): Promise<FileAnswer> {
  const agencyId = agencyOfOpaqueToken(token);
  const gone = () => new AppError('not_found', 'This calendar address is not known; make a new one in Precinct');
  if (!agencyId) throw gone();
  const text = await ctx.services.database.withTenant(agencyId, async (tx) => {
    const [feed] = await tx
      .select({ userId: scheduleFeeds.userId })
      .from(scheduleFeeds)
      .where(and(eq(scheduleFeeds.agencyId, agencyId), eq(scheduleFeeds.tokenHash, hashOpaqueToken(token))));
    const sysConfig = feed ? await readSysConfig(tx, agencyId) : undefined;
    if (!feed || !sysConfig || !scheduleSettingsOf(sysConfig).enabled) return null;
    const person = await findPerson(tx, agencyId, feed.userId);
    const today = agencyToday({ sysConfig });
    const shifts = await q.shiftsOnDates(tx, agencyId, addDays(today, -31), addDays(today, 183), feed.userId);
    const calendar = ical({
      name: `${person?.name ?? 'My'} shifts`,
      prodId: { company: 'Precinct', product: 'Schedule', language: 'EN' },
      ttl: 15 * 60,
    });
    for (const shift of shifts.filter((s) => s.status === 'scheduled'))
      calendar.createEvent({
        id: `${shift.id}@precinct`,
        start: new Date(shift.starts_at),
        end: new Date(shift.ends_at),
        summary: `${shift.code} shift${shift.group_name ? `, ${shift.group_name}` : ''}`,
        description: [`${shift.position}`, `${SHIFT_STATUS_LABELS[shift.status]}, ${shift.hours} h`, shift.note].filter(Boolean).join('\n'),
      });
    return calendar.toString();
  });
  if (text === null) throw gone();
  return { data: text, contentType: 'text/calendar; charset=utf-8', headers: { 'cache-control': 'private, max-age=900' } };
}
