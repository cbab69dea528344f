import type { ComboboxItem } from '@mantine/core';
import { adminApi, type AdminUser } from '../../../core/contracts/admin.ts';
import { callEndpoint } from '../../lib/api.ts';
import type { PersonSearch } from '../../lib/person-picker.tsx';

function optionOf(user: Pick<AdminUser, 'id' | 'name' | 'email'>): ComboboxItem {
  return { value: user.id, label: `${user.name} (${user.email})` };
}

/**
 * The agency's people for the set-up pages' pickers (a group's supervisor, an assignment): the admin
 * area's user list through its contract, which these pages may read (they need admin:access too).
 */
export const agencyPeople: PersonSearch = {
  key: ['schedule', 'agency-people'],
  hint: 'Type a name, e-mail or badge number',
  search: async (q, chosen, signal) => {
    const page = await callEndpoint(adminApi.listUsers, {
      query: { ...(q ? { q } : {}), status: 'active', page: 1, page_size: 20, sort: 'name', order: 'asc' },
      signal,
    });
    const options = page.items.map(optionOf);
    if (chosen && !options.some((option) => option.value === chosen))
      options.unshift(optionOf(await callEndpoint(adminApi.getUser, { params: { id: chosen }, signal })));
    return options;
  },
};
