import * as z from 'zod/mini';
import { Vin } from '../vehicles.ts';
import { defineApi } from '../endpoints.ts';
import { ODOMETER_MAX } from '../fleet/odometer.ts';
import {
  hasAtMostDecimals,
  QUANTITY_MAX,
  TAX_RATE_MAX,
  UNIT_COST_MAX_CENTS,
  WORK_ORDER_LINE_KINDS,
  WORK_ORDER_TOTAL_MAX_CENTS,
  workOrderTotals,
} from '../fleet/work-order-totals.ts';
import { FUEL_UNITS } from '../fleet/fuel-economy.ts';
import { Id, IsoDate, Key, Label as LabelOf, pageOf } from './fields.ts';
import {
  SERVICE_REQUEST_ORDERS,
  SERVICE_REQUEST_PRIORITIES,
  SERVICE_REQUEST_STATUS_FILTERS,
  SERVICE_REQUEST_STATUSES,
  SUBMISSION_STATUSES,
  VEHICLE_SORTS,
  VEHICLE_STATUSES,
} from './list-values.ts';

export {
  SERVICE_REQUEST_ORDERS,
  SERVICE_REQUEST_PRIORITIES,
  SERVICE_REQUEST_STATUS_FILTERS,
  SERVICE_REQUEST_STATUSES,
  SUBMISSION_STATUSES,
  VEHICLE_SORTS,
  VEHICLE_STATUSES,
};

/**
 * The fleet module's contract: its records, their inputs and its endpoints (fleetApi, at the end).
 */

export const FleetIdParams = z.object({ id: Id });

// ---------------------------------------------------------------- settings (sys_config.fleet_settings)

const Label = LabelOf(60);

export const FleetSettings = z.object({
  enabled: z.boolean(),
  vehicle_types: z.array(z.object({ key: Key, label: Label })).check(z.maxLength(50)),
  service_categories: z.array(z.object({ key: Key, label: Label })).check(z.maxLength(50)),
  /** Template used for each vehicle type when no other template names the type. */
  default_templates: z.record(z.string(), Id),
  /** Officers must complete a squad check of their car before each shift. */
  squad_check_required_before_shift: z.boolean(),
  /** The sales tax a new work order starts with (per cent, e.g. 8.875); each order may change it. */
  work_order_tax_rate: z.number({ error: 'Enter the tax rate in per cent, e.g. 8.25' }).check(
    z.gte(0, 'The tax rate cannot be negative'),
    z.lte(TAX_RATE_MAX, `Use at most ${TAX_RATE_MAX} %`),
    z.refine((rate: number) => hasAtMostDecimals(rate, 3), 'Use at most three decimals'),
  ),
  /** The unit fuel is bought in: litres (economy in km/l) or US gallons (miles per gallon). */
  fuel_unit: z.enum(FUEL_UNITS, { error: 'Choose litres or gallons' }),
});
export type FleetSettings = z.infer<typeof FleetSettings>;

export const DEFAULT_VEHICLE_TYPES = [
  { key: 'patrol', label: 'Patrol car' },
  { key: 'suv', label: 'Patrol SUV' },
  { key: 'k9', label: 'K-9 unit' },
  { key: 'motorcycle', label: 'Motorcycle' },
  { key: 'unmarked', label: 'Unmarked car' },
  { key: 'transport', label: 'Prisoner transport van' },
];
export const DEFAULT_SERVICE_CATEGORIES = [
  { key: 'oil_change', label: 'Oil change' },
  { key: 'tires', label: 'Tires' },
  { key: 'brakes', label: 'Brakes' },
  { key: 'emergency_equipment', label: 'Lights, siren and radio' },
  { key: 'body_damage', label: 'Body damage' },
  { key: 'electrical', label: 'Electrical' },
  { key: 'inspection', label: 'Inspection' },
  { key: 'other', label: 'Other' },
];

export function defaultFleetSettings(): FleetSettings {
  return {
    enabled: true,
    vehicle_types: DEFAULT_VEHICLE_TYPES,
    service_categories: DEFAULT_SERVICE_CATEGORIES,
    default_templates: {},
    squad_check_required_before_shift: false,
    work_order_tax_rate: 0,
    fuel_unit: 'gallon',
  };
}

export const UpdateFleetSettingsInput = z.strictObject(z.partial(z.omit(FleetSettings, { enabled: true })).shape);

// ---------------------------------------------------------------- vehicles

export const VehicleStatus = z.enum(VEHICLE_STATUSES);
export type VehicleStatus = z.infer<typeof VehicleStatus>;

/**
 * A list value the form offers as a choice (a vehicle type, a service category): the key's own rules,
 * but a blank one is told as the choice not made ("Choose the vehicle type"), not as a key to give.
 */
const Chosen = (blank: string) => z.pipe(z.string().check(z.trim(), z.minLength(1, blank)), Key);

const optional = (schema: z.ZodMiniString<string>) =>
  z.optional(
    z.nullable(
      z.pipe(
        schema,
        z.transform((v: string) => (v === '' ? null : v)),
      ),
    ),
  );

