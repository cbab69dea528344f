import { lazy, Suspense, useState } from 'react';
import { importWithReload } from '../lib/chunk-reload.ts';
import { ThemeButton } from './theme-button.tsx';

const loadThemeMenu = importWithReload(() => import('./theme-menu.tsx'));
const ThemeMenu = lazy(() => loadThemeMenu().then((module) => ({ default: module.ThemeMenu })));

/**
 * The theme switch: light, dark or the device's setting (the menu is theme-menu.tsx). The button is
 * drawn at once; the menu, with its popover and the account call that saves the choice, loads when
 * the pointer or the focus comes to the button, and the first click opens it as soon as it is there.
 */
export function ThemeSwitch() {
  const [opened, setOpened] = useState<{ focus: boolean } | null>(null);
  // A preload only: a failure here is left to the click, which reloads or shows the error page.
  const preload = () => void import('./theme-menu.tsx').catch(() => undefined);
  const button = (
    <ThemeButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={(event) => setOpened({ focus: document.activeElement === event.currentTarget })}
    />
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <ThemeMenu defaultOpened focusTarget={opened.focus} />
    </Suspense>
  );
}
