import type { Tx } from '../platform/database.ts';
import { insertFuelEntry } from './fuel-queries.ts';
import { updateVehicleRow } from './vehicle-queries.ts';
import { insertVendor } from './vendor-queries.ts';

/**
 * The demo agency's basic fleet records (issue 22, point 5): its vendors (the shops its requests and work
 * orders name, a fuel station and one retired shop), its fuel log and its cars' papers, so every records
 * screen shows realistic data.
 */

const DEMO_VENDORS = [
  {
    name: 'City Tire & Auto',
    phone: '(555) 201-4410',
    email: 'service@citytire.example',
    address: '410 Main St',
    accountNumber: 'RPD-2211',
  },
  { name: 'Riverside Quick Lube', phone: '(555) 201-8800', email: null, address: '1220 River Rd', accountNumber: 'RQL-0087' },
  {
    name: 'Tri-County Emergency Upfitters',
    phone: '(555) 344-9000',
    email: 'shop@tricountyupfit.example',
    address: '88 Industrial Pkwy',
    accountNumber: null,
  },
  { name: 'Main Street Collision', phone: '(555) 201-7300', email: null, address: '902 Main St', accountNumber: 'MSC-5521' },
  {
    name: 'Riverside Fuel Depot',
    phone: '(555) 201-1000',
    email: 'fleet@fueldepot.example',
    address: '15 Depot Ln',
    accountNumber: 'FD-RPD-01',
  },
] as const;

/** The demo vendors, by name, and a retired one that old records still name. */
export async function seedDemoVendors(tx: Tx, agencyId: string): Promise<Map<string, string>> {
  const byName = new Map<string, string>();
  for (const vendor of DEMO_VENDORS) {
    const row = await insertVendor(tx, { agencyId, ...vendor, notes: null });
    byName.set(vendor.name, row.id);
  }
  await insertVendor(tx, {
    agencyId,
    name: 'Westside Garage',
    phone: '(555) 201-3030',
    notes: 'Closed in 2025; kept for its old invoices.',
    active: false,
  });
  return byName;
}

export const DEMO_FUEL_VENDOR = 'Riverside Fuel Depot';

/**
 * Four months of fill-ups per car (about every five days, mostly to the brim, at the depot), one of
 * them an outlier (a fill typed against the wrong car: twice the fuel for the miles), and the cars'
 * papers: one registration lapsed, an insurance lapsing within the week, an inspection within the month.
 */
export async function seedDemoFuelAndPapers(
  tx: Tx,
  agencyId: string,
  cars: ReadonlyArray<{ id: string; odometer: number; assignedUserId: string | null }>,
  vendorIds: Map<string, string>,
  enteredBy: string,
) {
  const day = 86_400_000;
  const today = new Date();
  const dateIn = (days: number) => new Date(today.getTime() + days * day).toISOString().slice(0, 10);
  const depot = vendorIds.get(DEMO_FUEL_VENDOR) ?? null;
  for (const [index, car] of cars.entries()) {
    const fills = 24;
    const mpg = 17 + (index % 4);
    let odometer = car.odometer - fills * 260;
    for (let n = 0; n < fills; n += 1) {
      const miles = 220 + ((index * 37 + n * 53) % 90);
      odometer += miles;
      const full = n % 6 !== 3;
      const outlier = index === 0 && n === 17;
      const gallons = Math.round(((miles / mpg) * (full ? 1 : 0.6) * (outlier ? 2.2 : 1) + 0.4) * 1000) / 1000;
      const at = new Date(today.getTime() - (fills - n) * 5 * day + (7 + (n % 9)) * 3_600_000);
      await insertFuelEntry(tx, {
        agencyId,
        vehicleId: car.id,
        filledAt: at,
        quantityThousandths: Math.round(gallons * 1000),
        unit: 'gallon',
        totalCents: Math.round(gallons * (329 + (n % 5) * 6)),
        odometer,
        fullTank: full,
        vendorId: n % 5 === 4 ? null : depot,
        enteredBy: car.assignedUserId ?? enteredBy,
        createdAt: at,
        updatedAt: at,
      });
    }
    await updateVehicleRow(tx, agencyId, car.id, null, {
      registrationExpiresOn: index === 0 ? dateIn(-3) : dateIn(120 + index * 23),
      insuranceExpiresOn: index === 1 ? dateIn(6) : dateIn(200 + index * 11),
      inspectionExpiresOn: index === 2 ? dateIn(20) : index % 2 === 0 ? dateIn(90 + index * 7) : null,
    });
  }
}