export const VehicleInput = z.object({
  unit_number: z.string().check(z.trim(), z.minLength(1, 'Enter the unit number'), z.maxLength(20, 'Use at most 20 characters')),
  vehicle_type: Chosen('Choose the vehicle type'),
  make: z.string().check(z.trim(), z.minLength(1, 'Enter the make'), z.maxLength(40, 'Use at most 40 characters')),
  model: z.string().check(z.trim(), z.minLength(1, 'Enter the model'), z.maxLength(40, 'Use at most 40 characters')),
  year: z
    .number({ error: 'Enter the model year' })
    .check(z.int('Enter a year'), z.gte(1950, 'Enter a year from 1950'), z.lte(2100, 'Enter a year up to 2100')),
  vin: z.union([
    z.optional(z.nullable(Vin)),
    z.pipe(
      z.literal(''),
      z.transform(() => null),
    ),
  ]),
  plate: optional(z.string().check(z.trim(), z.toUpperCase(), z.maxLength(12, 'Use at most 12 characters'))),
  // Blank is allowed (and stored as none): the add-vehicle form sends what the box holds.
  plate_state: optional(z.string().check(z.trim(), z.toUpperCase(), z.regex(/^(?:[A-Z]{2})?$/, 'Use the two-letter state code'))),
  odometer: z
    .number({ error: 'Enter the odometer reading' })
    .check(z.int('Use whole miles'), z.gte(0, 'It cannot be negative'), z.lte(ODOMETER_MAX, 'That is too high')),
  assigned_user_id: z.optional(z.nullable(Id)),
  assigned_group: optional(z.string().check(z.trim(), z.maxLength(60, 'Use at most 60 characters'))),
  equipment: z._default(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))).check(z.maxLength(50)), []),
  notes: optional(z.string().check(z.trim(), z.maxLength(2000, 'Use at most 2,000 characters'))),
});
export type VehicleInput = z.input<typeof VehicleInput>;
export const UpdateVehicleInput = z.strictObject(z.partial(z.omit(VehicleInput, { odometer: true })).shape);

export const Vehicle = z.object({
  id: z.string(),
  unit_number: z.string(),
  vehicle_type: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  vin: z.nullable(z.string()),
  plate: z.nullable(z.string()),
  plate_state: z.nullable(z.string()),
  status: VehicleStatus,
  status_reason: z.nullable(z.string()),
  odometer: z.number(),
  assigned_user_id: z.nullable(z.string()),
  assigned_user_name: z.nullable(z.string()),
  assigned_group: z.nullable(z.string()),
  equipment: z.array(z.string()),
  notes: z.nullable(z.string()),
  /** The vehicle's photo: a storage object of the agency (GET /storage/v1/object/{id} with the bearer token). */
  photo_id: z.nullable(z.string()),
  photo_url: z.nullable(z.string()),
  last_squad_check_at: z.nullable(z.string()),
  /** The last day the vehicle's registration, insurance and inspection are valid (agency dates). */
  registration_expires_on: z.nullable(z.string()),
  insurance_expires_on: z.nullable(z.string()),
  inspection_expires_on: z.nullable(z.string()),
  open_service_requests: z.number().check(z.int()),
  version: z.number().check(z.int()),
});
export type Vehicle = z.infer<typeof Vehicle>;

export const ListVehiclesQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  q: z.optional(z.string().check(z.trim(), z.maxLength(60))),
  status: z.optional(VehicleStatus),
  vehicle_type: z.optional(z.string().check(z.maxLength(40))),
  sort: z._default(z.enum(VEHICLE_SORTS), 'unit_number'),
  order: z._default(z.enum(['asc', 'desc']), 'asc'),
});
export type ListVehiclesQuery = z.infer<typeof ListVehiclesQuery>;

export const ChangeVehicleStatusInput = z.object({
  status: z.enum(VEHICLE_STATUSES, { error: 'Choose the new status' }),
  reason: z.string().check(z.trim(), z.minLength(3, 'Say why (at least 3 characters)'), z.maxLength(500, 'Use at most 500 characters')),
});

/** Sets (an uploaded image's storage object id) or clears (null) the vehicle's photo; with If-Match. */
export const SetVehiclePhotoInput = z.strictObject({ photo_id: z.nullable(Id) });
export type SetVehiclePhotoInput = z.infer<typeof SetVehiclePhotoInput>;

/** The agency's active people, for pickers (assigned officer, officer filter): id and name only. */
export const SearchUsersQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(60))),
  /** Also return these people (a picker's current value), whatever `q` says. */
  include: z.optional(Id),
  /** Only the fleet office (holders of fleet:admin): who may be assigned a service request. */
  fleet_office: z.optional(z.enum(['true', 'false'])),
});
export const UserOption = z.object({ id: z.string(), name: z.string() });
export type UserOption = z.infer<typeof UserOption>;
export const USER_SEARCH_LIMIT = 20;

export const RecordOdometerInput = z.object({
  reading: z.number().check(z.int('Use whole miles'), z.gte(0), z.lte(ODOMETER_MAX, 'That is too high')),
});

