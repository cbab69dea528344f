import { z } from 'zod';
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
import { pageOf } from './admin.ts';
import { Id, IsoDate, Key, Label as LabelOf } from './fields.ts';
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
  vehicle_types: z.array(z.object({ key: Key, label: Label })).max(50),
  service_categories: z.array(z.object({ key: Key, label: Label })).max(50),
  /** Template used for each vehicle type when no other template names the type. */
  default_templates: z.record(z.string(), Id),
  /** Officers must complete a squad check of their car before each shift. */
  squad_check_required_before_shift: z.boolean(),
  /** The sales tax a new work order starts with (per cent, e.g. 8.875); each order may change it. */
  work_order_tax_rate: z
    .number({ error: 'Enter the tax rate in per cent, e.g. 8.25' })
    .min(0, 'The tax rate cannot be negative')
    .max(TAX_RATE_MAX, `Use at most ${TAX_RATE_MAX} %`)
    .refine((rate) => hasAtMostDecimals(rate, 3), 'Use at most three decimals'),
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

export const UpdateFleetSettingsInput = FleetSettings.omit({ enabled: true }).partial().strict();

// ---------------------------------------------------------------- vehicles

export const VehicleStatus = z.enum(VEHICLE_STATUSES);
export type VehicleStatus = z.infer<typeof VehicleStatus>;

/**
 * A list value the form offers as a choice (a vehicle type, a service category): the key's own rules,
 * but a blank one is told as the choice not made ("Choose the vehicle type"), not as a key to give.
 */
const Chosen = (blank: string) => z.string().trim().min(1, blank).pipe(Key);

const optional = (schema: z.ZodString) =>
  schema
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const VehicleInput = z.object({
  unit_number: z.string().trim().min(1, 'Enter the unit number').max(20, 'Use at most 20 characters'),
  vehicle_type: Chosen('Choose the vehicle type'),
  make: z.string().trim().min(1, 'Enter the make').max(40, 'Use at most 40 characters'),
  model: z.string().trim().min(1, 'Enter the model').max(40, 'Use at most 40 characters'),
  year: z
    .number({ error: 'Enter the model year' })
    .int('Enter a year')
    .min(1950, 'Enter a year from 1950')
    .max(2100, 'Enter a year up to 2100'),
  vin: Vin.nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  plate: optional(z.string().trim().toUpperCase().max(12, 'Use at most 12 characters')),
  // Blank is allowed (and stored as none): the add-vehicle form sends what the box holds.
  plate_state: optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^(?:[A-Z]{2})?$/, 'Use the two-letter state code'),
  ),
  odometer: z
    .number({ error: 'Enter the odometer reading' })
    .int('Use whole miles')
    .min(0, 'It cannot be negative')
    .max(ODOMETER_MAX, 'That is too high'),
  assigned_user_id: Id.nullable().optional(),
  assigned_group: optional(z.string().trim().max(60, 'Use at most 60 characters')),
  equipment: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
  notes: optional(z.string().trim().max(2000, 'Use at most 2,000 characters')),
});
export type VehicleInput = z.input<typeof VehicleInput>;
export const UpdateVehicleInput = VehicleInput.omit({ odometer: true }).partial().strict();

export const Vehicle = z.object({
  id: z.string(),
  unit_number: z.string(),
  vehicle_type: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  vin: z.string().nullable(),
  plate: z.string().nullable(),
  plate_state: z.string().nullable(),
  status: VehicleStatus,
  status_reason: z.string().nullable(),
  odometer: z.number(),
  assigned_user_id: z.string().nullable(),
  assigned_user_name: z.string().nullable(),
  assigned_group: z.string().nullable(),
  equipment: z.array(z.string()),
  notes: z.string().nullable(),
  /** The vehicle's photo: a storage object of the agency (GET /storage/v1/object/{id} with the bearer token). */
  photo_id: z.string().nullable(),
  photo_url: z.string().nullable(),
  last_squad_check_at: z.string().nullable(),
  /** The last day the vehicle's registration, insurance and inspection are valid (agency dates). */
  registration_expires_on: z.string().nullable(),
  insurance_expires_on: z.string().nullable(),
  inspection_expires_on: z.string().nullable(),
  open_service_requests: z.number().int(),
  version: z.number().int(),
});
export type Vehicle = z.infer<typeof Vehicle>;

