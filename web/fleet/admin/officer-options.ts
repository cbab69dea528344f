import { fleetApi } from '../../../core/contracts/fleet.ts';
import { fleetRecordsApi } from '../../../core/contracts/fleet-records.ts';
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

/** The agency's active vendors by name (and the chosen one, even retired), for a request's or work order's vendor. */
export const vendorOptions: PersonSearch = {
  key: [...fleetRecordsApi.listVendors.key, 'options'],
  hint: 'Type a vendor’s name',
  search: async (q, chosen, signal) =>
    (
      await callEndpoint(fleetRecordsApi.listVendors, {
        query: { ...(q ? { q } : {}), ...(chosen ? { include: chosen } : {}), page_size: 100 },
        signal,
      })
    ).items.map((vendor) => ({ value: vendor.id, label: vendor.active ? vendor.name : `${vendor.name} (retired)` })),
};
