import type { CitationDraft, CreateStopInput, Stop, StopContent } from '../../core/contracts/citations.ts';
import { formatCitationNumber, stopProblems } from '../../core/citations/citation-rules.ts';
import { zonedTimeToInstant } from '../../core/dates.ts';
import { recordAudit } from '../platform/audit.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import { nextNumber } from '../platform/counters.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import {
  draftContent,
  draftOf,
  derivedColumns,
  isDraft,
  issuedContent,
  ruleContext,
  summarise,
  type StopFields,
} from './citation-content.ts';
import {
  citationIdsTaken,
  citationsOfStop,
  deleteDrafts,
  deleteStop,
  findStop,
  insertCitation,
  insertRevision,
  insertStop,
  updateCitationRow,
  updateStopRow,
  type StopRow,
} from './citation-queries.ts';
import { agencyToday, CITATION_COUNTER, citationsSettingsOf } from './settings.ts';
import { statutesByIds, type StatuteRow } from './statute-queries.ts';

/**
 * A stop and its drafts: created under the id the device chose (the form works offline), saved as the
 * officer types (drafts added, changed, removed; any change makes a checked draft a draft again),
 * checked (every rule of core/citations/citation-rules.ts, each failure named by its field), issued
 * (numbers from the agency's sequence, in the same transaction, and the content kept as it was) or
 * discarded while nothing of it is issued. An issued citation is never changed here: only amended.
 */

type LoadedStop = StopRow & { officerName: string };

function mayManage(ctx: RequestContext): boolean {
  return holds(ctx, 'citations:manage');
}

/** A stop the caller may see (their own, or anyone's for a manager); another's answers 404, as if it did not exist. */
async function visibleStop(tx: Tx, ctx: RequestContext, id: string): Promise<LoadedStop> {
  const stop = await findStop(tx, ctx.scope.agencyId, id);
  if (!stop || (stop.officerId !== ctx.scope.userId && !mayManage(ctx))) throw new AppError('not_found', 'There is no such stop');
  return stop;
}

function refuseUnlessOfficer(ctx: RequestContext, stop: LoadedStop, doing: string): void {
  if (stop.officerId !== ctx.scope.userId) throw new AppError('forbidden', `Only ${stop.officerName}, who made this stop, ${doing}`);
}

function stopFields(content: StopContent): StopFields {
  const { citations: _drafts, ...fields } = content;
  return fields;
}

