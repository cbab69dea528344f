import { ComboboxChevron, ComboboxClearButton, InputBase, type SelectProps } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { importWithReload } from '../lib/chunk-reload.ts';

/** Whether the real Select's module (with the combobox, popover and floating-ui behind it) has arrived. */
let loaded = false;
let loading: Promise<{ default: ComponentType<SelectProps> }> | null = null;

function loadSelect(): Promise<{ default: ComponentType<SelectProps> }> {
  loading ??= import('./select-loaded.tsx').then(
    (module) => {
      loaded = true;
      return { default: module.Select };
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The real Select. Drawn once it has arrived or a click or a key asked for it; in the second case a
 * failure to load reloads the page or shows the error page (importWithReload). Both ways are the same
 * element, so the one drawn for a click is not replaced when the module then arrives.
 */
const LoadedSelect = lazy(importWithReload(loadSelect));

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
  // Set when the real Select is to be drawn: it has arrived, or a click or a key asked for it. `focus`
  // is whether the stand-in had the focus then, so that the real field takes it.
  const [ready, setReady] = useState<{ focus: boolean } | null>(loaded ? { focus: false } : null);
  const [requested, setRequested] = useState<{ focus: boolean } | null>(null);
  const stand = useRef<HTMLInputElement>(null);
  const hasFocus = () => stand.current !== null && document.activeElement === stand.current;

  useEffect(() => {
    if (ready) return;
    let current = true;
    loadSelect().then(
      () => {
        if (current) setReady({ focus: hasFocus() });
      },
      // Left to a click, which tries again and reloads the page or shows the error page if it must.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [ready]);

  const handoff = {
    autoFocus: Boolean(requested?.focus || ready?.focus || props.autoFocus),
    defaultDropdownOpened: requested !== null || props.defaultDropdownOpened,
  };
  const { label, description, error, required, withAsterisk, size, disabled, placeholder, clearable, style, className, w, id } = props;
  const value = props.value !== undefined ? props.value : props.defaultValue;
  const request = () => setRequested({ focus: hasFocus() });
  const standIn = (
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
      __clearable={Boolean(clearable && value != null && !disabled && !props.readOnly)}
      __clearSection={<ComboboxClearButton onClear={() => props.onChange?.(null, null)} />}
      rightSectionPointerEvents="none"
      onClick={props.readOnly ? undefined : request}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (props.readOnly || !OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        request();
      }}
    />
  );
  if (!ready && !requested) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LoadedSelect {...props} {...handoff} />
    </Suspense>
  );
}
