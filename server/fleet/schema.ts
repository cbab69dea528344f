import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../db/columns.ts';
import { users } from '../db/schema.ts';

/**
 * The fleet module's tables (declared in its manifest, so the row-level-security and distribution tests
 * cover them). The tenancy rule of server/db/schema.ts holds: `agency_id` leads every key and index,
 * and every reference to another tenant table is `(agency_id, x_id)`; row-level security is set up in
 * the migration `0008_fleet_tenancy.sql`.
 */

export const vehicles = pgTable(
  'vehicles',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    unitNumber: text('unit_number').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    vin: text('vin'),
    plate: text('plate'),
    plateState: text('plate_state'),
    status: text('status', { enum: ['in_service', 'out_of_service', 'retired'] })
      .notNull()
      .default('in_service'),
    statusReason: text('status_reason'),
    odometer: integer('odometer').notNull().default(0),
    assignedUserId: uuid('assigned_user_id'),
    assignedGroup: text('assigned_group'),
    equipment: jsonb('equipment').$type<string[]>().notNull().default([]),
    notes: text('notes'),
    photoKey: text('photo_key'),
    // The vehicle's papers: the last day each is valid (a calendar date of the agency).
    registrationExpiresOn: date('registration_expires_on', { mode: 'string' }),
    insuranceExpiresOn: date('insurance_expires_on', { mode: 'string' }),
    inspectionExpiresOn: date('inspection_expires_on', { mode: 'string' }),
    lastSquadCheckAt: timestamp('last_squad_check_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('vehicles_unit_key').on(t.agencyId, sql`lower(${t.unitNumber})`),
    index('vehicles_status_idx').on(t.agencyId, t.status, t.unitNumber),
    // The vehicle list sorts by each of these (ListVehiclesQuery sort; unit number as typed, not lowered).
    index('vehicles_unit_sort_idx').on(t.agencyId, t.unitNumber, t.id),
    index('vehicles_type_idx').on(t.agencyId, t.vehicleType, t.unitNumber),
    index('vehicles_odometer_idx').on(t.agencyId, t.odometer, t.id),
    index('vehicles_year_idx').on(t.agencyId, t.year, t.id),
    index('vehicles_make_idx').on(t.agencyId, t.make, t.id),
    index('vehicles_assigned_idx').on(t.agencyId, t.assignedUserId),
    foreignKey({ columns: [t.agencyId, t.assignedUserId], foreignColumns: [users.agencyId, users.id] }),
  ],
);

/** The vehicle's history that is not a squad check or service request: status changes and odometer readings. */
export const vehicleEvents = pgTable(
  'vehicle_events',
  {
    agencyId: uuid('agency_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    vehicleId: uuid('vehicle_id').notNull(),
    kind: text('kind', { enum: ['status', 'odometer'] }).notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    odometer: integer('odometer'),
    reason: text('reason'),
    source: text('source', { enum: ['manual', 'squad_check', 'service_request', 'fuel'] })
      .notNull()
      .default('manual'),
    sourceId: uuid('source_id'),
    actorId: uuid('actor_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('vehicle_events_vehicle_idx').on(t.agencyId, t.vehicleId, t.at),
    foreignKey({ columns: [t.agencyId, t.vehicleId], foreignColumns: [vehicles.agencyId, vehicles.id] }),
  ],
);

export const squadCheckTemplates = pgTable(
  'squad_check_templates',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    vehicleTypes: jsonb('vehicle_types').$type<string[]>().notNull().default([]),
    currentVersionId: uuid('current_version_id'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.id] })],
);

/** Every edit of a template is a new, immutable version; a submission points at the one it was filled against. */
export const squadCheckTemplateVersions = pgTable(
  'squad_check_template_versions',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    templateId: uuid('template_id').notNull(),
    versionNumber: integer('version_number').notNull(),
    sections: jsonb('sections').$type<unknown[]>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('squad_check_template_versions_number_key').on(t.agencyId, t.templateId, t.versionNumber),
    foreignKey({ columns: [t.agencyId, t.templateId], foreignColumns: [squadCheckTemplates.agencyId, squadCheckTemplates.id] }),
  ],
);

