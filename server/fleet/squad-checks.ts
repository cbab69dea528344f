import type {
  Answer,
  ListSquadChecksQuery,
  SquadCheckDetail,
  SquadCheckForm,
  SquadCheckSubmission,
  SubmitSquadCheckInput,
  TemplateSection,
} from '../../core/contracts/fleet.ts';
import { evaluateAnswers, type FailedItem } from '../../core/fleet/squad-check-rules.ts';
import type { Page } from '../../core/contracts/admin.ts';
import { startOfZonedDay, zonedTimeToInstant } from '../../core/dates.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import { ownUploads } from '../platform/attachments.ts';
import { requestsOfSquadChecks } from './service-request-queries.ts';
import {
  deleteDraft,
  findDraft,
  findSubmission,
  insertSubmission,
  listSubmissions,
  submissionLabels,
  updateSubmissionRow,
  upsertDraft,
  type SubmissionLabels,
  type SubmissionListRow,
} from './squad-check-queries.ts';
import { findTemplateVersions } from './template-queries.ts';
import { lockVehicle, updateVehicleRow } from './vehicle-queries.ts';
import { templateForVehicleType } from './templates.ts';
import { loadVehicle, recordOdometer } from './vehicles.ts';
import { openServiceRequest } from './service-requests.ts';
import { fleetSettingsOf } from './settings.ts';

/**
 * The out-of-service request each check's critical failure opened (submitSquadCheck links it to the
 * check and to the first critical item), with the critical items it covers.
 */
async function openedRequests(tx: Tx, agencyId: string, rows: SubmissionListRow[]) {
  const critical = new Map(
    rows
      .map((row) => [row.id, (row.failedItems as FailedItem[]).filter((f) => f.critical)] as const)
      .filter(([, items]) => items.length > 0),
  );
  const opened = new Map<string, NonNullable<SquadCheckSubmission['opened_service_request']>>();
  for (const request of await requestsOfSquadChecks(tx, agencyId, [...critical.keys()])) {
    const items = critical.get(request.squadCheckId!);
    if (!items || opened.has(request.squadCheckId!) || request.squadCheckItemId !== items[0]!.item_id) continue;
    opened.set(request.squadCheckId!, {
      id: request.id,
      number: request.number,
      status: request.status,
      item_ids: items.map((i) => i.item_id),
    });
  }
  return opened;
}

async function presentSubmissions(tx: Tx, agencyId: string, rows: SubmissionListRow[]): Promise<SquadCheckSubmission[]> {
  const labels = await submissionLabels(
    tx,
    agencyId,
    rows.map((r) => r.id),
  );
  return presentLabelledSubmissions(
    tx,
    agencyId,
    rows.map((row) => ({ ...row, unitNumber: '', officerName: '', templateName: '', versionNumber: 0, ...labels.get(row.id) })),
  );
}

/** Submissions as the API answers them, from their rows with their labels (a list reads them with its page). */
async function presentLabelledSubmissions(
  tx: Tx,
  agencyId: string,
  rows: Array<SubmissionListRow & SubmissionLabels>,
): Promise<SquadCheckSubmission[]> {
  const opened = await openedRequests(tx, agencyId, rows);
  return rows.map((row) => ({
    id: row.id,
    vehicle_id: row.vehicleId,
    unit_number: row.unitNumber,
    officer_id: row.officerId,
    officer_name: row.officerName,
    template_name: row.templateName,
    template_version_number: row.versionNumber,
    status: row.status,
    submitted_at: row.submittedAt.toISOString(),
    failed_items: row.failedItems,
    odometer: row.odometer,
    took_vehicle_out_of_service: row.tookOutOfService,
    opened_service_request: opened.get(row.id) ?? null,
    review_note: row.reviewNote,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    version: row.version,
  }));
}

/** The form for a vehicle: the template it is checked against, and the officer's saved draft if any. */
export function squadCheckForm(ctx: RequestContext, vehicleId: string): Promise<SquadCheckForm> {
  return inAgency(ctx, async (tx) => {
    const vehicle = await loadVehicle(tx, ctx, vehicleId);
    if (vehicle.status === 'retired') throw new AppError('conflict', `Unit ${vehicle.unit_number} is retired`);
    const template = await templateForVehicleType(tx, ctx, vehicle.vehicle_type);
    if (!template) throw new AppError('not_found', 'No squad check template applies to this vehicle; ask the fleet office');
    const draft = await findDraft(tx, ctx.scope.agencyId, ctx.scope.userId, vehicleId);
    const usable = draft && draft.templateVersionId === template.version_id;
    return { vehicle, template, draft: usable ? { answers: draft.answers as Answer[], saved_at: draft.savedAt.toISOString() } : null };
  });
}

