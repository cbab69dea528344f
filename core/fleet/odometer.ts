/**
 * Odometer readings, wherever they are taken (adding a vehicle, a manual reading, a squad check, a
 * maintenance interval's last service): whole miles, at most ODOMETER_MAX, never going backwards.
 */

/** No vehicle of ours reads more; anything above is a typing slip that would stick (readings never go back). */
export const ODOMETER_MAX = 2_000_000;

/** Why a reading below the vehicle's current one is refused. */
export function odometerBackwardsMessage(current: number): string {
  return `The odometer already reads ${current.toLocaleString('en-US')}; a reading cannot go backwards`;
}
