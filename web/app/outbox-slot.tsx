import { lazy, Suspense } from 'react';
import { importWithReload } from '../lib/chunk-reload.ts';
import { useAfterFirstScreen } from '../lib/after-first-screen.ts';

const OutboxIndicator = lazy(
  importWithReload(() => import('../lib/outbox/outbox-indicator.tsx').then((module) => ({ default: module.OutboxIndicator }))),
);

/** The header's place for the offline outbox (web/lib/outbox), loaded after the first screen: it shows only while items wait. */
export function OutboxSlot() {
  if (!useAfterFirstScreen()) return null;
  return (
    <Suspense fallback={null}>
      <OutboxIndicator />
    </Suspense>
  );
}
