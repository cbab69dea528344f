import { localStorageColorSchemeManager } from '@mantine/core';

/**
 * Where the colour-scheme choice is remembered in the browser. web/public/color-scheme.js reads the
 * same key before first paint; the server keeps the choice too (user_metadata.color_scheme), since
 * sign-out empties localStorage.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'precinct-color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/** The root element carries the class `dark` in dark mode (spec section 1), beside Mantine's attribute. */
export function applyDarkClass(scheme: 'light' | 'dark'): void {
  const root = document.documentElement;
  root.classList.toggle('dark', scheme === 'dark');
  root.style.colorScheme = scheme;
}
