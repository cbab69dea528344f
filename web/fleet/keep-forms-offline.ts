import type { QueryClient } from '@tanstack/react-query';
import type { FleetHome } from '../../core/contracts/fleet.ts';
import { fleetSettingsQueryOptions } from './fleet-api.ts';
import { squadCheckFormQueryOptions } from './get-squad-check-form.ts';
import { myServiceRequestsQueryOptions } from './list-my-service-requests.ts';
import { officerVehiclesQueryOptions } from './search-vehicles.ts';

/** The officer's own cars whose squad-check form is read ahead: a patrol officer has one or two. */
const FORMS_AHEAD = 3;

/**
 * Reads ahead, once the fleet home has loaded, what the officer's two forms need and that the device
 * does not have yet (each is kept there: offline-query.ts): the categories, the vehicle list, their
 * requests, and the squad-check form of each car assigned to them. A squad check or a problem report
 * then opens in a garage without a connection although it was never opened before. What is already
 * on the device is not read again here; failures are left for the screens to meet.
 */
export function keepFormsOffline(queryClient: QueryClient, home: FleetHome, userId: string): void {
  const ignore = () => undefined;
  void queryClient.ensureQueryData(fleetSettingsQueryOptions()).catch(ignore);
  void queryClient.ensureQueryData(officerVehiclesQueryOptions()).catch(ignore);
  void queryClient.ensureQueryData(myServiceRequestsQueryOptions()).catch(ignore);
  const ownCars = home.vehicles
    .filter((vehicle) => vehicle.assigned_user_id === userId && vehicle.status !== 'retired')
    .slice(0, FORMS_AHEAD);
  for (const vehicle of ownCars) void queryClient.ensureQueryData(squadCheckFormQueryOptions(vehicle.id)).catch(ignore);
}
