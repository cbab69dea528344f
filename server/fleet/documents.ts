import { and, eq, inArray, ne, or, lte, sql } from 'drizzle-orm';
import {
  DOCUMENT_REMINDER_DAYS,
  VEHICLE_DOCUMENT_LABELS,
  VEHICLE_DOCUMENTS,
  type ExpiringDocument,
  type VehicleDocument,
  type VehicleDocumentsInput,
} from '../../core/contracts/fleet-records.ts';
import type { Vehicle } from '../../core/contracts/fleet.ts';
import { zonedDateParts } from '../../core/dates.ts';
import { readSysConfig } from '../platform/agency-settings.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { sendNotices } from '../platform/notices.ts';
import { peopleWithPermission } from '../platform/people.ts';
import type { Services } from '../platform/services.ts';
import { staleVersion } from '../platform/versioning.ts';
import { addDays, daysBetween, localDate } from './agency-days.ts';
import { vehicleDocumentReminders, vehicles } from './schema.ts';
import { findVehicle, updateVehicleRow } from './vehicle-queries.ts';
import { loadVehicle } from './vehicles.ts';

/**
 * A vehicle's papers (issue 22, point 5): the last day its registration, insurance and inspection are
 * valid, kept by the fleet office; the dashboard lists those lapsing within the month, and a daily job
 * reminds the office 30 days, 7 days and the day before each lapses, once per document and threshold.
 */

const COLUMNS = {
  registration: vehicles.registrationExpiresOn,
  insurance: vehicles.insuranceExpiresOn,
  inspection: vehicles.inspectionExpiresOn,
} as const;

type DatedVehicle = Pick<
  typeof vehicles.$inferSelect,
  'id' | 'unitNumber' | 'registrationExpiresOn' | 'insuranceExpiresOn' | 'inspectionExpiresOn'
>;

function expiryOf(vehicle: DatedVehicle, document: VehicleDocument): string | null {
  return document === 'registration'
    ? vehicle.registrationExpiresOn
    : document === 'insurance'
      ? vehicle.insuranceExpiresOn
      : vehicle.inspectionExpiresOn;
}

/** The agency's vehicles (not retired) with a document lapsing by `until` (or already lapsed). */
function vehiclesWithDocumentsBy(tx: Tx, agencyId: string, until: string) {
  return tx
    .select({
      id: vehicles.id,
      unitNumber: vehicles.unitNumber,
      registrationExpiresOn: vehicles.registrationExpiresOn,
      insuranceExpiresOn: vehicles.insuranceExpiresOn,
      inspectionExpiresOn: vehicles.inspectionExpiresOn,
    })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.agencyId, agencyId),
        ne(vehicles.status, 'retired'),
        or(...VEHICLE_DOCUMENTS.map((document) => lte(COLUMNS[document], until))),
      ),
    );
}

function expiring(rows: DatedVehicle[], today: string, until: string): ExpiringDocument[] {
  return rows
    .flatMap((vehicle) =>
      VEHICLE_DOCUMENTS.flatMap((document) => {
        const expiresOn = expiryOf(vehicle, document);
        return expiresOn && expiresOn <= until
          ? [
              {
                vehicle_id: vehicle.id,
                unit_number: vehicle.unitNumber,
                document,
                expires_on: expiresOn,
                days_left: daysBetween(today, expiresOn),
              },
            ]
          : [];
      }),
    )
    .sort((a, b) => a.expires_on.localeCompare(b.expires_on) || a.unit_number.localeCompare(b.unit_number));
}

/** Documents lapsing within `withinDays` of the agency's today, and those already lapsed, soonest first. */
export function listExpiringDocuments(ctx: RequestContext, withinDays: number): Promise<ExpiringDocument[]> {
  const today = localDate(new Date(), ctx.sysConfig.general_settings.timezone);
  const until = addDays(today, withinDays);
  return inAgency(ctx, async (tx) => expiring(await vehiclesWithDocumentsBy(tx, ctx.scope.agencyId, until), today, until));
}

/** The office sets the documents' expiry dates (each may be cleared), against the vehicle's version. */
export function setVehicleDocuments(
  ctx: RequestContext,
  vehicleId: string,
  version: number,
  input: VehicleDocumentsInput,
): Promise<Vehicle> {
  return inAgency(ctx, async (tx) => {
    const before = await findVehicle(tx, ctx.scope.agencyId, vehicleId);
    if (!before) throw new AppError('not_found', 'Vehicle not found');
    if (before.version !== version) throw staleVersion('vehicle');
    const updated = await updateVehicleRow(tx, ctx.scope.agencyId, vehicleId, version, {
      registrationExpiresOn: input.registration_expires_on,
      insuranceExpiresOn: input.insurance_expires_on,
      inspectionExpiresOn: input.inspection_expires_on,
    });
    if (!updated) throw staleVersion('vehicle');
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'vehicle.documents_changed',
      entityType: 'vehicle',
      entityId: vehicleId,
      summary: `Changed the document dates of unit ${before.unitNumber}`,
      before: {
        registration_expires_on: before.registrationExpiresOn,
        insurance_expires_on: before.insuranceExpiresOn,
        inspection_expires_on: before.inspectionExpiresOn,
      },
      after: input,
    });
    return loadVehicle(tx, ctx, vehicleId);
  });
}

