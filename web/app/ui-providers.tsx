import { MantineProvider, useComputedColorScheme, useMantineColorScheme, type CSSVariablesResolver } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { getAuthState, subscribeAuth } from '../lib/session/session.ts';
import { importWithReload } from '../lib/chunk-reload.ts';
import { COLOR_SCHEME_STORAGE_KEY, applyDarkClass, colorSchemeManager } from './color-scheme.ts';
import { theme } from './theme.ts';

/**
 * Keeps the class `dark` on the root element in step with Mantine's colour scheme, and applies the
 * choice remembered on the server when the user signs in (sign-out empties the browser's storage).
 */
function ColorSchemeSync() {
  const { setColorScheme, clearColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });

  useEffect(() => applyDarkClass(computed), [computed]);

  useEffect(() => {
    const remembered = getAuthState().session?.user.user_metadata.color_scheme;
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY);
    } catch {
      stored = null;
    }
    if (remembered && stored === null) setColorScheme(remembered);
    return subscribeAuth((state, event) => {
      const choice = state.session?.user.user_metadata.color_scheme;
      if (event === 'SIGNED_IN' && choice) setColorScheme(choice);
      // Sign-out emptied the storage: back to the device's preference, without writing it down again.
      if (event === 'SIGNED_OUT') clearColorScheme();
    });
  }, [setColorScheme, clearColorScheme]);

  return null;
}

const NotificationsContainer = lazy(
  importWithReload(() => import('./notifications-container.tsx').then((module) => ({ default: module.NotificationsContainer }))),
);

function hasNotifications(): boolean {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length > 0 || queue.length > 0;
}

/**
 * The toasts' container, loaded with the first toast: `notifications.show` only writes to the store,
 * which the container shows once it is there, so most page loads (a sign-in screen, a list) never
 * need its code (the container, its transitions and drag-to-dismiss).
 */
function DeferredNotifications() {
  const [needed, setNeeded] = useState(hasNotifications);
  useEffect(() => {
    if (needed) return undefined;
    const check = () => {
      if (hasNotifications()) setNeeded(true);
    };
    check();
    return notificationsStore.subscribe(check);
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}

/**
 * A field's error text at 4.5:1 or more on a card in both themes: Mantine's default error red (red-6 in
 * the light theme, red-8 in the dark) reads at about 3.3:1, which axe refuses once an error shows.
 */
const readableErrors: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { '--mantine-color-error': theme.colors.red[9]! },
  dark: { '--mantine-color-error': theme.colors.red[4]! },
});

/**
 * What every screen draws within: Mantine's theme and colour scheme, kept in step with the signed-in
 * user's choice, and the toasts. The app adds its own (app-providers.tsx); the sign-in page that loads
 * before the app (web/sign-in.tsx) has these alone.
 */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto" cssVariablesResolver={readableErrors}>
      {/* No screen has a date picker yet; the first that does wraps itself in @mantine/dates' DatesProvider
          with core/dates.ts's DATE_DEFAULTS, so its code loads with that screen and not on every page. */}
      <DeferredNotifications />
      <ColorSchemeSync />
      {children}
    </MantineProvider>
  );
}
