import { Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import type { AdminUser } from '../../core/contracts/admin.ts';
import { useUser } from './get-user.ts';
import { useUsers } from './list-users.ts';

function optionOf(user: Pick<AdminUser, 'id' | 'name' | 'email'>): ComboboxItem {
  return { value: user.id, label: `${user.name} (${user.email})` };
}

/**
 * A searchable choice of one person of the agency, searched on the server (name, e-mail, badge) as
 * the admin types. `exclude` hides people already chosen (a role's members).
 */
export function UserPicker(props: {
  label: string;
  value: string | null;
  onChange: (userId: string | null) => void;
  exclude?: readonly string[];
  placeholder?: string;
  description?: string;
  clearable?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const users = useUsers({ q: debounced.trim() || undefined, page: 1, page_size: 20, sort: 'name', order: 'asc' });
  const selected = useUser(props.value);
  const data = useMemo(() => {
    const options = (users.data?.items ?? []).filter((user) => !props.exclude?.includes(user.id)).map(optionOf);
    const chosen = selected.data ?? null;
    if (chosen && !options.some((option) => option.value === chosen.id)) options.unshift(optionOf(chosen));
    return options;
  }, [users.data, selected.data, props.exclude]);

  return (
    <Select
      label={props.label}
      description={props.description}
      placeholder={props.placeholder ?? 'Type a name, e-mail or badge number'}
      searchable
      clearable={props.clearable ?? true}
      data={data}
      value={props.value}
      onChange={(value) => props.onChange(value)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched; show its answer as it is.
      filter={({ options }) => options}
      nothingFoundMessage={users.isFetching ? 'Searching…' : 'Nobody matches'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
