import { Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState, type CSSProperties } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { useUserSearch } from './search-users.ts';

/**
 * A searchable choice of one of the agency's active people, searched on the server by name as the
 * fleet office types (fleet:admin is enough; no admin rights needed). `null` is nobody (or, as a
 * filter, anyone).
 */
export function OfficerPicker(props: {
  label: string;
  value: string | null;
  onChange: (userId: string | null) => void;
  placeholder?: string;
  description?: string;
  error?: string | null;
  style?: CSSProperties;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  // Opening the list with a person chosen shows everyone, not only the chosen name.
  const q = chosenLabel !== null && debounced === chosenLabel ? '' : debounced;
  const users = useUserSearch(q, props.value);
  const data = useMemo<ComboboxItem[]>(() => (users.data ?? []).map((user) => ({ value: user.id, label: user.name })), [users.data]);
  const selected = data.find((option) => option.value === props.value);
  if ((selected?.label ?? null) !== chosenLabel && (props.value === null || selected)) setChosenLabel(selected?.label ?? null);

  return (
    <Select
      label={props.label}
      description={props.description}
      placeholder={props.placeholder ?? 'Type a name'}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${props.label.toLowerCase()}` }}
      data={data}
      value={props.value}
      onChange={(value) => props.onChange(value)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched; show its answer as it is.
      filter={({ options }) => options}
      nothingFoundMessage={users.isFetching ? 'Searching…' : 'Nobody by that name'}
      error={props.error ?? (users.isError ? `The list of people could not be loaded: ${errorMessage(users.error)}` : undefined)}
      comboboxProps={{ withinPortal: true }}
      style={props.style}
    />
  );
}
