import { lazy, Suspense, useEffect, useState } from 'react';
import { importWithReload } from '../lib/chunk-reload.ts';
import { afterFirstScreen } from './after-first-screen.ts';

const OutboxIndicator = lazy(
  importWithReload(() => import('../lib/outbox/outbox-indicator.tsx').then((module) => ({ default: module.OutboxIndicator }))),
);

/** The header's place for the offline outbox (web/lib/outbox), loaded after the first screen: it shows only while items wait. */
export function OutboxSlot() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <OutboxIndicator />
    </Suspense>
  );
}