export function saveSquadCheckDraft(ctx: RequestContext, vehicleId: string, answers: Answer[]): Promise<{ saved_at: string }> {
  return inAgency(ctx, async (tx) => {
    const vehicle = await loadVehicle(tx, ctx, vehicleId);
    const template = await templateForVehicleType(tx, ctx, vehicle.vehicle_type);
    if (!template) throw new AppError('not_found', 'No squad check template applies to this vehicle');
    const draft = await upsertDraft(tx, {
      agencyId: ctx.scope.agencyId,
      userId: ctx.scope.userId,
      vehicleId,
      templateVersionId: template.version_id,
      answers,
    });
    return { saved_at: draft.savedAt.toISOString() };
  });
}

export function submitSquadCheck(ctx: RequestContext, input: SubmitSquadCheckInput): Promise<SquadCheckSubmission> {
  return inAgency(ctx, (tx) => recordSquadCheck(tx, ctx, input));
}

async function recordSquadCheck(tx: Tx, ctx: RequestContext, input: SubmitSquadCheckInput): Promise<SquadCheckSubmission> {
  const vehicle = await lockVehicle(tx, ctx.scope.agencyId, input.vehicle_id);
  if (!vehicle) throw new AppError('not_found', 'Vehicle not found');
  if (vehicle.status === 'retired') throw new AppError('conflict', `Unit ${vehicle.unitNumber} is retired`);
  const [version] = await findTemplateVersions(tx, ctx.scope.agencyId, [input.template_version_id]);
  if (!version) throw validationError({ template_version_id: 'This form is not known; reload it' });
  // The check must be of the template that applies to this vehicle (any of its versions: an officer
  // may have started before the template was last saved), never one picked to avoid critical items.
  const applicable = await templateForVehicleType(tx, ctx, vehicle.vehicleType);
  if (!applicable || applicable.id !== version.templateId)
    throw validationError({ template_version_id: 'This is not the form for this vehicle; reload it' });
  const sections = version.sections as TemplateSection[];
  const { errors, failed, odometer } = evaluateAnswers(sections, input.answers);
  Object.assign(errors, await missingFiles(tx, ctx.scope.agencyId, ctx.scope.userId, sections, input.answers, errors));
  if (Object.keys(errors).length > 0) throw validationError(errors, 'Some items need your attention');
  if (odometer !== null) await recordOdometer(tx, ctx, vehicle, odometer, { kind: 'squad_check' }, odometerField(sections));

  const critical = failed.filter((f) => f.critical);
  const submission = await insertSubmission(tx, {
    agencyId: ctx.scope.agencyId,
    vehicleId: vehicle.id,
    templateVersionId: version.id,
    officerId: ctx.scope.userId,
    answers: input.answers,
    failedItems: failed,
    failedCount: failed.length,
    odometer,
    tookOutOfService: critical.length > 0 && vehicle.status === 'in_service',
  });
  await updateVehicleRow(tx, ctx.scope.agencyId, vehicle.id, null, { lastSquadCheckAt: submission.submittedAt });
  if (critical.length > 0) {
    // A critical failure is a hold on the car like any other: an out-of-service service request,
    // linked to this check, which the fleet office works and closes (and which tells them now).
    const categories = fleetSettingsOf(ctx.sysConfig).service_categories.map((c) => c.key);
    await openServiceRequest(tx, ctx, {
      vehicle_id: vehicle.id,
      category: categories.includes('inspection') ? 'inspection' : categories.includes('other') ? 'other' : categories[0]!,
      description: `Critical squad check failure: ${critical.map((c) => `${c.label}${c.note ? ` (${c.note})` : ''}`).join('; ')}`,
      drivable: false,
      squad_check_id: submission.id,
      squad_check_item_id: critical[0]!.item_id,
    });
  }
  await deleteDraft(tx, ctx.scope.agencyId, ctx.scope.userId, vehicle.id);
  await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
    action: 'squad_check.submitted',
    entityType: 'squad_check',
    entityId: submission.id,
    summary: `Squad check of unit ${vehicle.unitNumber}: ${failed.length === 0 ? 'all passed' : `${failed.length} failed`}`,
    after: { failed_items: failed.map((f) => f.item_id), odometer },
  });
  return (await presentSubmissions(tx, ctx.scope.agencyId, [submission]))[0]!;
}

/**
 * Photos and signatures must be files the officer uploaded: an id that is not (another agency's, a
 * colleague's, or made up) is named beside its item, as if the photo were missing.
 */
