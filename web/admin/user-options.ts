import type { ComboboxItem } from '@mantine/core';
import type { AdminUser } from '../../core/contracts/admin.ts';
import type { PersonSearch } from '../lib/person-picker.tsx';
import { adminKeys } from './admin-request.ts';
import { getUser } from './get-user.ts';
import { listUsers } from './list-users.ts';

function optionOf(user: Pick<AdminUser, 'id' | 'name' | 'email'>): ComboboxItem {
  return { value: user.id, label: `${user.name} (${user.email})` };
}

/** The admin area's people for the PersonPicker: the user list, searched by name, e-mail or badge, 20 at a time. */
export const userOptions: PersonSearch = {
  key: [...adminKeys.users(), 'options'],
  hint: 'Type a name, e-mail or badge number',
  search: async (q, chosen, signal) => {
    const page = await listUsers({ ...(q ? { q } : {}), page: 1, page_size: 20, sort: 'name', order: 'asc' }, signal);
    const options = page.items.map(optionOf);
    if (chosen && !options.some((option) => option.value === chosen)) options.unshift(optionOf(await getUser(chosen)));
    return options;
  },
};
