import type { Page } from '../../core/contracts/admin.ts';
import {
  CITATION_KIND_LABELS,
  CITATION_STATUS_LABELS,
  type AmendCitationInput,
  type Citation,
  type CitationCopy,
  type CitationDraft,
  type CitationsHome,
  type CitationSummary,
  type ListCitationsQuery,
  type StopContent,
} from '../../core/contracts/citations.ts';
import { stopProblems } from '../../core/citations/citation-rules.ts';
import { toCsv } from '../../core/csv.ts';
import { agencyName } from '../platform/agencies.ts';
import { recordAudit } from '../platform/audit.ts';
import { holds, inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { tell } from '../platform/notices.ts';
import { findPerson, peopleWithPermission } from '../platform/people.ts';
import { staleVersion } from '../platform/versioning.ts';
import { courtNamed, derivedColumns, isDraft, issuedContent, ruleContext, summarise } from './citation-content.ts';
import {
  citationsOfStop,
  DRAFT_STATUSES,
  findCitation,
  insertRevision,
  listCitationRows,
  listWholeCitationRows,
  revisionsOf,
  statuteWord,
  toFileCount,
  updateCitationRow,
  type CitationFilter,
  type ListedCitation,
} from './citation-queries.ts';
import { agencyToday, citationsSettingsOf } from './settings.ts';
import { findStatute, statutesByIds } from './statute-queries.ts';

/**
 * Citations once written: the officer's list and the agency's (citations:manage), a citation's page
 * with its history, the two printable copies (the violator's never carries the officer's notes: the
 * server leaves them out), amendments (re-checked, audited, the earlier revision kept), an officer's
 * request to void and a supervisor's void (citations:void), each told to the people it concerns.
 */

const link = (id: string) => `/citations/${id}`;
const CSV_LIMIT = 5000;

function mayManage(ctx: RequestContext): boolean {
  return holds(ctx, 'citations:manage');
}
function mayVoid(ctx: RequestContext): boolean {
  return holds(ctx, 'citations:void');
}

/** A citation the caller may see (their own; anyone's for a manager or a supervisor who voids); another's answers 404. */
async function visibleCitation(tx: Tx, ctx: RequestContext, id: string): Promise<ListedCitation> {
  const row = await findCitation(tx, ctx.scope.agencyId, id);
  if (!row || (row.citation.officerId !== ctx.scope.userId && !mayManage(ctx) && !mayVoid(ctx)))
    throw new AppError('not_found', 'There is no such citation');
  return row;
}

function label(row: ListedCitation): string {
  const what = row.citation.kind === 'warning' ? 'Written warning' : 'Citation';
  return row.citation.number ? `${what} ${row.citation.number}` : `The draft ${what.toLowerCase()}`;
}

async function present(tx: Tx, ctx: RequestContext, row: ListedCitation): Promise<Citation> {
  const { citation } = row;
  const agencyId = ctx.scope.agencyId;
  const settings = citationsSettingsOf(ctx.sysConfig);
  const mine = citation.officerId === ctx.scope.userId;
  const issued = citation.status === 'issued' || citation.status === 'filed';
  const requester = citation.voidRequest ? await findPerson(tx, agencyId, citation.voidRequest.by) : undefined;
  const siblings = (await citationsOfStop(tx, agencyId, citation.stopId)).filter((other) => other.citation.id !== citation.id);
  return {
    ...summarise(row, settings),
    content: citation.content,
    court: courtNamed(settings, citation.courtKey),
    void_reason: citation.voidReason,
    void_request: citation.voidRequest
      ? { reason: citation.voidRequest.reason, by_name: requester?.name ?? '', at: citation.voidRequest.at }
      : null,
    filed_at: citation.filedAt?.toISOString() ?? null,
    revisions: (await revisionsOf(tx, agencyId, citation.id)).map((revision) => ({
      revision: revision.revision,
      event: revision.event,
      by_name: revision.byName,
      at: revision.at.toISOString(),
      reason: revision.reason,
    })),
    siblings: siblings.map((other) => ({
      id: other.citation.id,
      number: other.citation.number,
      kind: other.citation.kind,
      status: other.citation.status,
    })),
    can: {
      edit: mine && isDraft(citation.status),
      amend: issued && (mine || mayManage(ctx)),
      void: issued && mayVoid(ctx),
      request_void: issued && mine && citation.voidRequest === null,
    },
    version: citation.version,
  };
}

/** Opening a citation is in the audit log: it is a record about a person. */
export function getCitation(ctx: RequestContext, id: string): Promise<Citation> {
  return inAgency(ctx, async (tx) => {
    const row = await visibleCitation(tx, ctx, id);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'citations.viewed',
      entityType: 'citation',
      entityId: id,
      summary: `Viewed ${label(row).replace(/^The/, 'the')}`,
    });
    return present(tx, ctx, row);
  });
}

