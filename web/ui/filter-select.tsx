import { Select } from './select.tsx';

/** The first line's value: not a value of any list's filter ('all' was, and the binder list's "Every binder" made Mantine throw). */
const ANY = '(any)';

/**
 * A list's filter: one choice among `options`, or the first line (`any`, "Any status") for no filter,
 * which is `null` to the screen.
 */
export function FilterSelect<T extends string>(props: {
  label: string;
  /** The words for no filter: "Any status", "Everyone". */
  any: string;
  options: readonly { value: T; label: string }[];
  value: T | null;
  onChange: (value: T | null) => void;
  searchable?: boolean;
  /** The width it may shrink from (a CSS length); 12rem by default. */
  width?: string;
}) {
  return (
    <Select
      label={props.label}
      searchable={props.searchable}
      data={[{ value: ANY, label: props.any }, ...props.options]}
      value={props.value ?? ANY}
      onChange={(value) => props.onChange(value && value !== ANY ? (value as T) : null)}
      allowDeselect={false}
      style={{ flex: `0 1 ${props.width ?? '12rem'}` }}
    />
  );
}