/** The tightest reminder threshold a document has reached (30, 7 or 1 day before), or none. */
export function reminderThreshold(daysLeft: number): number | null {
  if (daysLeft < 1) return null;
  const reached = DOCUMENT_REMINDER_DAYS.filter((days) => daysLeft <= days);
  return reached.length > 0 ? Math.min(...reached) : null;
}

function reminderText(document: ExpiringDocument) {
  const what = `${VEHICLE_DOCUMENT_LABELS[document.document]} of unit ${document.unit_number}`;
  return {
    // expires_on is the last valid day: one day left means it is still valid tomorrow and lapses after it.
    title: `${what} is valid ${document.days_left === 1 ? 'until tomorrow' : `for ${document.days_left} more days`}`,
    body: `Valid until ${document.expires_on}. Renew it and record the new date on the vehicle's page.`,
  };
}

/**
 * One agency's reminders for today: each document that has reached a threshold is recorded in
 * vehicle_document_reminders (its key is the document, its date and the threshold) and, only when that
 * row is new, told to every fleet:admin holder by the bell and by e-mail. A rerun sends nothing twice.
 */
export async function remindAgency(
  services: Services,
  agencyId: string,
  now = new Date(),
  options: { onlyFromReminderHour?: boolean } = {},
): Promise<number> {
  const sent = await services.database.withTenant(agencyId, async (tx) => {
    const sysConfig = await readSysConfig(tx, agencyId);
    if (!sysConfig || (sysConfig.fleet_settings as { enabled?: boolean } | undefined)?.enabled !== true) return 0;
    if (options.onlyFromReminderHour && !reminderHourReached(now, sysConfig.general_settings.timezone)) return 0;
    const today = localDate(now, sysConfig.general_settings.timezone);
    const until = addDays(today, Math.max(...DOCUMENT_REMINDER_DAYS));
    const due = expiring(await vehiclesWithDocumentsBy(tx, agencyId, until), today, until).flatMap((document) => {
      const threshold = reminderThreshold(document.days_left);
      return threshold === null ? [] : [{ document, threshold }];
    });
    if (due.length === 0) return 0;
    const office = await peopleWithPermission(tx, agencyId, 'fleet:admin');
    let sent = 0;
    for (const { document, threshold } of due) {
      const inserted = await tx
        .insert(vehicleDocumentReminders)
        .values({
          agencyId,
          vehicleId: document.vehicle_id,
          document: document.document,
          expiresOn: document.expires_on,
          daysBefore: threshold,
        })
        .onConflictDoNothing()
        .returning({ vehicleId: vehicleDocumentReminders.vehicleId });
      if (inserted.length === 0) continue;
      sent += 1;
      const text = reminderText(document);
      await sendNotices(
        tx,
        agencyId,
        office.map((person) => ({
          userId: person.id,
          notice: { kind: 'fleet.document.expiring', ...text, link: `/fleet/admin/vehicle/${document.vehicle_id}` },
          mail: {
            to: person.email,
            subject: text.title,
            text: [
              `Hello ${person.name},`,
              '',
              `${text.title}.`,
              text.body,
              '',
              `${services.config.publicUrl}/fleet/admin/vehicle/${document.vehicle_id}`,
            ].join('\n'),
          },
        })),
      );
    }
    return sent;
  });
  // The mail it queued goes once the reminders are committed.
  if (sent > 0) void services.mailer.deliver(agencyId);
  return sent;
}

/** The reminders sent for these vehicles (tests and the vehicle page's history). */
export function remindersOf(tx: Tx, agencyId: string, vehicleIds: string[]) {
  return tx
    .select()
    .from(vehicleDocumentReminders)
    .where(and(eq(vehicleDocumentReminders.agencyId, agencyId), inArray(vehicleDocumentReminders.vehicleId, vehicleIds)));
}

export const DOCUMENT_REMINDER_QUEUE = 'fleet.document-reminders';

/** The agency's hour of the day from which its day's reminders go out. */
export const REMINDER_HOUR = 6;

/** Whether it is past 06:00 in the agency's zone (the hourly job's first run from then sends the day's reminders). */
export function reminderHourReached(now: Date, timeZone: string): boolean {
  return (zonedDateParts(now, timeZone)?.hour ?? REMINDER_HOUR) >= REMINDER_HOUR;
}

/**
 * Hourly, and once at start (a day no server ran is caught up): each agency is reminded from 06:00 of its
 * own day, not 06:00 UTC (midnight in Chicago); later runs that day find the reminders already recorded.
 */
export const fleetJobs: readonly JobDefinition[] = [
  {
    queue: DOCUMENT_REMINDER_QUEUE,
    every: '5 * * * *',
    handle: async (services) => {
      const agencies = await services.database.scopedCall<{ agency_id: string }>(sql`select precinct_fleet_documents_due() as agency_id`);
      for (const { agency_id: agencyId } of agencies) await remindAgency(services, agencyId, new Date(), { onlyFromReminderHour: true });
    },
  },
];
