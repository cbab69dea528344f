import * as z from 'zod/mini';
import { defineApi } from '../endpoints.ts';
import { ECONOMY_UNITS, FUEL_UNITS } from '../fleet/fuel-economy.ts';
import { ODOMETER_MAX } from '../fleet/odometer.ts';
import { hasAtMostDecimals } from '../fleet/work-order-totals.ts';
import { FleetIdParams, Vehicle } from './fleet.ts';
import { Id, IsoDate, Label, LongText, pageOf } from './fields.ts';

/**
 * Basic fleet records (issue 22, point 5), on fleet's prefix: the vendor list, the fuel log, the
 * vehicles' document expiry dates, the cost of ownership and the fleet report.
 */

/** Blank is none: a form sends what the box holds. */
const blankIsNull = (schema: z.core.$ZodType<string, string>) =>
  z.optional(
    z.nullable(
      z.pipe(
        schema,
        z.transform((v: string) => (v === '' ? null : v)),
      ),
    ),
  );

// ---------------------------------------------------------------- vendors

export const VendorInput = z.object({
  name: Label(120),
  phone: blankIsNull(LongText(40)),
  email: blankIsNull(
    z.string().check(z.trim(), z.maxLength(200, 'Use at most 200 characters'), z.email('Enter an e-mail address like shop@example.com')),
  ),
  address: blankIsNull(LongText(300)),
  account_number: blankIsNull(LongText(60)),
  notes: blankIsNull(LongText(2000)),
});
export type VendorInput = z.input<typeof VendorInput>;

/** A correction of a vendor, or its retirement (`active: false`; vendors are never deleted). */
export const UpdateVendorInput = z.strictObject(z.extend(z.partial(VendorInput), { active: z.optional(z.boolean()) }).shape);
export type UpdateVendorInput = z.input<typeof UpdateVendorInput>;

export const Vendor = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  address: z.nullable(z.string()),
  account_number: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  active: z.boolean(),
  version: z.number().check(z.int()),
});
export type Vendor = z.infer<typeof Vendor>;

export const ListVendorsQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  q: z.optional(z.string().check(z.trim(), z.maxLength(60))),
  /** Active vendors (the pickers' list) by default; retired ones, or all. */
  status: z._default(z.enum(['active', 'retired', 'all']), 'active'),
  /** Also return this vendor (a picker's current value), whatever the filters say. */
  include: z.optional(Id),
});
export type ListVendorsQuery = z.infer<typeof ListVendorsQuery>;

// ---------------------------------------------------------------- fuel log

export const FuelUnit = z.enum(FUEL_UNITS);

export const FuelEntryInput = z.object({
  vehicle_id: Id,
  filled_at: z.iso.datetime({ offset: true, error: 'Enter when the tank was filled' }),
  /** In `unit`, at most three decimals. */
  quantity: z.number({ error: 'Enter how much fuel, e.g. 12.5' }).check(
    z.gt(0, 'Enter an amount above 0'),
    z.lte(2000, 'That is more than a tank holds'),
    z.refine((quantity: number) => hasAtMostDecimals(quantity, 3), 'Use at most three decimals'),
  ),
  total_cents: z
    .number({ error: 'Enter the cost in dollars, e.g. 48.20' })
    .check(z.int('Use whole cents'), z.gte(0, 'The cost cannot be negative'), z.lte(1_000_000, 'Use at most $10,000')),
  odometer: z
    .number({ error: 'Enter the odometer reading' })
    .check(z.int('Use whole miles'), z.gte(0, 'It cannot be negative'), z.lte(ODOMETER_MAX, 'That is too high')),
  full_tank: z.boolean({ error: 'Say whether the tank was filled up' }),
  vendor_id: z.optional(z.nullable(Id)),
  /**
   * The unit the quantity was typed in, kept with the entry (economy converts it to the agency's unit).
   * Left out (a phone's outbox from before it was sent), the agency's unit when the server takes it in.
   */
  unit: z.optional(FuelUnit),
});
export type FuelEntryInput = z.input<typeof FuelEntryInput>;

/** The office's correction of an entry (against its version). */
export const CorrectFuelEntryInput = z.strictObject(z.omit(FuelEntryInput, { vehicle_id: true }).shape);
export type CorrectFuelEntryInput = z.input<typeof CorrectFuelEntryInput>;

