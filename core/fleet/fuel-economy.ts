/**
 * Fuel economy (issue 22, point 5): worked out between consecutive full fills of a vehicle, in the
 * agency's unit (miles per US gallon, or kilometres per litre). The odometer is in miles. A fill whose
 * economy is far from the vehicle's own median, or whose odometer is below the fill before it, is an
 * outlier, with the reason said in words. The server runs this for the fuel log; its tests are here.
 */

export const FUEL_UNITS = ['litre', 'gallon'] as const;
export type FuelUnit = (typeof FUEL_UNITS)[number];

export const LITRES_PER_GALLON = 3.785411784;
export const KM_PER_MILE = 1.609344;
/** Below 60 % or above 160 % of the vehicle's median economy is flagged. */
export const OUTLIER_LOW = 0.6;
export const OUTLIER_HIGH = 1.6;

export const FUEL_UNIT_LABELS: Record<FuelUnit, { quantity: string; short: string; economy: string }> = {
  litre: { quantity: 'litres', short: 'L', economy: 'km/l' },
  gallon: { quantity: 'US gallons', short: 'gal', economy: 'mpg' },
};

/** What an economy is in: miles per US gallon (an agency buying by the gallon) or km per litre. */
export const ECONOMY_UNITS = ['mpg', 'km_per_l'] as const;
export type EconomyUnit = (typeof ECONOMY_UNITS)[number];
export const ECONOMY_UNIT_LABELS: Record<EconomyUnit, string> = { mpg: 'mpg', km_per_l: 'km/l' };
export const economyUnitOf = (unit: FuelUnit): EconomyUnit => (unit === 'gallon' ? 'mpg' : 'km_per_l');

/** A quantity entered in `from` expressed in `to`. */
export function convertQuantity(quantity: number, from: FuelUnit, to: FuelUnit): number {
  if (from === to) return quantity;
  return from === 'gallon' ? quantity * LITRES_PER_GALLON : quantity / LITRES_PER_GALLON;
}

/** Distance per unit of fuel in the agency's unit: miles per gallon, or km per litre. */
export function economyOf(miles: number, quantity: number, unit: FuelUnit): number {
  return unit === 'gallon' ? miles / quantity : (miles * KM_PER_MILE) / quantity;
}

export interface Fill {
  id: string;
  /** When it was filled, in milliseconds since 1970 (UTC); fills are taken in this order (then by odometer). */
  filled_at_ms: number;
  odometer: number;
  /** In the agency's unit. */
  quantity: number;
  full_tank: boolean;
}

export interface FillEconomy {
  economy: number | null;
  outlier: string | null;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Each fill's economy and outlier reason, for one vehicle's fills (voided ones left out). A full fill's
 * economy is the distance since the previous full fill over all fuel bought after it, this fill included
 * (a partial fill in between counts toward the next full one, and so does a fill whose odometer goes back,
 * which is flagged and never taken as the baseline). The first full fill has none.
 */
export function fuelEconomy(fills: readonly Fill[], unit: FuelUnit): Map<string, FillEconomy> {
  const ordered = [...fills].sort((a, b) => a.filled_at_ms - b.filled_at_ms || a.odometer - b.odometer);
  const result = new Map<string, FillEconomy>();
  let lastFull: Fill | null = null;
  let fuelSince = 0;
  let previous: Fill | null = null;
  for (const fill of ordered) {
    let economy: number | null = null;
    let outlier: string | null = null;
    const backwards = previous !== null && fill.odometer < previous.odometer;
    if (backwards)
      outlier = `The odometer (${fill.odometer.toLocaleString('en-US')}) is below the fill before (${previous!.odometer.toLocaleString('en-US')})`;
    fuelSince += fill.quantity;
    // A reading going back is a slip: it is no baseline (nor the next fill's "fill before"), and its fuel
    // counts toward the next full fill, as a partial fill's does.
    if (fill.full_tank && !backwards) {
      if (lastFull && fill.odometer > lastFull.odometer && fuelSince > 0)
        economy = economyOf(fill.odometer - lastFull.odometer, fuelSince, unit);
      lastFull = fill;
      fuelSince = 0;
    }
    result.set(fill.id, { economy: economy === null ? null : round1(economy), outlier });
    if (!backwards) previous = fill;
  }
  const typical = median([...result.values()].flatMap((r) => (r.economy === null ? [] : [r.economy])));
  if (typical !== null && typical > 0) {
    const label = FUEL_UNIT_LABELS[unit].economy;
    for (const entry of result.values()) {
      if (entry.economy === null || entry.outlier) continue;
      const ratio = entry.economy / typical;
      if (ratio < OUTLIER_LOW || ratio > OUTLIER_HIGH)
        entry.outlier = `${entry.economy} ${label} is ${Math.round(ratio * 100)} % of this vehicle's median ${round1(typical)} ${label}`;
    }
  }
  return result;
}