export const TimelineEntry = z.object({
  at: z.string(),
  kind: z.enum(['status', 'odometer', 'squad_check', 'service_request', 'work_order']),
  summary: z.string(),
  actor_name: z.nullable(z.string()),
  ref_id: z.nullable(z.string()),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** A page of a vehicle's timeline, newest first; ask for the next with `before` = `next_before`. */
export const TimelinePage = z.object({ items: z.array(TimelineEntry), next_before: z.nullable(z.string()) });
export type TimelinePage = z.infer<typeof TimelinePage>;

export const TimelineQuery = z.object({
  before: z.optional(z.string().check(z.iso.datetime({ offset: true, message: 'Not a valid date and time' }))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1, 'Ask for at least 1'), z.lte(100, 'Ask for at most 100')), 50),
});
export type TimelineQuery = z.infer<typeof TimelineQuery>;

// ---------------------------------------------------------------- squad check templates

export const ITEM_KINDS = ['pass_fail', 'number', 'choice', 'text', 'photo', 'signature'] as const;
export const ItemKind = z.enum(ITEM_KINDS);
export type ItemKind = z.infer<typeof ItemKind>;

export const TemplateItem = z
  .object({
    id: z.string().check(z.minLength(1), z.maxLength(40)),
    label: z.string().check(z.trim(), z.minLength(1, 'Every item needs a label'), z.maxLength(200, 'Use at most 200 characters')),
    kind: ItemKind,
    help: z.optional(z.string().check(z.trim(), z.maxLength(500))),
    required: z._default(z.boolean(), true),
    /** A failed critical item takes the vehicle out of service at once and tells the fleet office. */
    critical: z._default(z.boolean(), false),
    note_required_on_fail: z._default(z.boolean(), true),
    photo_required_on_fail: z._default(z.boolean(), false),
    allow_na: z._default(z.boolean(), false),
    /** number: the accepted range and unit (e.g. fuel 1/4 to 1 as 25-100 %). */
    min: z.optional(z.number()),
    max: z.optional(z.number()),
    unit: z.optional(z.string().check(z.maxLength(20))),
    /** Marks the item whose answer is the vehicle's odometer. */
    is_odometer: z.optional(z.boolean()),
    /** choice: the options, and which of them count as a failure. */
    options: z.optional(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))).check(z.maxLength(20))),
    failing_options: z.optional(z.array(z.string())),
  })
  .check(
    z.superRefine((item, ctx) => {
      if (item.kind === 'choice' && (!item.options || item.options.length < 2))
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice needs at least two options' });
      if (item.kind === 'number' && item.min !== undefined && item.max !== undefined && item.min > item.max)
        ctx.addIssue({ code: 'custom', path: ['max'], message: 'The maximum must not be below the minimum' });
    }),
  );
export type TemplateItem = z.infer<typeof TemplateItem>;

export const TemplateSection = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  title: z.string().check(z.trim(), z.minLength(1, 'Every section needs a title'), z.maxLength(120, 'Use at most 120 characters')),
  items: z.array(TemplateItem).check(z.minLength(1, 'A section needs at least one item'), z.maxLength(100)),
});
export type TemplateSection = z.infer<typeof TemplateSection>;

export const TemplateInput = z
  .object({
    name: z.string().check(z.trim(), z.minLength(2, 'Give the template a name'), z.maxLength(80, 'Use at most 80 characters')),
    description: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
    /** Vehicle type keys this template applies to; empty means every vehicle. */
    vehicle_types: z._default(z.array(Key).check(z.maxLength(50)), []),
    sections: z.array(TemplateSection).check(z.minLength(1, 'Add at least one section'), z.maxLength(30)),
  })
  .check(
    z.superRefine((t, ctx) => {
      const ids = t.sections.flatMap((s) => s.items.map((i) => i.id));
      const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
      if (duplicate) ctx.addIssue({ code: 'custom', path: ['sections'], message: `Two items share the id ${duplicate}` });
    }),
  );
export type TemplateInput = z.input<typeof TemplateInput>;

export const Template = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  vehicle_types: z.array(z.string()),
  version_id: z.string(),
  version_number: z.number().check(z.int()),
  sections: z.array(TemplateSection),
  retired: z.boolean(),
  updated_at: z.string(),
  version: z.number().check(z.int()),
});
export type Template = z.infer<typeof Template>;

// ---------------------------------------------------------------- squad checks

export const Answer = z.object({
  item_id: z.string(),
  /** pass_fail: 'pass' | 'fail' | 'na'; number: the number; choice: the option; text: the text; photo/signature: a storage object id. */
  value: z.union([z.string().check(z.maxLength(5000)), z.number(), z.null()]),
  note: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
  na_reason: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  photo_ids: z.optional(z.array(Id).check(z.maxLength(10))),
});
export type Answer = z.infer<typeof Answer>;

export const SquadCheckForm = z.object({
  vehicle: Vehicle,
  template: Template,
  draft: z.nullable(z.object({ answers: z.array(Answer), saved_at: z.string() })),
});
export type SquadCheckForm = z.infer<typeof SquadCheckForm>;

export const SaveDraftInput = z.object({ answers: z.array(Answer).check(z.maxLength(500)) });

