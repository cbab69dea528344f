import { lazy, Suspense } from 'react';
import { importWithReload } from '../lib/chunk-reload.ts';
import { useDeferredOverlay } from '../ui/deferred-overlay.ts';
import { BellButton } from './bell-button.tsx';

const loadPanel = () => import('./notification-panel.tsx');
const NotificationPanel = lazy(importWithReload(() => loadPanel().then((module) => ({ default: module.NotificationPanel }))));

/**
 * The bell in the header: how many notifications are unread, and the latest 20 in a panel
 * (notification-panel.tsx), loaded when the pointer or the focus comes to the bell and opened by
 * the first click. Polls once a minute as a background request, so it never keeps an idle session
 * alive.
 */
export function NotificationBell() {
  const { requested, triggerProps } = useDeferredOverlay(loadPanel, 'dialog');
  const bell = <BellButton {...triggerProps} />;
  if (!requested) return bell;
  return (
    <Suspense fallback={bell}>
      <NotificationPanel focusTarget={requested.focus} />
    </Suspense>
  );
}
