import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { agencyCounters, rolePermissions, storageObjects, userRoles, users } from '../db/schema.ts';
import {
  maintenanceIntervals,
  serviceRequestEvents,
  serviceRequests,
  squadCheckDrafts,
  squadCheckSubmissions,
  squadCheckTemplates,
  squadCheckTemplateVersions,
  vehicleEvents,
  vehicles,
} from './schema.ts';
import { union } from 'drizzle-orm/pg-core';
import { inSequence, type Tx } from '../platform/database.ts';
import type { ListServiceRequestsQuery, ListSquadChecksQuery, ListVehiclesQuery } from '../../core/contracts/fleet.ts';

/** The only database access of the fleet module. Every query filters by agency as well as running under row-level security. */

export type VehicleRow = typeof vehicles.$inferSelect;
export type TemplateRow = typeof squadCheckTemplates.$inferSelect;
export type TemplateVersionRow = typeof squadCheckTemplateVersions.$inferSelect;
export type SubmissionRow = typeof squadCheckSubmissions.$inferSelect;
export type ServiceRequestRow = typeof serviceRequests.$inferSelect;

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function nextNumber(tx: Tx, agencyId: string, name: string): Promise<number> {
  const [row] = await tx
    .insert(agencyCounters)
    .values({ agencyId, name, value: 1 })
    .onConflictDoUpdate({ target: [agencyCounters.agencyId, agencyCounters.name], set: { value: sql`${agencyCounters.value} + 1` } })
    .returning({ value: agencyCounters.value });
  return row!.value;
}

export async function userNames(tx: Tx, agencyId: string, ids: Array<string | null>): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), inArray(users.id, unique)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Active people of the agency whose name contains `q`, by name; and `includeId` (a picker's current value) whatever its status. */
export async function searchActiveUsers(
  tx: Tx,
  agencyId: string,
  options: { q?: string | undefined; includeId?: string | undefined; limit: number },
) {
  const matching = and(
    eq(users.agencyId, agencyId),
    eq(users.status, 'active'),
    options.q ? ilike(users.name, escapeLike(options.q)) : undefined,
  );
  const rows = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(matching)
    .orderBy(asc(users.name), asc(users.id))
    .limit(options.limit);
  if (options.includeId && !rows.some((r) => r.id === options.includeId)) {
    const [current] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.agencyId, agencyId), eq(users.id, options.includeId)));
    if (current) rows.unshift(current);
  }
  return rows;
}

/** Which of these ids are stored files of the agency. */
export async function existingStorageObjects(tx: Tx, agencyId: string, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await tx
    .select({ id: storageObjects.id })
    .from(storageObjects)
    .where(and(eq(storageObjects.agencyId, agencyId), inArray(storageObjects.id, unique)));
  return new Set(rows.map((r) => r.id));
}

/** A stored file of the agency (id, content type), or undefined: another agency's id reads as not found. */
export async function findStorageObject(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select({ id: storageObjects.id, contentType: storageObjects.contentType })
    .from(storageObjects)
    .where(and(eq(storageObjects.agencyId, agencyId), eq(storageObjects.id, id)));
  return row;
}

export async function userExists(tx: Tx, agencyId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)));
  return Boolean(row);
}

// vehicles

const VEHICLE_SORT = {
  unit_number: vehicles.unitNumber,
  vehicle_type: vehicles.vehicleType,
  status: vehicles.status,
  odometer: vehicles.odometer,
  year: vehicles.year,
  make: vehicles.make,
} as const;