export const SubmitSquadCheckInput = z.object({
  vehicle_id: Id,
  template_version_id: Id,
  answers: z.array(Answer).check(z.maxLength(500)),
});
export type SubmitSquadCheckInput = z.infer<typeof SubmitSquadCheckInput>;

export const ServiceRequestStatus = z.enum(SERVICE_REQUEST_STATUSES);
export type ServiceRequestStatus = z.infer<typeof ServiceRequestStatus>;

export const SquadCheckSubmission = z.object({
  id: z.string(),
  vehicle_id: z.string(),
  unit_number: z.string(),
  officer_id: z.string(),
  officer_name: z.string(),
  template_name: z.string(),
  template_version_number: z.number().check(z.int()),
  status: z.enum(SUBMISSION_STATUSES),
  submitted_at: z.string(),
  failed_items: z.array(z.object({ item_id: z.string(), label: z.string(), critical: z.boolean(), note: z.nullable(z.string()) })),
  odometer: z.nullable(z.number()),
  took_vehicle_out_of_service: z.boolean(),
  /**
   * The out-of-service request a critical failure opened, and the failed items it covers (every
   * critical one): no second request is needed for those.
   */
  opened_service_request: z.nullable(
    z.object({ id: z.string(), number: z.number().check(z.int()), status: ServiceRequestStatus, item_ids: z.array(z.string()) }),
  ),
  review_note: z.nullable(z.string()),
  reviewed_at: z.nullable(z.string()),
  version: z.number().check(z.int()),
});
export type SquadCheckSubmission = z.infer<typeof SquadCheckSubmission>;

export const SquadCheckDetail = z.extend(SquadCheckSubmission, { sections: z.array(TemplateSection), answers: z.array(Answer) });
export type SquadCheckDetail = z.infer<typeof SquadCheckDetail>;

export const ListSquadChecksQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  from: z.optional(z.iso.date({ error: 'Use a date (YYYY-MM-DD)' })),
  to: z.optional(z.iso.date({ error: 'Use a date (YYYY-MM-DD)' })),
  vehicle_id: z.optional(Id),
  officer_id: z.optional(Id),
  /** Exceptions first: by default only submissions with failed items. */
  failures: z._default(z.enum(['only', 'all']), 'only'),
  status: z.optional(z.enum(SUBMISSION_STATUSES)),
});
export type ListSquadChecksQuery = z.infer<typeof ListSquadChecksQuery>;

export const ReviewSquadCheckInput = z.object({
  decision: z.enum(['approve', 'return']),
  note: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
});

// ---------------------------------------------------------------- service requests

/** Which moves the fleet office may make: reopening a closed request is allowed, with a note. */
export const SERVICE_REQUEST_TRANSITIONS: Record<ServiceRequestStatus, ServiceRequestStatus[]> = {
  open: ['in_progress', 'completed', 'declined'],
  in_progress: ['completed', 'declined', 'open'],
  completed: ['open'],
  declined: ['open'],
};

export const CreateServiceRequestInput = z.object({
  vehicle_id: Id,
  category: Chosen('Choose a category'),
  description: z
    .string()
    .check(z.trim(), z.minLength(5, 'Describe the problem (at least 5 characters)'), z.maxLength(4000, 'Use at most 4,000 characters')),
  drivable: z.boolean({ error: 'Say whether the vehicle can be driven' }),
  photo_ids: z._default(z.array(Id).check(z.maxLength(10)), []),
  /** When raised from a failed squad-check item. */
  squad_check_id: z.optional(Id),
  squad_check_item_id: z.optional(z.string().check(z.maxLength(40))),
});
export type CreateServiceRequestInput = z.input<typeof CreateServiceRequestInput>;

export const ServiceRequestEvent = z.object({
  at: z.string(),
  from_status: z.nullable(ServiceRequestStatus),
  to_status: ServiceRequestStatus,
  note: z.nullable(z.string()),
  actor_name: z.nullable(z.string()),
});

export const ServiceRequestPriority = z.enum(SERVICE_REQUEST_PRIORITIES, { error: 'Choose a priority' });
export type ServiceRequestPriority = z.infer<typeof ServiceRequestPriority>;

export const ServiceRequest = z.object({
  id: z.string(),
  number: z.number().check(z.int()),
  vehicle_id: z.string(),
  unit_number: z.string(),
  category: z.string(),
  description: z.string(),
  drivable: z.boolean(),
  status: ServiceRequestStatus,
  out_of_service: z.boolean(),
  cost_cents: z.nullable(z.number().check(z.int())),
  /** The outside shop doing the work (and billing it), when the request is assigned to a vendor of the list. */
  vendor_id: z.nullable(z.string()),
  vendor_name: z.nullable(z.string()),
  priority: ServiceRequestPriority,
  /** The agency person working it (an in-house mechanic), when it is assigned to one; else see `vendor`. */
  assignee_id: z.nullable(z.string()),
  assignee_name: z.nullable(z.string()),
  /** The date the office wants it done by (the agency's calendar date). */
  due_on: z.nullable(z.string()),
  reported_by_id: z.string(),
  reported_by_name: z.string(),
  squad_check_id: z.nullable(z.string()),
  photo_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.nullable(z.string()),
  events: z.array(ServiceRequestEvent),
  /** The request's work order (its number and total), once the office started one; its total is then the request's cost. */
  work_order: z.nullable(z.object({ id: z.string(), number: z.number().check(z.int()), total_cents: z.number().check(z.int()) })),
  version: z.number().check(z.int()),
});
export type ServiceRequest = z.infer<typeof ServiceRequest>;

