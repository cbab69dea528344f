import type { Vehicle } from '../../core/contracts/fleet.ts';

/** Why a car is on top of the officer's picker: it is assigned to them, or they checked it lately. */
export type Pin = 'assigned' | 'recent';

export type PickerEntry = { vehicle: Vehicle; pin: Pin | null };

/**
 * The picker's cars in the order an officer wants them: the car assigned to them first, then the cars
 * they checked lately, then the rest as the search found them. `mine` is the fleet home's `vehicles`
 * (GET /rest/v1/fleet/home: assigned to them, then checked by them in the last 30 days). Without a
 * search every one of `mine` is on top; with one, only those the search found. Retired cars are left out.
 */
export function pinVehicles(found: readonly Vehicle[], mine: readonly Vehicle[], userId: string | null, searching: boolean): PickerEntry[] {
  const pinOf = (vehicle: Vehicle): Pin => (userId !== null && vehicle.assigned_user_id === userId ? 'assigned' : 'recent');
  const foundIds = new Set(found.map((vehicle) => vehicle.id));
  const pinned = mine
    .filter((vehicle) => vehicle.status !== 'retired' && (!searching || foundIds.has(vehicle.id)))
    .map((vehicle) => ({ vehicle, pin: pinOf(vehicle) }))
    // Stable: the assigned first, each group in the server's order.
    .sort((a, b) => Number(b.pin === 'assigned') - Number(a.pin === 'assigned'));
  const pinnedIds = new Set(pinned.map((entry) => entry.vehicle.id));
  const rest = found
    .filter((vehicle) => vehicle.status !== 'retired' && !pinnedIds.has(vehicle.id))
    .map((vehicle) => ({ vehicle, pin: null }));
  return [...pinned, ...rest];
}