/** How many of the agency's vehicles are in each status, in one pass. */
export async function countVehiclesByStatus(tx: Tx, agencyId: string): Promise<Record<(typeof vehicles.$inferSelect)['status'], number>> {
  const rows = await tx
    .select({ status: vehicles.status, n: count() })
    .from(vehicles)
    .where(eq(vehicles.agencyId, agencyId))
    .groupBy(vehicles.status);
  const counts = { in_service: 0, out_of_service: 0, retired: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

export async function listVehicles(tx: Tx, agencyId: string, query: ListVehiclesQuery) {
  const conditions: Array<SQL | undefined> = [eq(vehicles.agencyId, agencyId)];
  if (query.status) conditions.push(eq(vehicles.status, query.status));
  if (query.vehicle_type) conditions.push(eq(vehicles.vehicleType, query.vehicle_type));
  if (query.q) {
    const pattern = escapeLike(query.q);
    conditions.push(
      or(
        ilike(vehicles.unitNumber, pattern),
        ilike(vehicles.plate, pattern),
        ilike(vehicles.vin, pattern),
        ilike(vehicles.make, pattern),
        ilike(vehicles.model, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, [total]] = await inSequence([
    () =>
      tx
        .select()
        .from(vehicles)
        .where(where)
        .orderBy(direction(VEHICLE_SORT[query.sort]), asc(vehicles.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
    () => tx.select({ n: count() }).from(vehicles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findVehicle(tx: Tx, agencyId: string, vehicleId: string): Promise<VehicleRow | undefined> {
  const [row] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.agencyId, agencyId), eq(vehicles.id, vehicleId)));
  return row;
}

export async function insertVehicle(tx: Tx, values: typeof vehicles.$inferInsert): Promise<VehicleRow> {
  const [row] = await tx.insert(vehicles).values(values).returning();
  return row!;
}

export async function updateVehicleRow(
  tx: Tx,
  agencyId: string,
  vehicleId: string,
  version: number | null,
  values: Partial<typeof vehicles.$inferInsert>,
) {
  const [row] = await tx
    .update(vehicles)
    .set({ ...values, version: sql`${vehicles.version} + 1`, updatedAt: new Date() })
    .where(and(eq(vehicles.agencyId, agencyId), eq(vehicles.id, vehicleId), version === null ? undefined : eq(vehicles.version, version)))
    .returning();
  return row ?? null;
}

/** Sets a higher odometer reading; false when the vehicle already reads as much or more. */
export async function raiseOdometer(tx: Tx, agencyId: string, vehicleId: string, reading: number): Promise<boolean> {
  const raised = await tx
    .update(vehicles)
    .set({ odometer: reading, version: sql`${vehicles.version} + 1`, updatedAt: new Date() })
    .where(and(eq(vehicles.agencyId, agencyId), eq(vehicles.id, vehicleId), lt(vehicles.odometer, reading)))
    .returning({ id: vehicles.id });
  return raised.length === 1;
}

/** The vehicle row, locked until the transaction ends: status decisions must not race. */
export async function lockVehicle(tx: Tx, agencyId: string, vehicleId: string) {
  const [row] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.agencyId, agencyId), eq(vehicles.id, vehicleId)))
    .for('update');
  return row;
}

/** How the vehicle last went out of service (manual, squad check or service request). */
export async function lastOutOfServiceCause(tx: Tx, agencyId: string, vehicleId: string) {
  const [row] = await tx
    .select({ source: vehicleEvents.source, sourceId: vehicleEvents.sourceId })
    .from(vehicleEvents)
    .where(
      and(
        eq(vehicleEvents.agencyId, agencyId),
        eq(vehicleEvents.vehicleId, vehicleId),
        eq(vehicleEvents.kind, 'status'),
        eq(vehicleEvents.toStatus, 'out_of_service'),
      ),
    )
    .orderBy(desc(vehicleEvents.at), desc(vehicleEvents.id))
    .limit(1);
  return row;
}

export async function insertVehicleEvent(tx: Tx, values: typeof vehicleEvents.$inferInsert) {
  await tx.insert(vehicleEvents).values(values);
}

/** Which of a vehicle's timeline rows to read: newest first, before and/or from an instant, at most `limit`. */
export interface TimelineWindow {
  before?: Date | undefined;
  from?: Date | undefined;
  limit: number;
}

function windowConditions(column: Parameters<typeof lt>[0], window: TimelineWindow) {
  return [window.before ? lt(column, window.before) : undefined, window.from ? gte(column, window.from) : undefined];
}

export async function vehicleEventsOf(tx: Tx, agencyId: string, vehicleId: string, window: TimelineWindow) {
  const rows = await tx
    .select({ event: vehicleEvents, actorName: users.name })
    .from(vehicleEvents)
    .leftJoin(users, and(eq(users.agencyId, vehicleEvents.agencyId), eq(users.id, vehicleEvents.actorId)))
    .where(and(eq(vehicleEvents.agencyId, agencyId), eq(vehicleEvents.vehicleId, vehicleId), ...windowConditions(vehicleEvents.at, window)))
    .orderBy(desc(vehicleEvents.at))
    .limit(window.limit);
  return rows.map((r) => ({ ...r.event, actorName: r.actorName }));
}

export async function openRequestCounts(tx: Tx, agencyId: string, vehicleIds: string[]) {
  if (vehicleIds.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ vehicleId: serviceRequests.vehicleId, n: count() })
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.agencyId, agencyId),
        inArray(serviceRequests.vehicleId, vehicleIds),
        inArray(serviceRequests.status, ['open', 'in_progress']),
      ),
    )
    .groupBy(serviceRequests.vehicleId);
  return new Map(rows.map((r) => [r.vehicleId, r.n]));
}

/** Vehicles in service with no squad check since `since`. */
export async function vehiclesNotCheckedSince(tx: Tx, agencyId: string, since: Date) {
  return tx
    .select()
    .from(vehicles)
    .where(
      and(
        eq(vehicles.agencyId, agencyId),
        eq(vehicles.status, 'in_service'),
        or(isNull(vehicles.lastSquadCheckAt), lt(vehicles.lastSquadCheckAt, since)),
      ),
    )
    .orderBy(asc(vehicles.unitNumber));
}

/** Vehicles assigned to the user, then those they checked or reported on recently. */
export async function vehiclesOfOfficer(tx: Tx, agencyId: string, userId: string, limit: number) {
  // The union of two index lookups (assigned to them, checked by them lately), so the few cars found are
  // read by id, not every car of the agency filtered (query-plans test).
  const assigned = tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.agencyId, agencyId), eq(vehicles.assignedUserId, userId)));
  const recent = tx
    .select({ id: squadCheckSubmissions.vehicleId })
    .from(squadCheckSubmissions)
    .where(
      and(
        eq(squadCheckSubmissions.agencyId, agencyId),
        eq(squadCheckSubmissions.officerId, userId),
        gte(squadCheckSubmissions.submittedAt, new Date(Date.now() - 30 * 86_400_000)),
      ),
    );
  return tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.agencyId, agencyId), inArray(vehicles.id, union(assigned, recent))))
    .orderBy(desc(sql`coalesce(${vehicles.assignedUserId} = ${userId}, false)`), asc(vehicles.unitNumber))
    .limit(limit);
}