export const ListVehiclesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  q: z.string().trim().max(60).optional(),
  status: VehicleStatus.optional(),
  vehicle_type: z.string().max(40).optional(),
  sort: z.enum(VEHICLE_SORTS).default('unit_number'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListVehiclesQuery = z.infer<typeof ListVehiclesQuery>;

export const ChangeVehicleStatusInput = z.object({
  status: z.enum(VEHICLE_STATUSES, { error: 'Choose the new status' }),
  reason: z.string().trim().min(3, 'Say why (at least 3 characters)').max(500, 'Use at most 500 characters'),
});

/** Sets (an uploaded image's storage object id) or clears (null) the vehicle's photo; with If-Match. */
export const SetVehiclePhotoInput = z.object({ photo_id: Id.nullable() }).strict();
export type SetVehiclePhotoInput = z.infer<typeof SetVehiclePhotoInput>;

/** The agency's active people, for pickers (assigned officer, officer filter): id and name only. */
export const SearchUsersQuery = z.object({
  q: z.string().trim().max(60).optional(),
  /** Also return these people (a picker's current value), whatever `q` says. */
  include: Id.optional(),
  /** Only the fleet office (holders of fleet:admin): who may be assigned a service request. */
  fleet_office: z.enum(['true', 'false']).optional(),
});
export const UserOption = z.object({ id: z.string(), name: z.string() });
export type UserOption = z.infer<typeof UserOption>;
export const USER_SEARCH_LIMIT = 20;

export const RecordOdometerInput = z.object({
  reading: z.number().int('Use whole miles').min(0).max(ODOMETER_MAX, 'That is too high'),
});

export const TimelineEntry = z.object({
  at: z.string(),
  kind: z.enum(['status', 'odometer', 'squad_check', 'service_request', 'work_order']),
  summary: z.string(),
  actor_name: z.string().nullable(),
  ref_id: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** A page of a vehicle's timeline, newest first; ask for the next with `before` = `next_before`. */
export const TimelinePage = z.object({ items: z.array(TimelineEntry), next_before: z.string().nullable() });
export type TimelinePage = z.infer<typeof TimelinePage>;

export const TimelineQuery = z.object({
  before: z.string().datetime({ offset: true, message: 'Not a valid date and time' }).optional(),
  limit: z.coerce.number().int().min(1, 'Ask for at least 1').max(100, 'Ask for at most 100').default(50),
});
export type TimelineQuery = z.infer<typeof TimelineQuery>;

// ---------------------------------------------------------------- squad check templates

export const ITEM_KINDS = ['pass_fail', 'number', 'choice', 'text', 'photo', 'signature'] as const;
export const ItemKind = z.enum(ITEM_KINDS);
export type ItemKind = z.infer<typeof ItemKind>;

export const TemplateItem = z
  .object({
    id: z.string().min(1).max(40),
    label: z.string().trim().min(1, 'Every item needs a label').max(200, 'Use at most 200 characters'),
    kind: ItemKind,
    help: z.string().trim().max(500).optional(),
    required: z.boolean().default(true),
    /** A failed critical item takes the vehicle out of service at once and tells the fleet office. */
    critical: z.boolean().default(false),
    note_required_on_fail: z.boolean().default(true),
    photo_required_on_fail: z.boolean().default(false),
    allow_na: z.boolean().default(false),
    /** number: the accepted range and unit (e.g. fuel 1/4 to 1 as 25-100 %). */
    min: z.number().optional(),
    max: z.number().optional(),
    unit: z.string().max(20).optional(),
    /** Marks the item whose answer is the vehicle's odometer. */
    is_odometer: z.boolean().optional(),
    /** choice: the options, and which of them count as a failure. */
    options: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
    failing_options: z.array(z.string()).optional(),
  })
  .superRefine((item, ctx) => {
    if (item.kind === 'choice' && (!item.options || item.options.length < 2))
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice needs at least two options' });
    if (item.kind === 'number' && item.min !== undefined && item.max !== undefined && item.min > item.max)
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'The maximum must not be below the minimum' });
  });
export type TemplateItem = z.infer<typeof TemplateItem>;

export const TemplateSection = z.object({
  id: z.string().min(1).max(40),
  title: z.string().trim().min(1, 'Every section needs a title').max(120, 'Use at most 120 characters'),
  items: z.array(TemplateItem).min(1, 'A section needs at least one item').max(100),
});
export type TemplateSection = z.infer<typeof TemplateSection>;

export const TemplateInput = z
  .object({
    name: z.string().trim().min(2, 'Give the template a name').max(80, 'Use at most 80 characters'),
    description: z.string().trim().max(500).default(''),
    /** Vehicle type keys this template applies to; empty means every vehicle. */
    vehicle_types: z.array(Key).max(50).default([]),
    sections: z.array(TemplateSection).min(1, 'Add at least one section').max(30),
  })
  .superRefine((t, ctx) => {
    const ids = t.sections.flatMap((s) => s.items.map((i) => i.id));
    const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
    if (duplicate) ctx.addIssue({ code: 'custom', path: ['sections'], message: `Two items share the id ${duplicate}` });
  });
export type TemplateInput = z.input<typeof TemplateInput>;

export const Template = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  vehicle_types: z.array(z.string()),
  version_id: z.string(),
  version_number: z.number().int(),
  sections: z.array(TemplateSection),
  retired: z.boolean(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Template = z.infer<typeof Template>;

// ---------------------------------------------------------------- squad checks

export const Answer = z.object({
  item_id: z.string(),
  /** pass_fail: 'pass' | 'fail' | 'na'; number: the number; choice: the option; text: the text; photo/signature: a storage object id. */
  value: z.union([z.string().max(5000), z.number(), z.null()]),
  note: z.string().trim().max(2000).optional(),
  na_reason: z.string().trim().max(500).optional(),
  photo_ids: z.array(Id).max(10).optional(),
});
export type Answer = z.infer<typeof Answer>;

export const SquadCheckForm = z.object({
  vehicle: Vehicle,
  template: Template,
  draft: z.object({ answers: z.array(Answer), saved_at: z.string() }).nullable(),
});
export type SquadCheckForm = z.infer<typeof SquadCheckForm>;

export const SaveDraftInput = z.object({ answers: z.array(Answer).max(500) });

export const SubmitSquadCheckInput = z.object({
  vehicle_id: Id,
  template_version_id: Id,
  answers: z.array(Answer).max(500),
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
  template_version_number: z.number().int(),
  status: z.enum(SUBMISSION_STATUSES),
  submitted_at: z.string(),
  failed_items: z.array(z.object({ item_id: z.string(), label: z.string(), critical: z.boolean(), note: z.string().nullable() })),
  odometer: z.number().nullable(),
  took_vehicle_out_of_service: z.boolean(),
  /**
   * The out-of-service request a critical failure opened, and the failed items it covers (every
   * critical one): no second request is needed for those.
   */
  opened_service_request: z
    .object({ id: z.string(), number: z.number().int(), status: ServiceRequestStatus, item_ids: z.array(z.string()) })
    .nullable(),
  review_note: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  version: z.number().int(),
});
export type SquadCheckSubmission = z.infer<typeof SquadCheckSubmission>;

export const SquadCheckDetail = SquadCheckSubmission.extend({ sections: z.array(TemplateSection), answers: z.array(Answer) });
export type SquadCheckDetail = z.infer<typeof SquadCheckDetail>;

export const ListSquadChecksQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  from: z.iso.date({ error: 'Use a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'Use a date (YYYY-MM-DD)' }).optional(),
  vehicle_id: Id.optional(),
  officer_id: Id.optional(),
  /** Exceptions first: by default only submissions with failed items. */
  failures: z.enum(['only', 'all']).default('only'),
  status: z.enum(SUBMISSION_STATUSES).optional(),
});
export type ListSquadChecksQuery = z.infer<typeof ListSquadChecksQuery>;

export const ReviewSquadCheckInput = z.object({
  decision: z.enum(['approve', 'return']),
  note: z.string().trim().max(2000).optional(),
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
  description: z.string().trim().min(5, 'Describe the problem (at least 5 characters)').max(4000, 'Use at most 4,000 characters'),
  drivable: z.boolean({ error: 'Say whether the vehicle can be driven' }),
  photo_ids: z.array(Id).max(10).default([]),
  /** When raised from a failed squad-check item. */
  squad_check_id: Id.optional(),
  squad_check_item_id: z.string().max(40).optional(),
});
export type CreateServiceRequestInput = z.input<typeof CreateServiceRequestInput>;

export const ServiceRequestEvent = z.object({
  at: z.string(),
  from_status: ServiceRequestStatus.nullable(),
  to_status: ServiceRequestStatus,
  note: z.string().nullable(),
  actor_name: z.string().nullable(),
});

export const ServiceRequestPriority = z.enum(SERVICE_REQUEST_PRIORITIES, { error: 'Choose a priority' });
export type ServiceRequestPriority = z.infer<typeof ServiceRequestPriority>;

export const ServiceRequest = z.object({
  id: z.string(),
  number: z.number().int(),
  vehicle_id: z.string(),
  unit_number: z.string(),
  category: z.string(),
  description: z.string(),
  drivable: z.boolean(),
  status: ServiceRequestStatus,
  out_of_service: z.boolean(),
  cost_cents: z.number().int().nullable(),
  /** The outside shop doing the work (and billing it), when the request is assigned to a vendor of the list. */
  vendor_id: z.string().nullable(),
  vendor_name: z.string().nullable(),
  priority: ServiceRequestPriority,
  /** The agency person working it (an in-house mechanic), when it is assigned to one; else see `vendor`. */
  assignee_id: z.string().nullable(),
  assignee_name: z.string().nullable(),
  /** The date the office wants it done by (the agency's calendar date). */
  due_on: z.string().nullable(),
  reported_by_id: z.string(),
  reported_by_name: z.string(),
  squad_check_id: z.string().nullable(),
  photo_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
  events: z.array(ServiceRequestEvent),
  /** The request's work order (its number and total), once the office started one; its total is then the request's cost. */
  work_order: z.object({ id: z.string(), number: z.number().int(), total_cents: z.number().int() }).nullable(),
  version: z.number().int(),
});
export type ServiceRequest = z.infer<typeof ServiceRequest>;

export const ListServiceRequestsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  /** One status, or `active` (open and in progress); every status when left out. */
  status: z.enum(SERVICE_REQUEST_STATUS_FILTERS).optional(),
  priority: ServiceRequestPriority.optional(),
  vehicle_id: Id.optional(),
  category: z.string().max(40).optional(),
  /** Requests assigned to this person. */
  assignee_id: Id.optional(),
  /**
   * Oldest first by default, so the longest-waiting request is at the top of the queue; open and in
   * progress requests always come before closed ones, which wait for nothing.
   */
  order: z.enum(SERVICE_REQUEST_ORDERS).default('oldest'),
});
export type ListServiceRequestsQuery = z.infer<typeof ListServiceRequestsQuery>;