export const VoidFuelEntryInput = z.object({
  reason: z.string().check(z.trim(), z.minLength(3, 'Say why (at least 3 characters)'), z.maxLength(500, 'Use at most 500 characters')),
});

export const FuelEntry = z.object({
  id: z.string(),
  vehicle_id: z.string(),
  unit_number: z.string(),
  filled_at: z.string(),
  quantity: z.number(),
  unit: FuelUnit,
  total_cents: z.number().check(z.int()),
  odometer: z.number().check(z.int()),
  full_tank: z.boolean(),
  vendor_id: z.nullable(z.string()),
  vendor_name: z.nullable(z.string()),
  entered_by_name: z.nullable(z.string()),
  /** Distance per unit since the previous full fill, in `economy_unit` (the agency's), for a full fill. */
  economy: z.nullable(z.number()),
  /** What `economy` is in (the agency's unit: mpg or km per litre), whatever unit the entry was typed in. */
  economy_unit: z.enum(ECONOMY_UNITS),
  /** Why the entry looks wrong (odometer going back, economy far from the vehicle's median), or null. */
  outlier: z.nullable(z.string()),
  voided_at: z.nullable(z.string()),
  void_reason: z.nullable(z.string()),
  version: z.number().check(z.int()),
});
export type FuelEntry = z.infer<typeof FuelEntry>;

export const ListFuelEntriesQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  vehicle_id: z.optional(Id),
  from: z.optional(IsoDate),
  to: z.optional(IsoDate),
  /** `outliers`: only the flagged entries (of the last 12 months when no dates are given); `voided` includes voided ones. */
  show: z._default(z.enum(['valid', 'outliers', 'voided']), 'valid'),
});
export type ListFuelEntriesQuery = z.infer<typeof ListFuelEntriesQuery>;

// ---------------------------------------------------------------- vehicle documents

export const VEHICLE_DOCUMENTS = ['registration', 'insurance', 'inspection'] as const;
export type VehicleDocument = (typeof VEHICLE_DOCUMENTS)[number];
export const VEHICLE_DOCUMENT_LABELS: Record<VehicleDocument, string> = {
  registration: 'Registration',
  insurance: 'Insurance',
  inspection: 'Inspection',
};
/** Reminders go this many days before a document lapses (1: on the day before). */
export const DOCUMENT_REMINDER_DAYS = [30, 7, 1] as const;

export const VehicleDocumentsInput = z.strictObject({
  registration_expires_on: z.nullable(IsoDate),
  insurance_expires_on: z.nullable(IsoDate),
  inspection_expires_on: z.nullable(IsoDate),
});
export type VehicleDocumentsInput = z.infer<typeof VehicleDocumentsInput>;

export const ExpiringDocument = z.object({
  vehicle_id: z.string(),
  unit_number: z.string(),
  document: z.enum(VEHICLE_DOCUMENTS),
  expires_on: z.string(),
  /** Negative once lapsed. */
  days_left: z.number().check(z.int()),
});
export type ExpiringDocument = z.infer<typeof ExpiringDocument>;

export const ExpiringDocumentsQuery = z.object({
  within_days: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(365)), 30),
});

// ---------------------------------------------------------------- cost of ownership and the report

/**
 * A period of the agency's days, both included; the year to date when left out. At most three years: checked
 * here when both ends are given, and by the server once it has filled in a missing end.
 */
export const PeriodQuery = z.object({ from: z.optional(IsoDate), to: z.optional(IsoDate) }).check(
  z.refine((period) => !period.from || !period.to || period.from <= period.to, {
    message: 'The period ends before it starts',
    path: ['to'],
  }),
  z.refine((period) => !period.from || !period.to || Date.parse(period.to) - Date.parse(period.from) <= 3 * 366 * 86_400_000, {
    message: 'Choose at most three years',
    path: ['from'],
  }),
);
export type PeriodQuery = z.infer<typeof PeriodQuery>;