// templates

export async function listTemplates(tx: Tx, agencyId: string) {
  return tx.select().from(squadCheckTemplates).where(eq(squadCheckTemplates.agencyId, agencyId)).orderBy(asc(squadCheckTemplates.name));
}

export async function findTemplate(tx: Tx, agencyId: string, templateId: string) {
  const [row] = await tx
    .select()
    .from(squadCheckTemplates)
    .where(and(eq(squadCheckTemplates.agencyId, agencyId), eq(squadCheckTemplates.id, templateId)));
  return row;
}

export async function insertTemplate(tx: Tx, values: typeof squadCheckTemplates.$inferInsert) {
  const [row] = await tx.insert(squadCheckTemplates).values(values).returning();
  return row!;
}

export async function updateTemplateRow(
  tx: Tx,
  agencyId: string,
  templateId: string,
  version: number,
  values: Partial<typeof squadCheckTemplates.$inferInsert>,
) {
  const [row] = await tx
    .update(squadCheckTemplates)
    .set({ ...values, version: sql`${squadCheckTemplates.version} + 1`, updatedAt: new Date() })
    .where(
      and(eq(squadCheckTemplates.agencyId, agencyId), eq(squadCheckTemplates.id, templateId), eq(squadCheckTemplates.version, version)),
    )
    .returning();
  return row ?? null;
}

export async function setCurrentVersion(tx: Tx, agencyId: string, templateId: string, versionId: string) {
  await tx
    .update(squadCheckTemplates)
    .set({ currentVersionId: versionId })
    .where(and(eq(squadCheckTemplates.agencyId, agencyId), eq(squadCheckTemplates.id, templateId)));
}

/** Active users holding a permission through any role (e.g. the fleet office, to notify). */
export async function usersWithPermission(tx: Tx, agencyId: string, permission: string) {
  return tx
    .selectDistinct({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.agencyId, users.agencyId), eq(userRoles.userId, users.id)))
    .innerJoin(rolePermissions, and(eq(rolePermissions.agencyId, userRoles.agencyId), eq(rolePermissions.roleId, userRoles.roleId)))
    .where(and(eq(users.agencyId, agencyId), eq(users.status, 'active'), eq(rolePermissions.permission, permission)));
}