/** A squad check in progress, saved as the officer goes, so a reload or lost connection loses nothing. */
export const squadCheckDrafts = pgTable(
  'squad_check_drafts',
  {
    agencyId: uuid('agency_id').notNull(),
    userId: uuid('user_id').notNull(),
    vehicleId: uuid('vehicle_id').notNull(),
    templateVersionId: uuid('template_version_id').notNull(),
    answers: jsonb('answers').$type<unknown[]>().notNull().default([]),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.userId, t.vehicleId] })],
);

export const squadCheckSubmissions = pgTable(
  'squad_check_submissions',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    vehicleId: uuid('vehicle_id').notNull(),
    templateVersionId: uuid('template_version_id').notNull(),
    officerId: uuid('officer_id').notNull(),
    status: text('status', { enum: ['submitted', 'approved', 'returned'] })
      .notNull()
      .default('submitted'),
    answers: jsonb('answers').$type<unknown[]>().notNull(),
    failedItems: jsonb('failed_items')
      .$type<Array<{ item_id: string; label: string; critical: boolean; note: string | null }>>()
      .notNull()
      .default([]),
    failedCount: integer('failed_count').notNull().default(0),
    odometer: integer('odometer'),
    tookOutOfService: boolean('took_out_of_service').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('squad_check_submissions_time_idx').on(t.agencyId, t.submittedAt),
    index('squad_check_submissions_vehicle_idx').on(t.agencyId, t.vehicleId, t.submittedAt),
    index('squad_check_submissions_officer_idx').on(t.agencyId, t.officerId, t.submittedAt),
    foreignKey({ columns: [t.agencyId, t.vehicleId], foreignColumns: [vehicles.agencyId, vehicles.id] }),
    foreignKey({ columns: [t.agencyId, t.officerId], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({
      columns: [t.agencyId, t.templateVersionId],
      foreignColumns: [squadCheckTemplateVersions.agencyId, squadCheckTemplateVersions.id],
    }),
  ],
);

/** The shops the fleet office sends work to and buys fuel from (retired, never deleted). */
export const vendors = pgTable(
  'vendors',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    accountNumber: text('account_number'),
    notes: text('notes'),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('vendors_name_key').on(t.agencyId, sql`lower(${t.name})`),
    // The vendor list and the pickers: active ones by name.
    index('vendors_active_name_idx').on(t.agencyId, t.active, t.name, t.id),
  ],
);

export const serviceRequests = pgTable(
  'service_requests',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    number: integer('number').notNull(),
    vehicleId: uuid('vehicle_id').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    drivable: boolean('drivable').notNull(),
    status: text('status', { enum: ['open', 'in_progress', 'completed', 'declined'] })
      .notNull()
      .default('open'),
    outOfService: boolean('out_of_service').notNull().default(false),
    costCents: integer('cost_cents'),
    vendorId: uuid('vendor_id'),
    priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] })
      .notNull()
      .default('normal'),
    assigneeId: uuid('assignee_id'),
    dueOn: date('due_on', { mode: 'string' }),
    reportedBy: uuid('reported_by').notNull(),
    squadCheckId: uuid('squad_check_id'),
    squadCheckItemId: text('squad_check_item_id'),
    photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('service_requests_number_key').on(t.agencyId, t.number),
    index('service_requests_queue_idx').on(t.agencyId, t.status, t.createdAt),
    // The queue of every status, and of a category, oldest or newest first.
    index('service_requests_created_idx').on(t.agencyId, t.createdAt, t.number),
    // The queue of every status puts the open ones first (closed requests wait for nothing).
    index('service_requests_open_first_idx').on(t.agencyId, sql`(${t.status} in ('completed', 'declined'))`, t.createdAt, t.number),
    // The same by priority (most urgent first) and by due date (soonest first, none last).
    index('service_requests_priority_idx').on(
      t.agencyId,
      sql`(${t.status} in ('completed', 'declined'))`,
      sql`(case ${t.priority} when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end)`,
      t.createdAt,
      t.number,
    ),
    index('service_requests_due_idx').on(t.agencyId, sql`(${t.status} in ('completed', 'declined'))`, t.dueOn, t.createdAt, t.number),
    index('service_requests_category_idx').on(t.agencyId, t.category, t.createdAt),
    index('service_requests_vehicle_idx').on(t.agencyId, t.vehicleId, t.createdAt),
    // A vehicle's open requests, counted beside it on every vehicles page: the count reads only them,
    // not the years of completed ones (docs/decisions/013, eleventh step). Not a partial index on the
    // open statuses: the queue's filter matches such a predicate, and its plan would take that index
    // and sort, where the queue's own indexes serve its order.
    index('service_requests_vehicle_status_idx').on(t.agencyId, t.vehicleId, t.status),
    index('service_requests_reporter_idx').on(t.agencyId, t.reportedBy, t.createdAt),
    // The request a squad check's critical failure opened, shown beside each submission of a page.
    index('service_requests_squad_check_idx').on(t.agencyId, t.squadCheckId),
    foreignKey({ columns: [t.agencyId, t.vehicleId], foreignColumns: [vehicles.agencyId, vehicles.id] }),
    foreignKey({ columns: [t.agencyId, t.reportedBy], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.assigneeId], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.vendorId], foreignColumns: [vendors.agencyId, vendors.id] }),
    // A request is assigned to a person of the agency or to an outside vendor, never both.
    check('service_requests_one_assignee', sql`${t.assigneeId} is null or ${t.vendorId} is null`),
    // The active queue is "not completed or declined" (service-request-queries.ts): no other status may exist.
    check('service_requests_status_known', sql`${t.status} in ('open', 'in_progress', 'completed', 'declined')`),
  ],
);

