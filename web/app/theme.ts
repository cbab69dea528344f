import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * Precinct's Mantine theme (spec sections 1 and 9): primary blue, secondary green, zinc-grey
 * surfaces, and the overlay z-indices modal 1100, overlay 1000, menu 1000, tooltip 1100. The theme
 * transition, disabled opacity, toast width and focus ring live in global.css and ui-providers.tsx.
 */

/** Tailwind's zinc, 50 to 900. */
const zinc: MantineColorsTuple = [
  '#fafafa',
  '#f4f4f5',
  '#e4e4e7',
  '#d4d4d8',
  '#a1a1aa',
  '#71717a',
  '#52525b',
  '#3f3f46',
  '#27272a',
  '#18181b',
];

/** Mantine's dark palette runs from text (0) to the page background (7) and deeper: zinc again. */
const zincDark: MantineColorsTuple = [
  '#e4e4e7',
  '#d4d4d8',
  '#a1a1aa',
  '#8b8b94',
  '#52525b',
  '#3f3f46',
  '#27272a',
  '#18181b',
  '#111113',
  '#09090b',
];

export const Z_INDEX = { modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100, popover: 1100, notifications: 1200 } as const;

export const SECONDARY_COLOR = 'green';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled buttons above the 4.5:1 contrast WCAG AA asks for.
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  colors: { gray: zinc, dark: zincDark, zinc },
  other: { secondaryColor: SECONDARY_COLOR },
  focusRing: 'auto',
  cursorType: 'pointer',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: '650' },
  components: {
    // Close buttons carry a name screen readers announce (Mantine leaves it empty by default).
    Modal: { defaultProps: { zIndex: Z_INDEX.modal, closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { zIndex: Z_INDEX.modal, closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    Overlay: { defaultProps: { zIndex: Z_INDEX.overlay } },
    LoadingOverlay: { defaultProps: { zIndex: Z_INDEX.overlay } },
    // No focus placeholder inside role=menu: it is an element a menu may not contain (axe: aria-required-children).
    Menu: { defaultProps: { zIndex: Z_INDEX.menu, withInitialFocusPlaceholder: false } },
    Tooltip: { defaultProps: { zIndex: Z_INDEX.tooltip } },
    // A light alert's title in the text colour: green and yellow titles on their tinted background fall below 4.5:1.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
    // Dropdowns of selects and pickers open above modals they sit in.
    Popover: { defaultProps: { zIndex: Z_INDEX.popover } },
  },
});