async function filterOf(tx: Tx, ctx: RequestContext, query: ListCitationsQuery): Promise<CitationFilter> {
  if (query.queue === 'all' && !mayManage(ctx))
    throw new AppError('forbidden', 'Only those who manage citations see every officer’s; your own are under My citations');
  const { page: _page, page_size: _size, queue, ...filter } = query;
  const statute = filter.statute_id ? await findStatute(tx, ctx.scope.agencyId, filter.statute_id) : undefined;
  return {
    ...filter,
    officerOnly: queue === 'mine' ? ctx.scope.userId : undefined,
    statuteWord: statute ? statuteWord(statute.code) : null,
  };
}

export function listCitations(ctx: RequestContext, query: ListCitationsQuery): Promise<Page<CitationSummary>> {
  return inAgency(ctx, async (tx) => {
    const settings = citationsSettingsOf(ctx.sysConfig);
    const { rows, total } = await listCitationRows(tx, ctx.scope.agencyId, await filterOf(tx, ctx, query), {
      page: query.page,
      page_size: query.page_size,
      mine: query.queue === 'mine',
    });
    return { items: rows.map((row) => summarise(row, settings)), total, page: query.page, page_size: query.page_size };
  });
}

const money = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/** The citations of a list as CSV (at most 5000, as the list sorts), for a records request. */
export function exportCitations(ctx: RequestContext, query: ListCitationsQuery): Promise<string> {
  return inAgency(ctx, async (tx) => {
    const settings = citationsSettingsOf(ctx.sysConfig);
    const { rows } = await listWholeCitationRows(
      tx,
      ctx.scope.agencyId,
      await filterOf(tx, ctx, query),
      { page: 1, page_size: CSV_LIMIT, mine: query.queue === 'mine' },
      CSV_LIMIT,
    );
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'citations.exported',
      entityType: 'citation',
      entityId: 'csv',
      summary: `Exported ${rows.length} citations as CSV`,
      after: { query },
    });
    return toCsv(
      [
        'number',
        'kind',
        'status',
        'officer',
        'occurred_at',
        'location',
        'violator',
        'plate',
        'plate_state',
        'violations',
        'total_fine',
        'court',
        'appearance_date',
        'amended',
        'void_reason',
        'issued_at',
      ],
      rows.map(({ citation, officerName }) => [
        citation.number ?? '',
        CITATION_KIND_LABELS[citation.kind],
        CITATION_STATUS_LABELS[citation.status],
        officerName,
        citation.occurredAt,
        citation.location,
        citation.violatorName,
        citation.plate,
        citation.content.vehicle.plate_state,
        citation.codes.join('; '),
        money(citation.totalFineCents),
        courtNamed(settings, citation.courtKey)?.name ?? '',
        citation.appearanceDate ?? '',
        citation.amended,
        citation.voidReason ?? '',
        citation.issuedAt?.toISOString() ?? '',
      ]),
    );
  });
}

/** What needs the caller in citations: their drafts, voids waiting for them, and what waits to be filed. */
export function citationsHome(ctx: RequestContext): Promise<CitationsHome> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const settings = citationsSettingsOf(ctx.sysConfig);
    const page = { page: 1, page_size: 5, mine: true };
    const drafts = await listCitationRows(tx, agencyId, { officerOnly: ctx.scope.userId, statuses: DRAFT_STATUSES }, page);
    const voids = mayVoid(ctx)
      ? await listCitationRows(tx, agencyId, { void_requested: 'true' }, { ...page, mine: false })
      : { rows: [], total: 0 };
    return {
      drafts: drafts.rows.map((row) => summarise(row, settings)),
      drafts_total: drafts.total,
      void_requests: voids.rows.map((row) => summarise(row, settings)),
      void_requests_total: voids.total,
      to_file: mayManage(ctx) ? await toFileCount(tx, agencyId) : 0,
      can: { manage: mayManage(ctx), void: mayVoid(ctx) },
    };
  });
}