/** The stop's wall clock as an instant in the agency's time zone (null while it is not a valid date and time). */
function instantOf(ctx: RequestContext, occurredAt: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(occurredAt);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const instant = zonedTimeToInstant({ year, month, day, hour, minute }, ctx.sysConfig.general_settings.timezone);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

function stopColumns(ctx: RequestContext, fields: StopFields) {
  return {
    occurredAt: fields.occurred_at,
    occurredInstant: instantOf(ctx, fields.occurred_at),
    location: fields.location,
    latitude: fields.latitude,
    longitude: fields.longitude,
    person: fields.person,
    vehicle: fields.vehicle,
  };
}

async function statutesOf(tx: Tx, agencyId: string, drafts: readonly CitationDraft[]): Promise<Map<string, StatuteRow>> {
  const rows = await statutesByIds(
    tx,
    agencyId,
    drafts.flatMap((draft) => draft.violations.map((violation) => violation.statute_id)),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

async function presentStop(tx: Tx, ctx: RequestContext, stop: LoadedStop): Promise<Stop> {
  const settings = citationsSettingsOf(ctx.sysConfig);
  const rows = await citationsOfStop(tx, ctx.scope.agencyId, stop.id);
  const drafts = rows.filter((row) => isDraft(row.citation.status));
  return {
    id: stop.id,
    officer_id: stop.officerId,
    officer_name: stop.officerName,
    occurred_at: stop.occurredAt,
    location: stop.location,
    latitude: stop.latitude,
    longitude: stop.longitude,
    person: stop.person,
    vehicle: stop.vehicle,
    citations: drafts.map((row) => draftOf(row.citation)),
    ready: drafts.filter((row) => row.citation.status === 'validated').map((row) => row.citation.id),
    issued: rows.filter((row) => !isDraft(row.citation.status)).map((row) => summarise(row, settings)),
    can_edit: stop.officerId === ctx.scope.userId || mayManage(ctx),
    version: stop.version,
    updated_at: stop.updatedAt.toISOString(),
  };
}

/**
 * Keeps the stop's fields and its drafts as sent: drafts not sent are removed, new ones added, changed
 * ones (or all, when the stop's own fields changed) become drafts again. A draft id that is an issued
 * citation is refused (amend it from its page), as is one of another stop.
 */
async function keepContent(
  tx: Tx,
  ctx: RequestContext,
  stop: LoadedStop,
  version: number | null,
  content: StopContent,
): Promise<LoadedStop> {
  const agencyId = ctx.scope.agencyId;
  const ids = content.citations.map((draft) => draft.id);
  const duplicate = ids.findIndex((id, index) => ids.indexOf(id) !== index);
  if (duplicate >= 0) throw validationError({ [`citations.${duplicate}.id`]: 'Two citations of the stop have the same id' });
  const taken = new Map((await citationIdsTaken(tx, agencyId, ids)).map((row) => [row.id, row]));
  content.citations.forEach((draft, index) => {
    const row = taken.get(draft.id);
    if (row && row.stopId !== stop.id)
      throw new AppError('conflict', 'A citation with this id belongs to another stop', {
        fields: { [`citations.${index}.id`]: 'Already used' },
      });
    if (row && !isDraft(row.status))
      throw new AppError('conflict', 'This citation is issued: it is no longer changed with the stop, amend it from its own page', {
        fields: { [`citations.${index}`]: 'Issued: amend it from its page' },
      });
  });
  const fields = stopFields(content);
  const updated = await updateStopRow(tx, agencyId, stop.id, version, stopColumns(ctx, fields));
  if (!updated) throw staleVersion('stop');
  const before: StopFields = {
    occurred_at: stop.occurredAt,
    location: stop.location,
    latitude: stop.latitude,
    longitude: stop.longitude,
    person: stop.person,
    vehicle: stop.vehicle,
  };
  const stopChanged = canonical(fields) !== canonical(before);
  const existing = (await citationsOfStop(tx, agencyId, stop.id)).filter((row) => isDraft(row.citation.status));
  const byId = new Map(existing.map((row) => [row.citation.id, row.citation]));
  await deleteDrafts(
    tx,
    agencyId,
    stop.id,
    existing.map((row) => row.citation.id).filter((id) => !ids.includes(id)),
  );
  const statutes = await statutesOf(tx, agencyId, content.citations);
  for (const [position, draft] of content.citations.entries()) {
    const kept = draftContent(fields, draft, statutes);
    const old = byId.get(draft.id);
    if (old) {
      const changed = stopChanged || canonical(draftOf(old)) !== canonical(draft);
      await updateCitationRow(tx, agencyId, draft.id, null, {
        ...derivedColumns(kept, null),
        position,
        ...(changed ? { status: 'draft' as const } : {}),
      });
    } else
      await insertCitation(tx, {
        agencyId,
        id: draft.id,
        stopId: stop.id,
        officerId: stop.officerId,
        position,
        status: 'draft',
        ...derivedColumns(kept, null),
        kind: draft.kind,
        content: kept,
        occurredAt: kept.occurred_at,
        occurredOn: kept.occurred_at.slice(0, 10),
      });
  }
  return { ...updated, officerName: stop.officerName };
}

/** A new stop (with its drafts, if the form had them) under the id the device chose. */
export function createStop(ctx: RequestContext, input: CreateStopInput): Promise<Stop> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const { id, ...content } = input;
    const fields = stopFields(content);
    const row = await insertStop(tx, { agencyId, id, officerId: ctx.scope.userId, ...stopColumns(ctx, fields) });
    if (!row) throw new AppError('conflict', 'This stop is already on the server: open it from your citations');
    const stop = (await findStop(tx, agencyId, id))!;
    const saved = content.citations.length ? await keepContent(tx, ctx, stop, null, content) : stop;
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'citations.stop_created',
      entityType: 'citation_stop',
      entityId: id,
      summary: `Started a stop at ${fields.location || 'an unnamed place'} (${fields.occurred_at})`,
    });
    return presentStop(tx, ctx, saved);
  });
}

export function getStop(ctx: RequestContext, id: string): Promise<Stop> {
  return inAgency(ctx, async (tx) => presentStop(tx, ctx, await visibleStop(tx, ctx, id)));
}

async function editableStop(tx: Tx, ctx: RequestContext, id: string): Promise<LoadedStop> {
  const stop = await visibleStop(tx, ctx, id);
  if (stop.officerId !== ctx.scope.userId && !mayManage(ctx)) throw new AppError('forbidden', `Only ${stop.officerName} changes this stop`);
  return stop;
}