export const ListServiceRequestsQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  /** One status, or `active` (open and in progress); every status when left out. */
  status: z.optional(z.enum(SERVICE_REQUEST_STATUS_FILTERS)),
  priority: z.optional(ServiceRequestPriority),
  vehicle_id: z.optional(Id),
  category: z.optional(z.string().check(z.maxLength(40))),
  /** Requests assigned to this person. */
  assignee_id: z.optional(Id),
  /**
   * Oldest first by default, so the longest-waiting request is at the top of the queue; open and in
   * progress requests always come before closed ones, which wait for nothing.
   */
  order: z._default(z.enum(SERVICE_REQUEST_ORDERS), 'oldest'),
});
export type ListServiceRequestsQuery = z.infer<typeof ListServiceRequestsQuery>;

// A person and a vendor at once is refused by the server (after it found the request, so another
// agency's request is a 404 whatever the body says).
export const UpdateServiceRequestInput = z.strictObject({
  status: z.optional(ServiceRequestStatus),
  note: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
  cost_cents: z.optional(z.nullable(z.number().check(z.int(), z.gte(0), z.lte(100_000_000)))),
  /** Assigns the request to an outside vendor of the list (clearing a person assignee); null clears it. */
  vendor_id: z.optional(z.nullable(Id)),
  out_of_service: z.optional(z.boolean()),
  category: z.optional(Key),
  priority: z.optional(ServiceRequestPriority),
  /** Assigns the request to a person of the agency (clearing a vendor); null clears it. */
  assignee_id: z.optional(z.nullable(Id)),
  due_on: z.optional(z.nullable(IsoDate)),
});
export type UpdateServiceRequestInput = z.infer<typeof UpdateServiceRequestInput>;

// ---------------------------------------------------------------- work orders

/**
 * The work done on a service request and what it cost (one work order per request: the request is the
 * unit the office queues, assigns and completes, so its work order is what completing it costs): parts
 * and labour lines, tax, the vendor's invoice and photos. Money is whole cents; the server works the
 * totals out again (core/fleet/work-order-totals.ts) and ignores any a client sends.
 */
export const WorkOrderLineKind = z.enum(WORK_ORDER_LINE_KINDS, { error: 'Choose part or labour' });

export const WorkOrderLineInput = z.object({
  kind: WorkOrderLineKind,
  description: z.string().check(z.trim(), z.minLength(1, 'Describe the part or the work'), z.maxLength(200, 'Use at most 200 characters')),
  part_number: optional(z.string().check(z.trim(), z.maxLength(60, 'Use at most 60 characters'))),
  /** How many (parts) or how many hours (labour), at most two decimals. */
  quantity: z.number({ error: 'Enter a number, e.g. 2 or 1.5' }).check(
    z.gt(0, 'Enter a number above 0'),
    z.lte(QUANTITY_MAX, `Use at most ${QUANTITY_MAX.toLocaleString('en-US')}`),
    z.refine((quantity: number) => hasAtMostDecimals(quantity, 2), 'Use at most two decimals'),
  ),
  /** The price of one (parts) or of an hour (labour), in cents. */
  unit_cost_cents: z
    .number({ error: 'Enter the cost in dollars, e.g. 12.50' })
    .check(
      z.int('Use whole cents'),
      z.gte(0, 'The cost cannot be negative'),
      z.lte(UNIT_COST_MAX_CENTS, `Use at most $${(UNIT_COST_MAX_CENTS / 100).toLocaleString('en-US')}`),
    ),
});
export type WorkOrderLineInput = z.input<typeof WorkOrderLineInput>;

export const TaxRate = FleetSettings.shape.work_order_tax_rate;

export const WorkOrderInput = z
  .object({
    /** The shop that billed the work, from the vendor list; none for in-house work. */
    vendor_id: z.optional(z.nullable(Id)),
    lines: z.array(WorkOrderLineInput).check(z.maxLength(100, 'Use at most 100 lines')),
    tax_rate: TaxRate,
    tax_labour: z._default(z.boolean(), false),
    notes: optional(z.string().check(z.trim(), z.maxLength(4000, 'Use at most 4,000 characters'))),
    /** Invoices (PDF) and photos uploaded through storage/v1 (purpose fleet): read by the fleet office only. */
    attachment_ids: z._default(z.array(Id).check(z.maxLength(20, 'Attach at most 20 files')), []),
  })
  .check(
    z.superRefine((input, ctx) => {
      if (workOrderTotals(input).total_cents > WORK_ORDER_TOTAL_MAX_CENTS)
        ctx.addIssue({ code: 'custom', path: ['lines'], message: 'A work order can total at most $1,000,000' });
    }),
  );