export const serviceRequestEvents = pgTable(
  'service_request_events',
  {
    agencyId: uuid('agency_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    requestId: uuid('request_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    actorId: uuid('actor_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    index('service_request_events_request_idx').on(t.agencyId, t.requestId, t.at),
    foreignKey({ columns: [t.agencyId, t.requestId], foreignColumns: [serviceRequests.agencyId, serviceRequests.id] }),
  ],
);

/** Preventive maintenance: every N miles and/or every N days, reset when a service of that kind is completed. */
export const maintenanceIntervals = pgTable(
  'maintenance_intervals',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    vehicleId: uuid('vehicle_id').notNull(),
    category: text('category').notNull(),
    everyMiles: integer('every_miles'),
    everyDays: integer('every_days'),
    lastDoneAt: timestamp('last_done_at', { withTimezone: true }).notNull(),
    lastDoneOdometer: integer('last_done_odometer').notNull(),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('maintenance_intervals_vehicle_category_key').on(t.agencyId, t.vehicleId, t.category),
    foreignKey({ columns: [t.agencyId, t.vehicleId], foreignColumns: [vehicles.agencyId, vehicles.id] }),
  ],
);

/**
 * A service request's work order (one per request): who billed it, tax, totals as the server worked them
 * out (core/fleet/work-order-totals.ts), notes and the office's attachments (invoice PDF, photos). The
 * vehicle is the request's, kept here so a vehicle's costs and timeline read one index.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    number: integer('number').notNull(),
    serviceRequestId: uuid('service_request_id').notNull(),
    vehicleId: uuid('vehicle_id').notNull(),
    vendorId: uuid('vendor_id'),
    /** Per cent × 1000 (8.875 % is 8875), so the rate is an exact integer. */
    taxRateThousandths: integer('tax_rate_thousandths').notNull().default(0),
    taxLabour: boolean('tax_labour').notNull().default(false),
    partsCents: integer('parts_cents').notNull().default(0),
    labourCents: integer('labour_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    notes: text('notes'),
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    uniqueIndex('work_orders_number_key').on(t.agencyId, t.number),
    uniqueIndex('work_orders_request_key').on(t.agencyId, t.serviceRequestId),
    index('work_orders_vehicle_idx').on(t.agencyId, t.vehicleId, t.createdAt),
    foreignKey({ columns: [t.agencyId, t.serviceRequestId], foreignColumns: [serviceRequests.agencyId, serviceRequests.id] }),
    foreignKey({ columns: [t.agencyId, t.vehicleId], foreignColumns: [vehicles.agencyId, vehicles.id] }),
    foreignKey({ columns: [t.agencyId, t.createdBy], foreignColumns: [users.agencyId, users.id] }),
    foreignKey({ columns: [t.agencyId, t.vendorId], foreignColumns: [vendors.agencyId, vendors.id] }),
    check(
      'work_orders_amounts',
      sql`${t.partsCents} >= 0 and ${t.labourCents} >= 0 and ${t.taxCents} >= 0 and ${t.totalCents} = ${t.partsCents} + ${t.labourCents} + ${t.taxCents}`,
    ),
  ],
);