/** The officer's autosave: any partial content; issued citations of the stop are never touched. */
export function saveStop(ctx: RequestContext, id: string, version: number, content: StopContent): Promise<Stop> {
  return inAgency(ctx, async (tx) => {
    const stop = await editableStop(tx, ctx, id);
    return presentStop(tx, ctx, await keepContent(tx, ctx, stop, version, content));
  });
}

async function problemsOf(tx: Tx, ctx: RequestContext, content: StopContent) {
  const statutes = await statutesOf(tx, ctx.scope.agencyId, content.citations);
  const settings = citationsSettingsOf(ctx.sysConfig);
  const problems = stopProblems(content, ruleContext([...statutes.values()], settings, agencyToday(ctx).today));
  return { problems, statutes, settings };
}

const NOT_READY = 'The stop cannot be issued yet: see the fields marked';

/** Checks every draft: each failure named by its field (nothing kept), or the stop saved with its drafts ready to issue. */
export function validateStop(ctx: RequestContext, id: string, version: number, content: StopContent): Promise<Stop> {
  return inAgency(ctx, async (tx) => {
    const stop = await editableStop(tx, ctx, id);
    const { problems } = await problemsOf(tx, ctx, content);
    if (Object.keys(problems).length) throw validationError(problems, NOT_READY);
    const saved = await keepContent(tx, ctx, stop, version, content);
    for (const draft of content.citations) await updateCitationRow(tx, ctx.scope.agencyId, draft.id, null, { status: 'validated' });
    return presentStop(tx, ctx, saved);
  });
}

/**
 * Issues every draft of the stop: the rules checked again with the statutes as they read on the stop's
 * date, then each draft numbered from the agency's sequence in this transaction (so the numbers are
 * consecutive and never given twice, whoever issues at the same moment), its court and appearance date
 * fixed, and its content kept as revision 1.
 */
export function issueStop(ctx: RequestContext, id: string, version: number, content: StopContent): Promise<Stop> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const stop = await visibleStop(tx, ctx, id);
    refuseUnlessOfficer(ctx, stop, 'issues its citations');
    const { problems, statutes, settings } = await problemsOf(tx, ctx, content);
    if (Object.keys(problems).length) throw validationError(problems, NOT_READY);
    const saved = await keepContent(tx, ctx, stop, version, content);
    const fields = stopFields(content);
    const { year } = agencyToday(ctx);
    const now = new Date();
    // Every number first, then the audit entries: the sequence's row lock is always taken before the audit lock.
    const issued: Array<{ draft: CitationDraft; number: string }> = [];
    for (const draft of content.citations) {
      const sequence = await nextNumber(tx, agencyId, CITATION_COUNTER);
      const number = formatCitationNumber(settings.number_format, sequence, year);
      const kept = issuedContent(fields, draft, statutes, settings);
      await updateCitationRow(tx, agencyId, draft.id, null, {
        ...derivedColumns(kept, number),
        status: 'issued',
        number,
        sequence,
        issuedAt: now,
      });
      await insertRevision(tx, { agencyId, citationId: draft.id, event: 'issued', actorId: ctx.scope.userId, reason: null, content: kept });
      issued.push({ draft, number });
    }
    for (const { draft, number } of issued)
      await recordAudit(tx, agencyId, ctx.actor, {
        action: 'citations.issued',
        entityType: 'citation',
        entityId: draft.id,
        summary: `Issued ${draft.kind === 'warning' ? 'written warning' : 'citation'} ${number}`,
      });
    return presentStop(tx, ctx, saved);
  });
}

/** A stop with nothing issued, discarded with its drafts by its officer (the drafts never had numbers). */
export function discardStop(ctx: RequestContext, id: string, version: number): Promise<void> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const stop = await visibleStop(tx, ctx, id);
    refuseUnlessOfficer(ctx, stop, 'discards it');
    const rows = await citationsOfStop(tx, agencyId, id);
    if (rows.some((row) => !isDraft(row.citation.status)))
      throw new AppError(
        'conflict',
        'This stop has issued citations: it stays on record (a supervisor voids a citation issued by mistake)',
      );
    if (!(await updateStopRow(tx, agencyId, id, version, {}))) throw staleVersion('stop');
    await deleteStop(tx, agencyId, id);
  });
}
