/**
 * A work order's money, worked out the same way by the form (live, as lines are typed) and by the
 * server (whose numbers are the ones kept). Money is whole cents; a quantity has at most two decimals
 * (1.5 hours, 4.25 quarts) and a tax rate at most three (8.875 %), so every step is exact integer
 * arithmetic and each rounding happens once: per line, and once for the tax.
 */

export const WORK_ORDER_LINE_KINDS = ['part', 'labour'] as const;
export type WorkOrderLineKind = (typeof WORK_ORDER_LINE_KINDS)[number];

/** The most a quantity (or hours) of one line can be, and a unit cost (or hourly rate), in cents. */
export const QUANTITY_MAX = 10_000;
export const UNIT_COST_MAX_CENTS = 10_000_000;
/** The most a work order may total (what a request's cost holds), in cents: $1,000,000. */
export const WORK_ORDER_TOTAL_MAX_CENTS = 100_000_000;
export const TAX_RATE_MAX = 30;

export interface TotalsInput {
  lines: ReadonlyArray<{ kind: WorkOrderLineKind; quantity: number; unit_cost_cents: number }>;
  /** Per cent, e.g. 8.875. */
  tax_rate: number;
  /** Whether labour is taxed as well as parts (in most US states it is not). */
  tax_labour: boolean;
}

export interface WorkOrderTotals {
  parts_cents: number;
  labour_cents: number;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
}

/** Whether a number has at most `places` decimals (as a person types it: 1.25, not 1.2500001). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Number.isFinite(value) && Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A line's amount: quantity × unit cost, rounded to the cent (half a cent up). */
export function lineTotalCents(quantity: number, unitCostCents: number): number {
  const hundredths = Math.round(quantity * 100);
  return Math.round((hundredths * unitCostCents) / 100);
}

/** Parts, labour, their subtotal, the tax on what is taxed, and the total, all in cents. */
export function workOrderTotals(input: TotalsInput): WorkOrderTotals {
  let parts = 0;
  let labour = 0;
  for (const line of input.lines) {
    const amount = lineTotalCents(line.quantity, line.unit_cost_cents);
    if (line.kind === 'part') parts += amount;
    else labour += amount;
  }
  const taxable = parts + (input.tax_labour ? labour : 0);
  const rateThousandths = Math.round(input.tax_rate * 1000);
  const tax = Math.round((taxable * rateThousandths) / 100_000);
  return { parts_cents: parts, labour_cents: labour, subtotal_cents: parts + labour, tax_cents: tax, total_cents: parts + labour + tax };
}

/** Cents as dollars for people: 123456 → "$1,234.56". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}$${Math.floor(absolute / 100).toLocaleString('en-US')}.${String(absolute % 100).padStart(2, '0')}`;
}

/** How a work order's number is shown and said: WO-1042. */
export function workOrderLabel(number: number): string {
  return `WO-${number}`;
}
