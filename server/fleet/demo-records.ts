import type { Tx } from '../platform/database.ts';
import { insertVendor } from './vendor-queries.ts';

/**
 * The demo agency's basic fleet records (issue 22, point 5): its vendors (the shops its requests and work
 * orders name, a fuel station and one retired shop), so every records screen shows realistic data.
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