/** A copy to print. The violator's never has the officer's notes (left out here, not by the page) and carries the agency's instructions. */
export function getCopy(ctx: RequestContext, id: string, copy: 'violator' | 'court'): Promise<CitationCopy> {
  return inAgency(ctx, async (tx) => {
    const row = await visibleCitation(tx, ctx, id);
    const { citation } = row;
    if (!citation.number || !citation.issuedAt)
      throw new AppError('conflict', 'This citation is not issued yet: it has no copies to print');
    const settings = citationsSettingsOf(ctx.sysConfig);
    const { content } = citation;
    return {
      copy,
      number: citation.number,
      kind: citation.kind,
      status: citation.status,
      agency_name: await agencyName(tx, ctx.scope.agencyId),
      officer_name: row.officerName,
      issued_at: citation.issuedAt.toISOString(),
      occurred_at: content.occurred_at,
      location: content.location,
      person: content.person,
      vehicle: content.vehicle,
      violations: content.violations,
      total_fine_cents: citation.totalFineCents,
      court: courtNamed(settings, citation.courtKey),
      appearance_date: citation.appearanceDate,
      instructions: copy === 'violator' ? settings.violator_copy_text : null,
      officer_notes: copy === 'court' ? content.officer_notes : null,
      amended: citation.amended,
    };
  });
}

function refuseUnlessIssued(row: ListedCitation, doing: string): void {
  const { status } = row.citation;
  if (isDraft(status)) throw new AppError('conflict', `This citation is a draft: change it on its stop, there is nothing to ${doing}`);
  if (status === 'void') throw new AppError('conflict', `This citation is void: there is nothing to ${doing}`);
}

/** The rule failures of an amendment, named by the amendment's own fields (`violations.0.speed`, `person.last_name`). */
function amendmentProblems(
  ctx: RequestContext,
  row: ListedCitation,
  input: AmendCitationInput,
  statutes: Parameters<typeof ruleContext>[0],
) {
  const draft: CitationDraft = {
    id: row.citation.id,
    kind: row.citation.kind,
    violations: input.violations,
    court_key: input.court_key,
    appearance_date: input.appearance_date,
    officer_notes: input.officer_notes,
  };
  const stop: StopContent = {
    occurred_at: input.occurred_at,
    location: input.location,
    latitude: row.citation.content.latitude,
    longitude: row.citation.content.longitude,
    person: input.person,
    vehicle: input.vehicle,
    citations: [draft],
  };
  const problems = stopProblems(stop, ruleContext(statutes, citationsSettingsOf(ctx.sysConfig), agencyToday(ctx).today));
  return Object.fromEntries(
    Object.entries(problems).map(([path, message]) => [
      path.startsWith('citations.0.') ? path.slice('citations.0.'.length) : path,
      message,
    ]),
  );
}

/**
 * An amendment of an issued or filed citation by its officer or a manager: re-checked with every rule,
 * its reason kept with a new revision (the earlier ones stay), audited; a filed citation goes back to
 * issued so the clerk files the correction; the managers are told.
 */
