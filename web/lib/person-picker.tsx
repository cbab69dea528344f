import { Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type CSSProperties } from 'react';
import { errorMessage } from './api-error.ts';

/**
 * How a module finds people for the picker: its own endpoint (the admin area's user list, the fleet
 * office's officer search), so the picker itself depends on no module.
 */
export type PersonSearch = {
  /** The module's query key prefix; the picker adds the search and the choice. */
  key: readonly unknown[];
  /**
   * Up to a page of people matching `q` (everyone when `q` is empty), as options. When `chosen` is a
   * person, they are among the answer even if they do not match, so the chosen name shows.
   */
  search: (q: string, chosen: string | null, signal: AbortSignal) => Promise<ComboboxItem[]>;
  /** What may be typed, as the placeholder: "Type a name". */
  hint: string;
};

/**
 * A searchable choice of one person, searched on the server as the user types (250 ms after the last
 * key). `null` is nobody (or, as a filter, anyone). `exclude` hides people already chosen elsewhere
 * (a role's members). Opening the list with a person chosen shows everyone, not only the chosen name.
 */
export function PersonPicker(props: {
  search: PersonSearch;
  label: string;
  value: string | null;
  onChange: (personId: string | null) => void;
  exclude?: readonly string[];
  placeholder?: string;
  description?: string;
  error?: string | null;
  clearable?: boolean;
  style?: CSSProperties;
}) {
  const { search, value, exclude } = props;
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, 250);
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  // The box shows the chosen name once a person is chosen: that is no search.
  const q = chosenLabel !== null && debounced === chosenLabel ? '' : debounced.trim();
  const people = useQuery({
    queryKey: [...search.key, 'person-picker', q, value],
    queryFn: ({ signal }) => search.search(q, value, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const data = useMemo(
    () => (people.data ?? []).filter((option) => option.value === value || !exclude?.includes(option.value)),
    [people.data, exclude, value],
  );
  const selected = data.find((option) => option.value === value);
  if ((selected?.label ?? null) !== chosenLabel && (value === null || selected)) setChosenLabel(selected?.label ?? null);

  return (
    <Select
      label={props.label}
      description={props.description}
      placeholder={props.placeholder ?? search.hint}
      searchable
      clearable={props.clearable ?? true}
      clearButtonProps={{ 'aria-label': `Clear ${props.label.toLowerCase()}` }}
      data={data}
      value={value}
      onChange={(next) => props.onChange(next)}
      searchValue={typed}
      onSearchChange={setTyped}
      // The server already searched; show its answer as it is.
      filter={({ options }) => options}
      nothingFoundMessage={people.isFetching ? 'Searching…' : 'Nobody matches'}
      error={props.error ?? (people.isError ? `The list of people could not be loaded: ${errorMessage(people.error)}` : undefined)}
      comboboxProps={{ withinPortal: true }}
      style={props.style}
    />
  );
}