export const UpdateServiceRequestInput = z
  .object({
    status: ServiceRequestStatus.optional(),
    note: z.string().trim().max(2000).optional(),
    cost_cents: z.number().int().min(0).max(100_000_000).nullable().optional(),
    /** Assigns the request to an outside vendor of the list (clearing a person assignee); null clears it. */
    vendor_id: Id.nullable().optional(),
    out_of_service: z.boolean().optional(),
    category: Key.optional(),
    priority: ServiceRequestPriority.optional(),
    /** Assigns the request to a person of the agency (clearing a vendor); null clears it. */
    assignee_id: Id.nullable().optional(),
    due_on: IsoDate.nullable().optional(),
  })
  // A person and a vendor at once is refused by the server (after it found the request, so another
  // agency's request is a 404 whatever the body says).
  .strict();
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
  description: z.string().trim().min(1, 'Describe the part or the work').max(200, 'Use at most 200 characters'),
  part_number: optional(z.string().trim().max(60, 'Use at most 60 characters')),
  /** How many (parts) or how many hours (labour), at most two decimals. */
  quantity: z
    .number({ error: 'Enter a number, e.g. 2 or 1.5' })
    .gt(0, 'Enter a number above 0')
    .max(QUANTITY_MAX, `Use at most ${QUANTITY_MAX.toLocaleString('en-US')}`)
    .refine((quantity) => hasAtMostDecimals(quantity, 2), 'Use at most two decimals'),
  /** The price of one (parts) or of an hour (labour), in cents. */
  unit_cost_cents: z
    .number({ error: 'Enter the cost in dollars, e.g. 12.50' })
    .int('Use whole cents')
    .min(0, 'The cost cannot be negative')
    .max(UNIT_COST_MAX_CENTS, `Use at most $${(UNIT_COST_MAX_CENTS / 100).toLocaleString('en-US')}`),
});
export type WorkOrderLineInput = z.input<typeof WorkOrderLineInput>;