export const CostOfOwnership = z.object({
  vehicle_id: z.string(),
  unit_number: z.string(),
  from: z.string(),
  to: z.string(),
  /** Completed service requests' costs (their work orders' totals) in the period. */
  maintenance_cents: z.number().check(z.int()),
  fuel_cents: z.number().check(z.int()),
  total_cents: z.number().check(z.int()),
  /** Miles driven in the period, from its first to its last odometer reading. */
  miles: z.nullable(z.number().check(z.int())),
  cost_per_mile_cents: z.nullable(z.number()),
});
export type CostOfOwnership = z.infer<typeof CostOfOwnership>;

export const FleetReport = z.object({
  from: z.string(),
  to: z.string(),
  /** Cost per month (YYYY-MM) and category (service categories and `fuel`), in cents. */
  cost_by_month: z.array(z.object({ month: z.string(), costs: z.record(z.string(), z.number().check(z.int())) })),
  categories: z.array(z.object({ key: z.string(), label: z.string() })),
  /** Days each vehicle spent out of service in the period (only vehicles with any). */
  downtime: z.array(z.object({ vehicle_id: z.string(), unit_number: z.string(), days: z.number() })),
  /** Per week (from Monday): squad checks done (a vehicle checked on a day) and due (a check a day per vehicle in service). */
  checks_by_week: z.array(z.object({ week: z.string(), completed: z.number().check(z.int()), due: z.number().check(z.int()) })),
  vehicles: z.array(z.omit(CostOfOwnership, { from: true, to: true })),
});
export type FleetReport = z.infer<typeof FleetReport>;

// ---------------------------------------------------------------- the endpoints

const officer = { permission: 'fleet:squadcheck.submit', module: 'fleet' } as const;
const office = { permission: 'fleet:admin', module: 'fleet' } as const;

export const fleetRecordsApi = defineApi('fleet', '/rest/v1/fleet', {
  // officers log fuel from their phone (idempotent: a retry through the outbox never logs twice)
  createFuelEntry: { method: 'POST', path: '/fuel', access: officer, body: FuelEntryInput, response: FuelEntry, idempotent: true },
  listFuelVendors: { method: 'GET', path: '/fuel/vendors', access: officer, response: z.array(z.pick(Vendor, { id: true, name: true })) },

  listVendors: { method: 'GET', path: '/admin/vendors', access: office, query: ListVendorsQuery, response: pageOf(Vendor) },
  createVendor: { method: 'POST', path: '/admin/vendors', access: office, body: VendorInput, response: Vendor, idempotent: true },
  getVendor: { method: 'GET', path: '/admin/vendors/:id', access: office, params: FleetIdParams, response: Vendor, versioned: true },
  updateVendor: {
    method: 'PATCH',
    path: '/admin/vendors/:id',
    access: office,
    params: FleetIdParams,
    body: UpdateVendorInput,
    response: Vendor,
    versioned: true,
  },

  listFuelEntries: { method: 'GET', path: '/admin/fuel', access: office, query: ListFuelEntriesQuery, response: pageOf(FuelEntry) },
  getFuelEntry: { method: 'GET', path: '/admin/fuel/:id', access: office, params: FleetIdParams, response: FuelEntry, versioned: true },
  correctFuelEntry: {
    method: 'PUT',
    path: '/admin/fuel/:id',
    access: office,
    params: FleetIdParams,
    body: CorrectFuelEntryInput,
    response: FuelEntry,
    versioned: true,
  },
  voidFuelEntry: {
    method: 'POST',
    path: '/admin/fuel/:id/void',
    access: office,
    params: FleetIdParams,
    body: VoidFuelEntryInput,
    response: FuelEntry,
    versioned: true,
  },

  setVehicleDocuments: {
    method: 'PUT',
    path: '/admin/vehicles/:id/documents',
    access: office,
    params: FleetIdParams,
    body: VehicleDocumentsInput,
    response: Vehicle,
    versioned: true,
  },
  listExpiringDocuments: {
    method: 'GET',
    path: '/admin/documents/expiring',
    access: office,
    query: ExpiringDocumentsQuery,
    response: z.array(ExpiringDocument),
  },
  getCostOfOwnership: {
    method: 'GET',
    path: '/admin/vehicles/:id/cost-of-ownership',
    access: office,
    params: FleetIdParams,
    query: PeriodQuery,
    response: CostOfOwnership,
  },
  getFleetReport: { method: 'GET', path: '/admin/reports', access: office, query: PeriodQuery, response: FleetReport },
});