async function missingFiles(
  tx: Tx,
  agencyId: string,
  uploadedBy: string,
  sections: TemplateSection[],
  answers: Answer[],
  known: Record<string, string>,
) {
  const kinds = new Map(sections.flatMap((s) => s.items).map((i) => [i.id, i.kind] as const));
  const filesOf = (answer: Answer) => [
    ...((kinds.get(answer.item_id) === 'photo' || kinds.get(answer.item_id) === 'signature') &&
    typeof answer.value === 'string' &&
    answer.value !== 'na'
      ? [answer.value]
      : []),
    ...(answer.photo_ids ?? []),
  ];
  const checked = answers.filter((a) => !known[`answers.${a.item_id}`] && filesOf(a).length > 0);
  const existing = await ownUploads(tx, agencyId, uploadedBy, checked.flatMap(filesOf));
  const problems: Record<string, string> = {};
  for (const answer of checked)
    if (!filesOf(answer).every((id) => existing.has(id)))
      problems[`answers.${answer.item_id}`] =
        kinds.get(answer.item_id) === 'signature' ? 'The signature was not saved; sign again' : 'A photo was not saved; add it again';
  return problems;
}

function odometerField(sections: TemplateSection[]) {
  const item = sections.flatMap((s) => s.items).find((i) => i.is_odometer);
  return item ? `answers.${item.id}` : 'answers';
}

export function listSquadChecks(ctx: RequestContext, query: ListSquadChecksQuery): Promise<Page<SquadCheckSubmission>> {
  const timeZone = ctx.sysConfig.general_settings.timezone;
  // Dates are the agency's calendar days.
  const from = query.from
    ? startOfZonedDay(zonedTimeToInstant({ ...dateParts(query.from), hour: 12, minute: 0, second: 0 }, timeZone), timeZone)
    : undefined;
  const to = query.to
    ? startOfZonedDay(
        new Date(zonedTimeToInstant({ ...dateParts(query.to), hour: 12, minute: 0, second: 0 }, timeZone).getTime() + 86_400_000),
        timeZone,
      )
    : undefined;
  return inAgency(ctx, async (tx) => {
    const { rows, total } = await listSubmissions(tx, ctx.scope.agencyId, query, { ...(from ? { from } : {}), ...(to ? { to } : {}) });
    return { items: await presentLabelledSubmissions(tx, ctx.scope.agencyId, rows), total, page: query.page, page_size: query.page_size };
  });
}

function dateParts(date: string) {
  const [year, month, day] = date.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

export function getSquadCheck(ctx: RequestContext, id: string): Promise<SquadCheckDetail> {
  return inAgency(ctx, async (tx) => {
    const row = await findSubmission(tx, ctx.scope.agencyId, id);
    if (!row) throw new AppError('not_found', 'Squad check not found');
    const [presented] = await presentSubmissions(tx, ctx.scope.agencyId, [row]);
    const [version] = await findTemplateVersions(tx, ctx.scope.agencyId, [row.templateVersionId]);
    return { ...presented!, sections: version!.sections as TemplateSection[], answers: row.answers as Answer[] };
  });
}

/** The fleet office approves a submission, or returns it to the officer with a note. */
export function reviewSquadCheck(
  ctx: RequestContext,
  id: string,
  version: number,
  decision: 'approve' | 'return',
  note?: string,
): Promise<SquadCheckSubmission> {
  if (decision === 'return' && !note?.trim()) throw validationError({ note: 'Say what the officer should correct' });
  return inAgency(ctx, async (tx) => {
    const row = await findSubmission(tx, ctx.scope.agencyId, id);
    if (!row) throw new AppError('not_found', 'Squad check not found');
    if (row.officerId === ctx.scope.userId) throw new AppError('forbidden', 'You cannot review your own squad check');
    const updated = await updateSubmissionRow(tx, ctx.scope.agencyId, id, version, {
      status: decision === 'approve' ? 'approved' : 'returned',
      reviewedBy: ctx.scope.userId,
      reviewedAt: new Date(),
      reviewNote: note?.trim() || null,
    });
    if (!updated) throw staleVersion('squad check');
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: decision === 'approve' ? 'squad_check.approved' : 'squad_check.returned',
      entityType: 'squad_check',
      entityId: id,
      summary: `${decision === 'approve' ? 'Approved' : 'Returned'} a squad check`,
      after: { note: note ?? null },
    });
    return (await presentSubmissions(tx, ctx.scope.agencyId, [updated]))[0]!;
  });
}

/** The start of "today" in the agency's timezone, for "checked today" questions. */
export function startOfAgencyToday(ctx: RequestContext, now = new Date()): Date {
  return startOfZonedDay(now, ctx.sysConfig.general_settings.timezone);
}