export async function findUser(tx: Tx, agencyId: string, userId: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId)));
  return row;
}

export async function insertTemplateVersion(tx: Tx, values: typeof squadCheckTemplateVersions.$inferInsert) {
  const [row] = await tx.insert(squadCheckTemplateVersions).values(values).returning();
  return row!;
}

export async function findTemplateVersions(tx: Tx, agencyId: string, versionIds: string[]) {
  if (versionIds.length === 0) return [];
  return tx
    .select()
    .from(squadCheckTemplateVersions)
    .where(and(eq(squadCheckTemplateVersions.agencyId, agencyId), inArray(squadCheckTemplateVersions.id, versionIds)));
}

// squad checks

export async function findDraft(tx: Tx, agencyId: string, userId: string, vehicleId: string) {
  const [row] = await tx
    .select()
    .from(squadCheckDrafts)
    .where(and(eq(squadCheckDrafts.agencyId, agencyId), eq(squadCheckDrafts.userId, userId), eq(squadCheckDrafts.vehicleId, vehicleId)));
  return row;
}

export async function upsertDraft(tx: Tx, values: typeof squadCheckDrafts.$inferInsert) {
  const [row] = await tx
    .insert(squadCheckDrafts)
    .values(values)
    .onConflictDoUpdate({
      target: [squadCheckDrafts.agencyId, squadCheckDrafts.userId, squadCheckDrafts.vehicleId],
      set: { answers: values.answers, templateVersionId: values.templateVersionId, savedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function deleteDraft(tx: Tx, agencyId: string, userId: string, vehicleId: string) {
  await tx
    .delete(squadCheckDrafts)
    .where(and(eq(squadCheckDrafts.agencyId, agencyId), eq(squadCheckDrafts.userId, userId), eq(squadCheckDrafts.vehicleId, vehicleId)));
}

export async function insertSubmission(tx: Tx, values: typeof squadCheckSubmissions.$inferInsert): Promise<SubmissionRow> {
  const [row] = await tx.insert(squadCheckSubmissions).values(values).returning();
  return row!;
}

export async function findSubmission(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(squadCheckSubmissions)
    .where(and(eq(squadCheckSubmissions.agencyId, agencyId), eq(squadCheckSubmissions.id, id)));
  return row;
}

export async function updateSubmissionRow(
  tx: Tx,
  agencyId: string,
  id: string,
  version: number,
  values: Partial<typeof squadCheckSubmissions.$inferInsert>,
) {
  const [row] = await tx
    .update(squadCheckSubmissions)
    .set({ ...values, version: sql`${squadCheckSubmissions.version} + 1` })
    .where(and(eq(squadCheckSubmissions.agencyId, agencyId), eq(squadCheckSubmissions.id, id), eq(squadCheckSubmissions.version, version)))
    .returning();
  return row ?? null;
}

/** A submission without its answers (a kilobyte or two each), for lists and timelines that show only the result. */
const { answers: _answers, ...SUBMISSION_LIST_COLUMNS } = getTableColumns(squadCheckSubmissions);
export type SubmissionListRow = Omit<SubmissionRow, 'answers'>;

export async function listSubmissions(tx: Tx, agencyId: string, query: ListSquadChecksQuery, timeRange: { from?: Date; to?: Date }) {
  const conditions: Array<SQL | undefined> = [eq(squadCheckSubmissions.agencyId, agencyId)];
  if (timeRange.from) conditions.push(gte(squadCheckSubmissions.submittedAt, timeRange.from));
  if (timeRange.to) conditions.push(lt(squadCheckSubmissions.submittedAt, timeRange.to));
  if (query.vehicle_id) conditions.push(eq(squadCheckSubmissions.vehicleId, query.vehicle_id));
  if (query.officer_id) conditions.push(eq(squadCheckSubmissions.officerId, query.officer_id));
  if (query.status) conditions.push(eq(squadCheckSubmissions.status, query.status));
  if (query.failures === 'only') conditions.push(sql`${squadCheckSubmissions.failedCount} > 0`);
  const where = and(...conditions);
  const [rows, [total]] = await inSequence([
    () =>
      tx
        .select(SUBMISSION_LIST_COLUMNS)
        .from(squadCheckSubmissions)
        .where(where)
        .orderBy(desc(squadCheckSubmissions.submittedAt))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
    () => tx.select({ n: count() }).from(squadCheckSubmissions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A vehicle's latest squad checks for its timeline: the result and who did it, not the answers. */
export async function submissionsOfVehicle(tx: Tx, agencyId: string, vehicleId: string, window: TimelineWindow) {
  return tx
    .select({
      id: squadCheckSubmissions.id,
      submittedAt: squadCheckSubmissions.submittedAt,
      failedCount: squadCheckSubmissions.failedCount,
      officerName: users.name,
    })
    .from(squadCheckSubmissions)
    .leftJoin(users, and(eq(users.agencyId, squadCheckSubmissions.agencyId), eq(users.id, squadCheckSubmissions.officerId)))
    .where(
      and(
        eq(squadCheckSubmissions.agencyId, agencyId),
        eq(squadCheckSubmissions.vehicleId, vehicleId),
        ...windowConditions(squadCheckSubmissions.submittedAt, window),
      ),
    )
    .orderBy(desc(squadCheckSubmissions.submittedAt))
    .limit(window.limit);
}

export async function submissionsOfOfficerSince(tx: Tx, agencyId: string, officerId: string, since: Date) {
  return tx
    .select()
    .from(squadCheckSubmissions)
    .where(
      and(
        eq(squadCheckSubmissions.agencyId, agencyId),
        eq(squadCheckSubmissions.officerId, officerId),
        gte(squadCheckSubmissions.submittedAt, since),
      ),
    )
    .orderBy(desc(squadCheckSubmissions.submittedAt));
}

// service requests

export async function insertServiceRequest(tx: Tx, values: typeof serviceRequests.$inferInsert): Promise<ServiceRequestRow> {
  const [row] = await tx.insert(serviceRequests).values(values).returning();
  return row!;
}

export async function findServiceRequest(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.agencyId, agencyId), eq(serviceRequests.id, id)));
  return row;
}

export async function updateServiceRequestRow(
  tx: Tx,
  agencyId: string,
  id: string,
  version: number,
  values: Partial<typeof serviceRequests.$inferInsert>,
) {
  const [row] = await tx
    .update(serviceRequests)
    .set({ ...values, version: sql`${serviceRequests.version} + 1`, updatedAt: new Date() })
    .where(and(eq(serviceRequests.agencyId, agencyId), eq(serviceRequests.id, id), eq(serviceRequests.version, version)))
    .returning();
  return row ?? null;
}

export async function insertServiceRequestEvent(tx: Tx, values: typeof serviceRequestEvents.$inferInsert) {
  await tx.insert(serviceRequestEvents).values(values);
}

/** The events of some requests, each with its actor's name (one join, whatever the page size). */
export async function eventsOfRequests(tx: Tx, agencyId: string, requestIds: string[]) {
  if (requestIds.length === 0) return [];
  const rows = await tx
    .select({ event: serviceRequestEvents, actorName: users.name })
    .from(serviceRequestEvents)
    .leftJoin(users, and(eq(users.agencyId, serviceRequestEvents.agencyId), eq(users.id, serviceRequestEvents.actorId)))
    .where(and(eq(serviceRequestEvents.agencyId, agencyId), inArray(serviceRequestEvents.requestId, requestIds)))
    .orderBy(asc(serviceRequestEvents.at), asc(serviceRequestEvents.id));
  return rows.map((r) => ({ ...r.event, actorName: r.actorName }));
}

export async function listServiceRequests(tx: Tx, agencyId: string, query: ListServiceRequestsQuery & { reportedBy?: string }) {
  const conditions: Array<SQL | undefined> = [eq(serviceRequests.agencyId, agencyId)];
  if (query.status) conditions.push(eq(serviceRequests.status, query.status));
  if (query.vehicle_id) conditions.push(eq(serviceRequests.vehicleId, query.vehicle_id));
  if (query.category) conditions.push(eq(serviceRequests.category, query.category));
  if (query.reportedBy) conditions.push(eq(serviceRequests.reportedBy, query.reportedBy));
  const where = and(...conditions);
  const direction = query.order === 'newest' ? desc : asc;
  const [rows, [total]] = await inSequence([
    () =>
      tx
        .select()
        .from(serviceRequests)
        .where(where)
        .orderBy(direction(serviceRequests.createdAt), asc(serviceRequests.number))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
    () => tx.select({ n: count() }).from(serviceRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A vehicle's latest service requests for its timeline, with the reporter's name. */
export async function requestsOfVehicle(tx: Tx, agencyId: string, vehicleId: string, window: TimelineWindow) {
  return tx
    .select({
      id: serviceRequests.id,
      number: serviceRequests.number,
      status: serviceRequests.status,
      description: serviceRequests.description,
      createdAt: serviceRequests.createdAt,
      reporterName: users.name,
    })
    .from(serviceRequests)
    .leftJoin(users, and(eq(users.agencyId, serviceRequests.agencyId), eq(users.id, serviceRequests.reportedBy)))
    .where(
      and(
        eq(serviceRequests.agencyId, agencyId),
        eq(serviceRequests.vehicleId, vehicleId),
        ...windowConditions(serviceRequests.createdAt, window),
      ),
    )
    .orderBy(desc(serviceRequests.createdAt))
    .limit(window.limit);
}

/** Requests raised from these squad checks (the one a critical failure opened first), oldest first. */
export async function requestsOfSquadChecks(tx: Tx, agencyId: string, submissionIds: string[]) {
  if (submissionIds.length === 0) return [];
  return tx
    .select({
      id: serviceRequests.id,
      number: serviceRequests.number,
      status: serviceRequests.status,
      squadCheckId: serviceRequests.squadCheckId,
      squadCheckItemId: serviceRequests.squadCheckItemId,
    })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.agencyId, agencyId), inArray(serviceRequests.squadCheckId, submissionIds)))
    .orderBy(asc(serviceRequests.number));
}

/** Open requests that hold a vehicle out of service, other than `exceptId`. */
export async function otherOutOfServiceRequests(tx: Tx, agencyId: string, vehicleId: string, exceptId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.agencyId, agencyId),
        eq(serviceRequests.vehicleId, vehicleId),
        eq(serviceRequests.outOfService, true),
        inArray(serviceRequests.status, ['open', 'in_progress']),
        sql`${serviceRequests.id} <> ${exceptId}`,
      ),
    );
  return row?.n ?? 0;
}

// preventive maintenance

export type MaintenanceRow = typeof maintenanceIntervals.$inferSelect;

export async function listMaintenance(tx: Tx, agencyId: string, vehicleId?: string) {
  return tx
    .select({
      interval: maintenanceIntervals,
      unitNumber: vehicles.unitNumber,
      odometer: vehicles.odometer,
      vehicleStatus: vehicles.status,
    })
    .from(maintenanceIntervals)
    .innerJoin(vehicles, and(eq(vehicles.agencyId, maintenanceIntervals.agencyId), eq(vehicles.id, maintenanceIntervals.vehicleId)))
    .where(and(eq(maintenanceIntervals.agencyId, agencyId), vehicleId ? eq(maintenanceIntervals.vehicleId, vehicleId) : undefined))
    .orderBy(asc(vehicles.unitNumber), asc(maintenanceIntervals.category));
}

export async function findMaintenance(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(maintenanceIntervals)
    .where(and(eq(maintenanceIntervals.agencyId, agencyId), eq(maintenanceIntervals.id, id)));
  return row;
}

export async function insertMaintenance(tx: Tx, values: typeof maintenanceIntervals.$inferInsert) {
  const [row] = await tx.insert(maintenanceIntervals).values(values).returning();
  return row!;
}

export async function updateMaintenanceRow(
  tx: Tx,
  agencyId: string,
  id: string,
  version: number | null,
  values: Partial<typeof maintenanceIntervals.$inferInsert>,
) {
  const [row] = await tx
    .update(maintenanceIntervals)
    .set({ ...values, version: sql`${maintenanceIntervals.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(maintenanceIntervals.agencyId, agencyId),
        eq(maintenanceIntervals.id, id),
        version === null ? undefined : eq(maintenanceIntervals.version, version),
      ),
    )
    .returning();
  return row ?? null;
}

/** Resets the interval of that kind on that vehicle (a completed service of the kind). */
export async function resetMaintenance(tx: Tx, agencyId: string, vehicleId: string, category: string, odometer: number) {
  return tx
    .update(maintenanceIntervals)
    .set({ lastDoneAt: new Date(), lastDoneOdometer: odometer, version: sql`${maintenanceIntervals.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(maintenanceIntervals.agencyId, agencyId),
        eq(maintenanceIntervals.vehicleId, vehicleId),
        eq(maintenanceIntervals.category, category),
        eq(maintenanceIntervals.active, true),
      ),
    )
    .returning({ id: maintenanceIntervals.id });
}

// labels of a page: what a list shows beside each row's own columns, in one join per page

/** Each vehicle's unit number, assigned person's name and open service requests. */
export async function vehicleLabels(tx: Tx, agencyId: string, vehicleIds: string[]) {
  if (vehicleIds.length === 0) return new Map<string, { unitNumber: string; assignedName: string | null; openRequests: number }>();
  const rows = await tx
    .select({
      id: vehicles.id,
      unitNumber: vehicles.unitNumber,
      assignedName: users.name,
      openRequests:
        sql<number>`(select count(*) from ${serviceRequests} where ${serviceRequests.agencyId} = ${vehicles.agencyId} and ${serviceRequests.vehicleId} = ${vehicles.id} and ${serviceRequests.status} in ('open', 'in_progress'))`.mapWith(
          Number,
        ),
    })
    .from(vehicles)
    .leftJoin(users, and(eq(users.agencyId, vehicles.agencyId), eq(users.id, vehicles.assignedUserId)))
    .where(and(eq(vehicles.agencyId, agencyId), inArray(vehicles.id, vehicleIds)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Each submission's unit number, officer's name, template name and version number. */
export async function submissionLabels(tx: Tx, agencyId: string, submissionIds: string[]) {
  if (submissionIds.length === 0)
    return new Map<string, { unitNumber: string; officerName: string; templateName: string; versionNumber: number }>();
  const rows = await tx
    .select({
      id: squadCheckSubmissions.id,
      unitNumber: vehicles.unitNumber,
      officerName: users.name,
      templateName: squadCheckTemplates.name,
      versionNumber: squadCheckTemplateVersions.versionNumber,
    })
    .from(squadCheckSubmissions)
    .innerJoin(vehicles, and(eq(vehicles.agencyId, squadCheckSubmissions.agencyId), eq(vehicles.id, squadCheckSubmissions.vehicleId)))
    .innerJoin(users, and(eq(users.agencyId, squadCheckSubmissions.agencyId), eq(users.id, squadCheckSubmissions.officerId)))
    .innerJoin(
      squadCheckTemplateVersions,
      and(
        eq(squadCheckTemplateVersions.agencyId, squadCheckSubmissions.agencyId),
        eq(squadCheckTemplateVersions.id, squadCheckSubmissions.templateVersionId),
      ),
    )
    .innerJoin(
      squadCheckTemplates,
      and(
        eq(squadCheckTemplates.agencyId, squadCheckTemplateVersions.agencyId),
        eq(squadCheckTemplates.id, squadCheckTemplateVersions.templateId),
      ),
    )
    .where(and(eq(squadCheckSubmissions.agencyId, agencyId), inArray(squadCheckSubmissions.id, submissionIds)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Each service request's unit number and reporter's name. */
export async function serviceRequestLabels(tx: Tx, agencyId: string, requestIds: string[]) {
  if (requestIds.length === 0) return new Map<string, { unitNumber: string; reporterName: string }>();
  const rows = await tx
    .select({ id: serviceRequests.id, unitNumber: vehicles.unitNumber, reporterName: users.name })
    .from(serviceRequests)
    .innerJoin(vehicles, and(eq(vehicles.agencyId, serviceRequests.agencyId), eq(vehicles.id, serviceRequests.vehicleId)))
    .innerJoin(users, and(eq(users.agencyId, serviceRequests.agencyId), eq(users.id, serviceRequests.reportedBy)))
    .where(and(eq(serviceRequests.agencyId, agencyId), inArray(serviceRequests.id, requestIds)));
  return new Map(rows.map((r) => [r.id, r]));
}
