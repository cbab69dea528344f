import type { PersonSearch } from '../../lib/person-picker.tsx';
import { searchUsers } from './search-users.ts';

/**
 * The fleet office's people for the PersonPicker: the agency's active people by name (fleet:admin is
 * enough; no admin rights needed), the chosen one included.
 */
export const officerOptions: PersonSearch = {
  key: ['fleet', 'users'],
  hint: 'Type a name',
  search: async (q, chosen, signal) => (await searchUsers(q, chosen, signal)).map((user) => ({ value: user.id, label: user.name })),
};