export const TaxRate = FleetSettings.shape.work_order_tax_rate;

export const WorkOrderInput = z
  .object({
    /** The shop that billed the work, from the vendor list; none for in-house work. */
    vendor_id: Id.nullable().optional(),
    lines: z.array(WorkOrderLineInput).max(100, 'Use at most 100 lines'),
    tax_rate: TaxRate,
    tax_labour: z.boolean().default(false),
    notes: optional(z.string().trim().max(4000, 'Use at most 4,000 characters')),
    /** Invoices (PDF) and photos uploaded through storage/v1 (purpose fleet): read by the fleet office only. */
    attachment_ids: z.array(Id).max(20, 'Attach at most 20 files').default([]),
  })
  .superRefine((input, ctx) => {
    if (workOrderTotals(input).total_cents > WORK_ORDER_TOTAL_MAX_CENTS)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'A work order can total at most $1,000,000' });
  });
export type WorkOrderInput = z.input<typeof WorkOrderInput>;

export const WorkOrderLine = z.object({
  kind: WorkOrderLineKind,
  description: z.string(),
  part_number: z.string().nullable(),
  quantity: z.number(),
  unit_cost_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type WorkOrderLine = z.infer<typeof WorkOrderLine>;

export const WorkOrderAttachment = z.object({
  id: z.string(),
  name: z.string().nullable(),
  content_type: z.string(),
  size: z.number().int(),
});
export type WorkOrderAttachment = z.infer<typeof WorkOrderAttachment>;

export const WorkOrder = z.object({
  id: z.string(),
  /** The agency's work-order number, shown as WO-1042. */
  number: z.number().int(),
  service_request_id: z.string(),
  service_request_number: z.number().int(),
  request_status: ServiceRequestStatus,
  vehicle_id: z.string(),
  unit_number: z.string(),
  vendor_id: z.string().nullable(),
  vendor_name: z.string().nullable(),
  lines: z.array(WorkOrderLine),
  tax_rate: z.number(),
  tax_labour: z.boolean(),
  parts_cents: z.number().int(),
  labour_cents: z.number().int(),
  subtotal_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  notes: z.string().nullable(),
  attachments: z.array(WorkOrderAttachment),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type WorkOrder = z.infer<typeof WorkOrder>;

/** What a vehicle has cost: the completed requests' costs to date and its latest work orders. */
export const VehicleCosts = z.object({
  cost_to_date_cents: z.number().int(),
  completed_requests: z.number().int(),
  work_orders: z.array(
    z.object({
      id: z.string(),
      number: z.number().int(),
      service_request_id: z.string(),
      service_request_number: z.number().int(),
      request_status: ServiceRequestStatus,
      vendor_name: z.string().nullable(),
      total_cents: z.number().int(),
      created_at: z.string(),
      completed_at: z.string().nullable(),
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
    every_miles: z.number().int('Use whole miles').min(100, 'Use at least 100 miles').max(200_000).nullable().optional(),
    every_days: z.number().int('Use whole days').min(1, 'Use at least 1 day').max(3650).nullable().optional(),
    /** When the service was last done; defaults to now and the current odometer. */
    last_done_at: z.iso.datetime({ offset: true, error: 'Use an ISO date and time' }).optional(),
    last_done_odometer: z.number().int().min(0).max(ODOMETER_MAX).optional(),
  })
  // Checked also when another field is wrong (`when`), so a form shows this beside the others at once.
  .refine((v) => v.every_miles || v.every_days, {
    message: 'Give an interval in miles, days or both',
    path: ['every_miles'],
    when: ({ value }) => typeof value === 'object' && value !== null,
  });
export type MaintenanceIntervalInput = z.infer<typeof MaintenanceIntervalInput>;

export const UpdateMaintenanceIntervalInput = z
  .object({
    every_miles: z.number().int().min(100).max(200_000).nullable().optional(),
    every_days: z.number().int().min(1).max(3650).nullable().optional(),
    active: z.boolean().optional(),
  })
  .strict();

export const MaintenanceItem = z.object({
  id: z.string(),
  vehicle_id: z.string(),
  unit_number: z.string(),
  category: z.string(),
  every_miles: z.number().nullable(),
  every_days: z.number().nullable(),
  last_done_at: z.string(),
  last_done_odometer: z.number(),
  next_due_odometer: z.number().nullable(),
  next_due_at: z.string().nullable(),
  miles_left: z.number().nullable(),
  days_left: z.number().nullable(),
  state: z.enum(MAINTENANCE_STATES),
  active: z.boolean(),
  version: z.number().int(),
});
export type MaintenanceItem = z.infer<typeof MaintenanceItem>;

export const ListMaintenanceQuery = z.object({
  state: z.enum(['due', 'overdue', 'all']).default('due'),
  vehicle_id: Id.optional(),
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
  checked_today: z.array(z.object({ vehicle_id: z.string(), unit_number: z.string(), submitted_at: z.string(), failed: z.number().int() })),
  squad_check_required_before_shift: z.boolean(),
});
export type FleetHome = z.infer<typeof FleetHome>;

export const FleetDashboard = z.object({
  out_of_service: z.array(Vehicle),
  not_checked_today: z.array(Vehicle),
  /** Open and in-progress requests counted by how long they have waited. */
  open_requests_by_age: z.object({ under_1_day: z.number().int(), days_1_to_7: z.number().int(), over_7_days: z.number().int() }),
  oldest_open_requests: z.array(ServiceRequest),
  maintenance_due: z.array(MaintenanceItem),
  counts: z.object({
    vehicles: z.number().int(),
    in_service: z.number().int(),
    out_of_service: z.number().int(),
    retired: z.number().int(),
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
