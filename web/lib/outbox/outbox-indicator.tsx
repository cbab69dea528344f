import { lazy, Suspense } from 'react';
import { importWithReload } from '../chunk-reload.ts';
import { useDeferredOverlay } from '../../ui/deferred-overlay.ts';
import { useOutbox } from './outbox.ts';
import { OutboxButton } from './outbox-button.tsx';

const loadPanel = () => import('./outbox-panel.tsx');
const OutboxPanel = lazy(importWithReload(() => loadPanel().then((module) => ({ default: module.OutboxPanel }))));

/**
 * The outbox in the header, shown while the signed-in user has items on this device that the server
 * does not have yet: "2 waiting to send". Its panel (outbox-panel.tsx: each item, its state, the
 * server's message for a refused one) loads when the pointer or the focus reaches the button.
 */
export function OutboxIndicator() {
  const { items } = useOutbox();
  const { requested, triggerProps } = useDeferredOverlay(loadPanel, 'dialog');
  if (items.length === 0) return null;
  const button = <OutboxButton items={items} {...triggerProps} />;
  if (!requested) return button;
  return (
    <Suspense fallback={button}>
      <OutboxPanel focusTarget={requested.focus} />
    </Suspense>
  );
}
