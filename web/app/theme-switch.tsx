import { lazy, Suspense } from 'react';
import { importWithReload } from '../lib/chunk-reload.ts';
import { useDeferredOverlay } from '../ui/deferred-overlay.ts';
import { ThemeButton } from './theme-button.tsx';

const loadThemeMenu = () => import('./theme-menu.tsx');
const ThemeMenu = lazy(importWithReload(() => loadThemeMenu().then((module) => ({ default: module.ThemeMenu }))));

/**
 * The theme switch: light, dark or the device's setting (the menu is theme-menu.tsx). The button is
 * drawn at once; the menu, with its popover and the account call that saves the choice, loads when
 * the pointer or the focus comes to the button, and the first click opens it as soon as it is there.
 */
export function ThemeSwitch() {
  const { requested, triggerProps } = useDeferredOverlay(loadThemeMenu, 'menu');
  const button = <ThemeButton {...triggerProps} />;
  if (!requested) return button;
  return (
    <Suspense fallback={button}>
      <ThemeMenu defaultOpened focusTarget={requested.focus} />
    </Suspense>
  );
}
