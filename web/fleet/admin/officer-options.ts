import { fleetApi } from '../../../core/contracts/fleet.ts';
import { callEndpoint } from '../../lib/api.ts';
import type { PersonSearch } from '../../lib/person-picker.tsx';

/**
 * The fleet office's people for the PersonPicker: the agency's active people by name (fleet:admin is
 * enough; no admin rights needed), the chosen one included.
 */
export const officerOptions: PersonSearch = {
  key: [...fleetApi.searchUsers.key, 'options'],
  hint: 'Type a name',
  search: async (q, chosen, signal) =>
    (await callEndpoint(fleetApi.searchUsers, { query: { ...(q ? { q } : {}), ...(chosen ? { include: chosen } : {}) }, signal })).map(
      (user) => ({ value: user.id, label: user.name }),
    ),
};

/** Who may work a service request: the fleet office (holders of fleet:admin), by name. */
export const fleetOfficeOptions: PersonSearch = {
  key: [...fleetApi.searchUsers.key, 'fleet-office'],
  hint: 'Type a name',
  search: async (q, chosen, signal) =>
    (
      await callEndpoint(fleetApi.searchUsers, {
        query: { fleet_office: 'true', ...(q ? { q } : {}), ...(chosen ? { include: chosen } : {}) },
        signal,
      })
    ).map((user) => ({ value: user.id, label: user.name })),
};
