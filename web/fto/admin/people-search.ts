import { ftoApi } from '../../../core/contracts/fto.ts';
import { callEndpoint } from '../../lib/api.ts';
import type { PersonSearch } from '../../lib/person-picker.tsx';

/** The coordinator's pickers: the agency's trainees (fto:user) or trainers (fto:trainer), by name. */
export function ftoPeopleSearch(role: 'trainee' | 'trainer'): PersonSearch {
  return {
    key: [...ftoApi.searchPeople.key, role],
    hint: role === 'trainee' ? 'Type a trainee’s name' : 'Type a trainer’s name',
    search: async (q, _chosen, signal) =>
      (await callEndpoint(ftoApi.searchPeople, { query: { role, ...(q ? { q } : {}) }, signal })).map((p) => ({
        value: p.id,
        label: p.name,
      })),
  };
}