/** A work order's parts and labour, in the order the office entered them (rewritten whole on each save). */
export const workOrderLines = pgTable(
  'work_order_lines',
  {
    agencyId: uuid('agency_id').notNull(),
    workOrderId: uuid('work_order_id').notNull(),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['part', 'labour'] }).notNull(),
    description: text('description').notNull(),
    partNumber: text('part_number'),
    /** Hundredths (1.5 hours is 150), so the quantity is an exact integer. */
    quantityHundredths: integer('quantity_hundredths').notNull(),
    unitCostCents: integer('unit_cost_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.workOrderId, t.position] }),
    foreignKey({ columns: [t.agencyId, t.workOrderId], foreignColumns: [workOrders.agencyId, workOrders.id] }),
    check('work_order_lines_amounts', sql`${t.quantityHundredths} > 0 and ${t.unitCostCents} >= 0 and ${t.totalCents} >= 0`),
  ],
);

/**
 * A fill-up: the quantity in the unit the agency used when it was entered (thousandths of a litre or of a
 * US gallon, kept with the entry so changing the setting never rewrites history), its cost in cents and
 * the odometer. A mistaken entry is corrected (versioned) or voided with a reason, never deleted.
 */
export const fuelEntries = pgTable(
  'fuel_entries',
  {
    agencyId: uuid('agency_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    vehicleId: uuid('vehicle_id').notNull(),
    filledAt: timestamp('filled_at', { withTimezone: true }).notNull(),
    quantityThousandths: integer('quantity_thousandths').notNull(),
    unit: text('unit', { enum: ['litre', 'gallon'] }).notNull(),
    totalCents: integer('total_cents').notNull(),
    odometer: integer('odometer').notNull(),
    fullTank: boolean('full_tank').notNull(),
    vendorId: uuid('vendor_id'),
    enteredBy: uuid('entered_by').notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by'),
    voidReason: text('void_reason'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.id] }),
    // The office's list (newest first) and each vehicle's economy (in fill order).
    index('fuel_entries_time_idx').on(t.agencyId, t.filledAt, t.id),
    index('fuel_entries_vehicle_idx').on(t.agencyId, t.vehicleId, t.filledAt),
    foreignKey({ columns: [t.agencyId, t.vehicleId], foreignColumns: [vehicles.agencyId, vehicles.id] }),
    foreignKey({ columns: [t.agencyId, t.vendorId], foreignColumns: [vendors.agencyId, vendors.id] }),
    foreignKey({ columns: [t.agencyId, t.enteredBy], foreignColumns: [users.agencyId, users.id] }),
    check('fuel_entries_amounts', sql`${t.quantityThousandths} > 0 and ${t.totalCents} >= 0 and ${t.odometer} >= 0`),
  ],
);

/**
 * The reminders sent before a vehicle's document lapses: one row per document, expiry date and threshold
 * (30, 7 or 1 days before), inserted with the notification, so a rerun of the daily job sends nothing twice
 * and a renewed document (a new date) is reminded afresh.
 */
export const vehicleDocumentReminders = pgTable(
  'vehicle_document_reminders',
  {
    agencyId: uuid('agency_id').notNull(),
    vehicleId: uuid('vehicle_id').notNull(),
    document: text('document', { enum: ['registration', 'insurance', 'inspection'] }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.vehicleId, t.document, t.expiresOn, t.daysBefore] }),
    foreignKey({ columns: [t.agencyId, t.vehicleId], foreignColumns: [vehicles.agencyId, vehicles.id] }),
  ],
);

/** Every table of the module, for its manifest. */
export const fleetTables = [
  vehicles,
  vehicleEvents,
  squadCheckTemplates,
  squadCheckTemplateVersions,
  squadCheckDrafts,
  squadCheckSubmissions,
  serviceRequests,
  serviceRequestEvents,
  maintenanceIntervals,
  workOrders,
  workOrderLines,
  vendors,
  fuelEntries,
  vehicleDocumentReminders,
] as const;
