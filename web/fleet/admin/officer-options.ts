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
