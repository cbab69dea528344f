import { WorkOrderInput, type WorkOrder } from '../../../core/contracts/fleet.ts';
import { workOrderTotals, type WorkOrderLineKind, type WorkOrderTotals } from '../../../core/fleet/work-order-totals.ts';
import { schemaProblems } from '../../lib/form-errors.ts';
import { centsToDollars, dollarsToCents } from './service-request-transitions.ts';

/**
 * The work-order form's values as typed (numbers as text, money in dollars), the API body they make,
 * what is wrong with them (every field at once, by the contract's own rules) and the totals shown live
 * as lines are typed. The server works the totals out again; its numbers are the ones kept.
 */

export type WorkOrderLineValues = {
  /** A key for React, stable while lines are added and removed. */
  key: string;
  kind: WorkOrderLineKind;
  description: string;
  part_number: string;
  /** Quantity, or hours for labour. */
  quantity: string;
  /** Unit cost, or the hourly rate for labour, in dollars. */
  unit_cost: string;
};

export type WorkOrderValues = {
  vendor_id: string | null;
  lines: WorkOrderLineValues[];
  /** Per cent. */
  tax_rate: string;
  tax_labour: boolean;
  notes: string;
  attachment_ids: string[];
};

let keys = 0;
const nextKey = () => `line-${(keys += 1)}`;

export function emptyLine(kind: WorkOrderLineKind): WorkOrderLineValues {
  return { key: nextKey(), kind, description: '', part_number: '', quantity: kind === 'part' ? '1' : '', unit_cost: '' };
}

/** A saved work order's values, or a new one's: the request's vendor and the agency's tax rate. */
export function workOrderValues(order: WorkOrder | null, defaults: { vendorId: string | null; taxRate: number }): WorkOrderValues {
  if (!order)
    return {
      vendor_id: defaults.vendorId,
      lines: [],
      tax_rate: String(defaults.taxRate),
      tax_labour: false,
      notes: '',
      attachment_ids: [],
    };
  return {
    vendor_id: order.vendor_id,
    lines: order.lines.map((line) => ({
      key: nextKey(),
      kind: line.kind,
      description: line.description,
      part_number: line.part_number ?? '',
      quantity: String(line.quantity),
      unit_cost: centsToDollars(line.unit_cost_cents),
    })),
    tax_rate: String(order.tax_rate),
    tax_labour: order.tax_labour,
    notes: order.notes ?? '',
    attachment_ids: order.attachments.map((file) => file.id),
  };
}

/** A number as typed; NaN when it is blank or not a number, so the contract names the field. */
function typedNumber(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** Dollars as typed in cents; NaN when blank or not an amount. */
function typedCents(text: string): number {
  const cents = dollarsToCents(text);
  return typeof cents === 'number' ? cents : Number.NaN;
}

/** The API body for what the form holds. */
export function workOrderInput(values: WorkOrderValues): WorkOrderInput {
  return {
    vendor_id: values.vendor_id,
    lines: values.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      part_number: line.part_number,
      quantity: typedNumber(line.quantity),
      unit_cost_cents: typedCents(line.unit_cost),
    })),
    tax_rate: typedNumber(values.tax_rate),
    tax_labour: values.tax_labour,
    notes: values.notes,
    attachment_ids: values.attachment_ids,
  };
}

/** The form's field for an API path: the body's `unit_cost_cents` is the form's `unit_cost` (dollars). */
export function formPathOf(apiPath: string): string {
  return apiPath.replace(/\.unit_cost_cents$/, '.unit_cost');
}

/** Every problem of the form at once, keyed by the form's field path (`lines.2.unit_cost`). */
export function workOrderProblems(values: WorkOrderValues): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [path, message] of Object.entries(schemaProblems(WorkOrderInput, workOrderInput(values))))
    problems[formPathOf(path)] ??= message;
  return problems;
}

/** The totals of the lines typed so far (a line not yet a number counts as nothing), as the server will work them out. */
export function previewTotals(values: WorkOrderValues): WorkOrderTotals {
  const rate = typedNumber(values.tax_rate);
  return workOrderTotals({
    lines: values.lines.flatMap((line) => {
      const quantity = typedNumber(line.quantity);
      const cost = typedCents(line.unit_cost);
      return Number.isFinite(quantity) && quantity > 0 && Number.isFinite(cost) && cost >= 0
        ? [{ kind: line.kind, quantity, unit_cost_cents: cost }]
        : [];
    }),
    tax_rate: Number.isFinite(rate) && rate >= 0 ? rate : 0,
    tax_labour: values.tax_labour,
  });
}