export function amendCitation(ctx: RequestContext, id: string, version: number, input: AmendCitationInput): Promise<Citation> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const row = await visibleCitation(tx, ctx, id);
    if (row.citation.officerId !== ctx.scope.userId && !mayManage(ctx))
      throw new AppError('forbidden', `Only ${row.officerName}, who issued it, or someone who manages citations amends it`);
    refuseUnlessIssued(row, 'amend');
    const statuteRows = await statutesByIds(
      tx,
      agencyId,
      input.violations.map((v) => v.statute_id),
    );
    const problems = amendmentProblems(ctx, row, input, statuteRows);
    if (Object.keys(problems).length) throw validationError(problems, 'The amendment breaks a rule: see the fields marked');
    const settings = citationsSettingsOf(ctx.sysConfig);
    const statutes = new Map(statuteRows.map((statute) => [statute.id, statute]));
    const content = issuedContent(
      {
        occurred_at: input.occurred_at,
        location: input.location,
        latitude: row.citation.content.latitude,
        longitude: row.citation.content.longitude,
        person: input.person,
        vehicle: input.vehicle,
      },
      {
        kind: row.citation.kind,
        violations: input.violations,
        court_key: input.court_key,
        appearance_date: input.appearance_date,
        officer_notes: input.officer_notes,
      },
      statutes,
      settings,
    );
    const wasFiled = row.citation.status === 'filed';
    const updated = await updateCitationRow(tx, agencyId, id, version, {
      ...derivedColumns(content, row.citation.number),
      amended: row.citation.amended + 1,
      status: 'issued',
      filedAt: null,
    });
    if (!updated) throw staleVersion('citation');
    await insertRevision(tx, { agencyId, citationId: id, event: 'amended', actorId: ctx.scope.userId, reason: input.reason, content });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'citations.amended',
      entityType: 'citation',
      entityId: id,
      summary: `Amended ${label(row).replace(/^The/, 'the')}: ${input.reason}`,
      before: { content: row.citation.content },
      after: { content, reason: input.reason },
    });
    const by = (await findPerson(tx, agencyId, ctx.scope.userId))?.name ?? 'Someone';
    for (const person of await peopleWithPermission(tx, agencyId, 'citations:manage'))
      await tell(tx, ctx, person.id, {
        kind: 'citations.amended',
        title: `${label(row)} was amended`,
        body: `${by} amended it: ${input.reason}${wasFiled ? ' It was filed with court and needs filing again.' : ''}`,
        link: link(id),
      });
    return present(tx, ctx, { ...row, citation: updated });
  });
}

/** The officer of an issued citation asks a supervisor to void it, with the reason; the supervisors are told. */
export function requestVoid(ctx: RequestContext, id: string, version: number, reason: string): Promise<Citation> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const row = await visibleCitation(tx, ctx, id);
    if (row.citation.officerId !== ctx.scope.userId)
      throw new AppError('forbidden', `Only ${row.officerName}, who issued it, asks for it to be voided`);
    refuseUnlessIssued(row, 'void');
    if (row.citation.voidRequest) throw new AppError('conflict', 'A void of this citation is already asked for: a supervisor will answer');
    const request = { reason, by: ctx.scope.userId, at: new Date().toISOString() };
    const updated = await updateCitationRow(tx, agencyId, id, version, { voidRequest: request });
    if (!updated) throw staleVersion('citation');
    await insertRevision(tx, {
      agencyId,
      citationId: id,
      event: 'void_requested',
      actorId: ctx.scope.userId,
      reason,
      content: row.citation.content,
    });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'citations.void_requested',
      entityType: 'citation',
      entityId: id,
      summary: `Asked for ${label(row).replace(/^The/, 'the')} to be voided: ${reason}`,
    });
    for (const person of await peopleWithPermission(tx, agencyId, 'citations:void'))
      await tell(tx, ctx, person.id, {
        kind: 'citations.void_requested',
        title: `${row.officerName} asks for ${label(row).replace(/^[A-Z]/, (c) => c.toLowerCase())} to be voided`,
        body: `The reason given: ${reason}`,
        link: link(id),
      });
    return present(tx, ctx, { ...row, citation: updated });
  });
}

/** A supervisor voids an issued or filed citation with a reason; its number is never given again. The officer is told. */
export function voidCitation(ctx: RequestContext, id: string, version: number, reason: string): Promise<Citation> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const row = await visibleCitation(tx, ctx, id);
    refuseUnlessIssued(row, 'void');
    const updated = await updateCitationRow(tx, agencyId, id, version, {
      status: 'void',
      voidReason: reason,
      voidedBy: ctx.scope.userId,
      voidedAt: new Date(),
      voidRequest: null,
    });
    if (!updated) throw staleVersion('citation');
    await insertRevision(tx, {
      agencyId,
      citationId: id,
      event: 'voided',
      actorId: ctx.scope.userId,
      reason,
      content: row.citation.content,
    });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'citations.voided',
      entityType: 'citation',
      entityId: id,
      summary: `Voided ${label(row).replace(/^The/, 'the')}: ${reason}`,
    });
    const by = (await findPerson(tx, agencyId, ctx.scope.userId))?.name ?? 'A supervisor';
    await tell(tx, ctx, row.citation.officerId, {
      kind: 'citations.voided',
      title: `${label(row)} was voided`,
      body: `${by} voided it: ${reason}`,
      link: link(id),
    });
    return present(tx, ctx, { ...row, citation: updated });
  });
}
