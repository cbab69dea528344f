import { ComboboxChevron, ComboboxClearButton, InputBase, type SelectProps as MantineSelectProps } from '@mantine/core';
import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { importWithReload } from '../lib/chunk-reload.ts';

/**
 * What the stand-in draws the same way as Mantine's Select, and so all a caller may pass: a prop it
 * did not draw would make the field change when the real one arrives.
 */
export type SelectProps = Pick<
  MantineSelectProps,
  | 'id'
  | 'label'
  | 'aria-label'
  | 'description'
  | 'error'
  | 'required'
  | 'withAsterisk'
  | 'placeholder'
  | 'data'
  | 'value'
  | 'onChange'
  | 'onClear'
  | 'allowDeselect'
  | 'clearable'
  | 'searchable'
  | 'disabled'
  | 'readOnly'
  | 'size'
  | 'w'
  | 'style'
  | 'className'
  | 'comboboxProps'
>;

/** The real Select, once its module (with the combobox, popover and floating-ui behind it) has arrived. */
let Loaded: ComponentType<MantineSelectProps> | null = null;
let loading: Promise<ComponentType<MantineSelectProps>> | null = null;

function loadSelect(): Promise<ComponentType<MantineSelectProps>> {
  loading ??= import('./select-loaded.tsx').then(
    (module) => (Loaded = module.Select),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

type OptionEntry = string | { value: string; label?: string } | { group: ReactNode; items: readonly OptionEntry[] };

/** The label shown for `value` among Mantine's forms of `data` (strings, items, groups of either). */
export function optionLabel(data: readonly OptionEntry[] | undefined, value: string | null | undefined): string {
  if (value == null || !data) return '';
  for (const entry of data) {
    if (typeof entry === 'string') {
      if (entry === value) return entry;
    } else if ('group' in entry) {
      const found = optionLabel(entry.items, value);
      if (found) return found;
    } else if (entry.value === value) return entry.label ?? entry.value;
  }
  return '';
}

const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * Mantine's Select, whose code (the combobox, its popover and floating-ui: about 35 kB gz) is not
 * part of the screen's own load. Until it arrives, which starts as the screen first draws, the field
 * is drawn the same way (label, chosen value, chevron or clear button) as a read-only input; a click
 * or an opening key on it waits for the real one and opens its list, and the focus moves across.
 * Lists' filters, sorts and pagers use it, so a list's first screen draws without waiting for it.
 */
export function Select(props: SelectProps) {
  // How the real Select takes over once it has arrived: with the focus and its list open when the
  // stand-in has the focus then and was clicked (or opened from the keyboard).
  const [ready, setReady] = useState<{ focus: boolean; open: boolean } | null>(Loaded ? { focus: false, open: false } : null);
  // A click's load that failed even after a reload: shown by the error page, as any part of the app that cannot load.
  const [failed, setFailed] = useState<unknown>(null);
  const stand = useRef<HTMLInputElement>(null);
  const requested = useRef(false);
  const takeOver = () => {
    const focus = stand.current !== null && document.activeElement === stand.current;
    setReady({ focus, open: focus && requested.current });
  };

  useEffect(() => {
    if (ready) return;
    let current = true;
    // A failure is left to a click, which tries again and reloads the page or shows the error page.
    loadSelect().then(
      () => current && takeOver(),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [ready]);

  if (failed) throw failed;
  if (ready && Loaded) return <Loaded {...props} autoFocus={ready.focus} defaultDropdownOpened={ready.open} />;

  const { label, description, error, required, withAsterisk, size, disabled, placeholder, clearable, style, className, w, id } = props;
  const value = props.value ?? null;
  const request = () => {
    requested.current = true;
    // Usually already on its way; tried again if the first load failed, and a failure now reloads the
    // page or reaches the error page.
    importWithReload(loadSelect)().then(takeOver, setFailed);
  };
  return (
    <InputBase
      ref={stand}
      id={id}
      label={label}
      description={description}
      error={error}
      required={required}
      withAsterisk={withAsterisk}
      size={size}
      disabled={disabled}
      placeholder={placeholder}
      style={style}
      className={className}
      w={w}
      aria-label={props['aria-label']}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      readOnly
      pointer={!props.searchable}
      value={optionLabel(props.data, value)}
      __defaultRightSection={<ComboboxChevron size={size} error={error} />}
      __clearable={Boolean(clearable && value !== null && !disabled && !props.readOnly)}
      __clearSection={
        <ComboboxClearButton
          onClear={() => {
            props.onChange?.(null, null);
            props.onClear?.();
          }}
        />
      }
      rightSectionPointerEvents="none"
      onClick={props.readOnly ? undefined : request}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (props.readOnly || !OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        request();
      }}
    />
  );
}