export type WorkOrderInput = z.input<typeof WorkOrderInput>;

export const WorkOrderLine = z.object({
  kind: WorkOrderLineKind,
  description: z.string(),
  part_number: z.nullable(z.string()),
  quantity: z.number(),
  unit_cost_cents: z.number().check(z.int()),
  total_cents: z.number().check(z.int()),
});
export type WorkOrderLine = z.infer<typeof WorkOrderLine>;

export const WorkOrderAttachment = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  content_type: z.string(),
  size: z.number().check(z.int()),
});
export type WorkOrderAttachment = z.infer<typeof WorkOrderAttachment>;

export const WorkOrder = z.object({
  id: z.string(),
  /** The agency's work-order number, shown as WO-1042. */
  number: z.number().check(z.int()),
  service_request_id: z.string(),
  service_request_number: z.number().check(z.int()),
  request_status: ServiceRequestStatus,
  vehicle_id: z.string(),
  unit_number: z.string(),
  vendor_id: z.nullable(z.string()),
  vendor_name: z.nullable(z.string()),
  lines: z.array(WorkOrderLine),
  tax_rate: z.number(),
  tax_labour: z.boolean(),
  parts_cents: z.number().check(z.int()),
  labour_cents: z.number().check(z.int()),
  subtotal_cents: z.number().check(z.int()),
  tax_cents: z.number().check(z.int()),
  total_cents: z.number().check(z.int()),
  notes: z.nullable(z.string()),
  attachments: z.array(WorkOrderAttachment),
  created_by_name: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().check(z.int()),
});
export type WorkOrder = z.infer<typeof WorkOrder>;

/** What a vehicle has cost: the completed requests' costs to date and its latest work orders. */
export const VehicleCosts = z.object({
  cost_to_date_cents: z.number().check(z.int()),
  completed_requests: z.number().check(z.int()),
  work_orders: z.array(
    z.object({
      id: z.string(),
      number: z.number().check(z.int()),
      service_request_id: z.string(),
      service_request_number: z.number().check(z.int()),
      request_status: ServiceRequestStatus,
      vendor_name: z.nullable(z.string()),
      total_cents: z.number().check(z.int()),
      created_at: z.string(),
      completed_at: z.nullable(z.string()),
    }),
  ),
});
export type VehicleCosts = z.infer<typeof VehicleCosts>;
/** How many of a vehicle's latest work orders its page lists. */
export const VEHICLE_COSTS_WORK_ORDERS = 10;

// ---------------------------------------------------------------- preventive maintenance

export const MAINTENANCE_STATES = ['ok', 'due_soon', 'overdue'] as const;
/** "Due soon" within this many miles or days of the interval's end. */
export const DUE_SOON_MILES = 500;
export const DUE_SOON_DAYS = 14;

export const MaintenanceIntervalInput = z
  .object({
    category: Chosen('Choose the service'),
    every_miles: z.optional(z.nullable(z.number().check(z.int('Use whole miles'), z.gte(100, 'Use at least 100 miles'), z.lte(200_000)))),
    every_days: z.optional(z.nullable(z.number().check(z.int('Use whole days'), z.gte(1, 'Use at least 1 day'), z.lte(3650)))),
    /** When the service was last done; defaults to now and the current odometer. */
    last_done_at: z.optional(z.iso.datetime({ offset: true, error: 'Use an ISO date and time' })),
    last_done_odometer: z.optional(z.number().check(z.int(), z.gte(0), z.lte(ODOMETER_MAX))),
  })
  // Checked also when another field is wrong (`when`), so a form shows this beside the others at once.
  .check(
    z.refine((v) => v.every_miles || v.every_days, {
      message: 'Give an interval in miles, days or both',
      path: ['every_miles'],
      when: ({ value }) => typeof value === 'object' && value !== null,
    }),
  );
export type MaintenanceIntervalInput = z.infer<typeof MaintenanceIntervalInput>;

export const UpdateMaintenanceIntervalInput = z.strictObject({
  every_miles: z.optional(z.nullable(z.number().check(z.int(), z.gte(100), z.lte(200_000)))),
  every_days: z.optional(z.nullable(z.number().check(z.int(), z.gte(1), z.lte(3650)))),
  active: z.optional(z.boolean()),
});

export const MaintenanceItem = z.object({
  id: z.string(),
  vehicle_id: z.string(),
  unit_number: z.string(),
  category: z.string(),
  every_miles: z.nullable(z.number()),
  every_days: z.nullable(z.number()),
  last_done_at: z.string(),
  last_done_odometer: z.number(),
  next_due_odometer: z.nullable(z.number()),
  next_due_at: z.nullable(z.string()),
  miles_left: z.nullable(z.number()),
  days_left: z.nullable(z.number()),
  state: z.enum(MAINTENANCE_STATES),
  active: z.boolean(),
  version: z.number().check(z.int()),
});
export type MaintenanceItem = z.infer<typeof MaintenanceItem>;

export const ListMaintenanceQuery = z.object({
  state: z._default(z.enum(['due', 'overdue', 'all']), 'due'),
  vehicle_id: z.optional(Id),
});

