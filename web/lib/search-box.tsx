import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type CSSProperties } from 'react';

export const SEARCH_DELAY_MS = 300;

/**
 * A list's search box whose text lives in the URL: typed into freely, it hands the text on 300 ms
 * after the last key (the screen navigates, replacing the history entry), and shows the URL's text
 * when the URL changes by itself (the back button, a link).
 */
export function SearchBox(props: {
  value: string;
  onSearch: (q: string) => void;
  placeholder: string;
  label?: string;
  style?: CSSProperties;
}) {
  const { value, onSearch } = props;
  const [typed, setTyped] = useState(value);
  const [debounced] = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    // The URL changed by itself: the box shows it.
    setLastValue(value);
    setTyped(value);
  }
  useEffect(() => {
    if (debounced.trim() !== value.trim()) onSearch(debounced);
    // Only a settled change of the box should navigate, not a change of the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return (
    <TextInput
      label={props.label ?? 'Search'}
      placeholder={props.placeholder}
      leftSection={<IconSearch aria-hidden size={16} />}
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value)}
      style={props.style ?? { flex: '1 1 16rem' }}
      type="search"
    />
  );
}