/** Where an interval stands, from the vehicle's odometer and today's date. */
export function maintenanceState(input: {
  everyMiles: number | null;
  everyDays: number | null;
  lastDoneAt: Date;
  lastDoneOdometer: number;
  odometer: number;
  now: Date;
}) {
  const nextDueOdometer = input.everyMiles ? input.lastDoneOdometer + input.everyMiles : null;
  const nextDueAt = input.everyDays ? new Date(input.lastDoneAt.getTime() + input.everyDays * 86_400_000) : null;
  const milesLeft = nextDueOdometer === null ? null : nextDueOdometer - input.odometer;
  const daysLeft = nextDueAt === null ? null : Math.floor((nextDueAt.getTime() - input.now.getTime()) / 86_400_000);
  const state =
    (milesLeft !== null && milesLeft <= 0) || (daysLeft !== null && daysLeft < 0)
      ? 'overdue'
      : (milesLeft !== null && milesLeft <= DUE_SOON_MILES) || (daysLeft !== null && daysLeft <= DUE_SOON_DAYS)
        ? 'due_soon'
        : 'ok';
  return { nextDueOdometer, nextDueAt, milesLeft, daysLeft, state } as const;
}

// ---------------------------------------------------------------- home and dashboard

export const FleetHome = z.object({
  vehicles: z.array(Vehicle),
  open_requests: z.array(ServiceRequest),
  /** Squad checks the user submitted today (agency time). */
  checked_today: z.array(
    z.object({ vehicle_id: z.string(), unit_number: z.string(), submitted_at: z.string(), failed: z.number().check(z.int()) }),
  ),
  squad_check_required_before_shift: z.boolean(),
});
export type FleetHome = z.infer<typeof FleetHome>;

export const FleetDashboard = z.object({
  out_of_service: z.array(Vehicle),
  not_checked_today: z.array(Vehicle),
  /** Open and in-progress requests counted by how long they have waited. */
  open_requests_by_age: z.object({
    under_1_day: z.number().check(z.int()),
    days_1_to_7: z.number().check(z.int()),
    over_7_days: z.number().check(z.int()),
  }),
  oldest_open_requests: z.array(ServiceRequest),
  maintenance_due: z.array(MaintenanceItem),
  counts: z.object({
    vehicles: z.number().check(z.int()),
    in_service: z.number().check(z.int()),
    out_of_service: z.number().check(z.int()),
    retired: z.number().check(z.int()),
  }),
});
export type FleetDashboard = z.infer<typeof FleetDashboard>;

// ---------------------------------------------------------------- the endpoints

const officer = (permission: 'authenticated' | 'fleet:squadcheck.submit' | 'fleet:servicerequest.submit') =>
  ({ permission, module: 'fleet' }) as const;
const office = { permission: 'fleet:admin', module: 'fleet' } as const;

/**
 * /rest/v1/fleet: every fleet user (home, vehicles, settings), officers (squad checks, service
 * requests) and the fleet office (/admin/…, fleet:admin).
 */
export const fleetApi = defineApi('fleet', '/rest/v1/fleet', {
  // every fleet user
  home: { method: 'GET', path: '/home', access: officer('authenticated'), response: FleetHome },
  listVehicles: { method: 'GET', path: '/vehicles', access: officer('authenticated'), query: ListVehiclesQuery, response: pageOf(Vehicle) },
  getSettings: { method: 'GET', path: '/settings', access: officer('authenticated'), response: FleetSettings },

  // squad checks (officers)
  getSquadCheckForm: {
    method: 'GET',
    path: '/squad-checks/form/:id',
    access: officer('fleet:squadcheck.submit'),
    params: FleetIdParams,
    response: SquadCheckForm,
  },
  saveSquadCheckDraft: {
    method: 'PUT',
    path: '/squad-checks/drafts/:id',
    access: officer('fleet:squadcheck.submit'),
    params: FleetIdParams,
    body: SaveDraftInput,
    response: z.object({ saved_at: z.string() }),
  },
  submitSquadCheck: {
    method: 'POST',
    path: '/squad-checks',
    access: officer('fleet:squadcheck.submit'),
    body: SubmitSquadCheckInput,
    response: SquadCheckSubmission,
    idempotent: true,
  },

  // service requests (officers)
  createServiceRequest: {
    method: 'POST',
    path: '/service-requests',
    access: officer('fleet:servicerequest.submit'),
    body: CreateServiceRequestInput,
    response: ServiceRequest,
    idempotent: true,
  },
  listMyServiceRequests: {
    method: 'GET',
    path: '/service-requests/mine',
    access: officer('authenticated'),
    query: ListServiceRequestsQuery,
    response: pageOf(ServiceRequest),
  },
  getServiceRequest: {
    method: 'GET',
    path: '/service-requests/:id',
    access: officer('authenticated'),
    params: FleetIdParams,
    response: ServiceRequest,
    versioned: true,
  },

  // the fleet office
  getDashboard: { method: 'GET', path: '/admin/dashboard', access: office, response: FleetDashboard },
  updateSettings: { method: 'PUT', path: '/admin/settings', access: office, body: UpdateFleetSettingsInput, response: FleetSettings },

  createVehicle: { method: 'POST', path: '/admin/vehicles', access: office, body: VehicleInput, response: Vehicle, idempotent: true },
  exportVehicles: { method: 'GET', path: '/admin/vehicles.csv', access: office, query: ListVehiclesQuery, response: 'csv' },
  getVehicle: { method: 'GET', path: '/admin/vehicles/:id', access: office, params: FleetIdParams, response: Vehicle, versioned: true },
  updateVehicle: {
    method: 'PATCH',
    path: '/admin/vehicles/:id',
    access: office,
    params: FleetIdParams,
    body: UpdateVehicleInput,
    response: Vehicle,
    versioned: true,
  },
  setVehiclePhoto: {
    method: 'PUT',
    path: '/admin/vehicles/:id/photo',
    access: office,
    params: FleetIdParams,
    body: SetVehiclePhotoInput,
    response: Vehicle,
    versioned: true,
  },
  changeVehicleStatus: {
    method: 'POST',
    path: '/admin/vehicles/:id/status',
    access: office,
    params: FleetIdParams,
    body: ChangeVehicleStatusInput,
    response: Vehicle,
  },
  recordOdometer: {
    method: 'POST',
    path: '/admin/vehicles/:id/odometer',
    access: office,
    params: FleetIdParams,
    body: RecordOdometerInput,
    response: Vehicle,
  },
  getVehicleCosts: { method: 'GET', path: '/admin/vehicles/:id/costs', access: office, params: FleetIdParams, response: VehicleCosts },
  getVehicleTimeline: {
    method: 'GET',
    path: '/admin/vehicles/:id/timeline',
    access: office,
    params: FleetIdParams,
    query: TimelineQuery,
    response: TimelinePage,
  },

  searchUsers: { method: 'GET', path: '/admin/users', access: office, query: SearchUsersQuery, response: z.array(UserOption) },

  listMaintenance: {
    method: 'GET',
    path: '/admin/maintenance',
    access: office,
    query: ListMaintenanceQuery,
    response: z.array(MaintenanceItem),
  },
  addMaintenance: {
    method: 'POST',
    path: '/admin/vehicles/:id/maintenance',
    access: office,
    params: FleetIdParams,
    body: MaintenanceIntervalInput,
    response: MaintenanceItem,
    idempotent: true,
  },
  updateMaintenance: {
    method: 'PATCH',
    path: '/admin/maintenance/:id',
    access: office,
    params: FleetIdParams,
    body: UpdateMaintenanceIntervalInput,
    response: MaintenanceItem,
    versioned: true,
  },

  listServiceRequests: {
    method: 'GET',
    path: '/admin/service-requests',
    access: office,
    query: ListServiceRequestsQuery,
    response: pageOf(ServiceRequest),
  },
  updateServiceRequest: {
    method: 'PATCH',
    path: '/admin/service-requests/:id',
    access: office,
    params: FleetIdParams,
    body: UpdateServiceRequestInput,
    response: ServiceRequest,
    versioned: true,
  },

  createWorkOrder: {
    method: 'POST',
    path: '/admin/service-requests/:id/work-order',
    access: office,
    params: FleetIdParams,
    body: WorkOrderInput,
    response: WorkOrder,
    idempotent: true,
  },
  getWorkOrder: {
    method: 'GET',
    path: '/admin/work-orders/:id',
    access: office,
    params: FleetIdParams,
    response: WorkOrder,
    versioned: true,
  },
  updateWorkOrder: {
    method: 'PUT',
    path: '/admin/work-orders/:id',
    access: office,
    params: FleetIdParams,
    body: WorkOrderInput,
    response: WorkOrder,
    versioned: true,
  },

  listSquadChecks: {
    method: 'GET',
    path: '/admin/squad-checks',
    access: office,
    query: ListSquadChecksQuery,
    response: pageOf(SquadCheckSubmission),
  },
  getSquadCheck: {
    method: 'GET',
    path: '/admin/squad-checks/:id',
    access: office,
    params: FleetIdParams,
    response: SquadCheckDetail,
    versioned: true,
  },
  reviewSquadCheck: {
    method: 'POST',
    path: '/admin/squad-checks/:id/review',
    access: office,
    params: FleetIdParams,
    body: ReviewSquadCheckInput,
    response: SquadCheckSubmission,
    versioned: true,
  },

  listTemplates: { method: 'GET', path: '/admin/templates', access: office, response: z.array(Template) },
  createTemplate: { method: 'POST', path: '/admin/templates', access: office, body: TemplateInput, response: Template, idempotent: true },
  getTemplate: { method: 'GET', path: '/admin/templates/:id', access: office, params: FleetIdParams, response: Template, versioned: true },
  updateTemplate: {
    method: 'PUT',
    path: '/admin/templates/:id',
    access: office,
    params: FleetIdParams,
    body: TemplateInput,
    response: Template,
    versioned: true,
  },
  setTemplateRetired: {
    method: 'POST',
    path: '/admin/templates/:id/retire',
    access: office,
    params: FleetIdParams,
    body: z.object({ retired: z.boolean() }),
    response: Template,
  },
});
