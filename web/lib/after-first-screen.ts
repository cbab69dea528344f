import { useEffect, useState } from 'react';

let drawn: () => void = () => undefined;
let firstScreenDrawn = new Promise<void>((resolve) => (drawn = resolve));
let marked = false;
/** afterFirstScreen's moment has come on this page (for the hook's first render). */
let past = false;

/** If no page says its first screen is drawn (a start that failed), the work below waits no longer than this after loading. */
const DRAWN_AT_THE_LATEST_MS = 5000;

/**
 * The page says its first screen is on screen: the app when its router first resolves a page, the
 * sign-in page when it has rendered its form. Work waiting in afterFirstScreen starts after the frame
 * that paints it. Later calls do nothing.
 */
export function markFirstScreenDrawn(): void {
  if (marked) return;
  marked = true;
  const resolve = drawn;
  requestAnimationFrame(() => setTimeout(resolve, 0));
}

/**
 * The sign-in page gives way to the app in the same page (start-app.tsx): what the app defers waits
 * for the app's first screen, not the sign-in form drawn before it.
 */
export function awaitTheNextFirstScreen(): void {
  if (!marked) return;
  marked = false;
  past = false;
  firstScreenDrawn = new Promise<void>((resolve) => (drawn = resolve));
}

/**
 * Runs `work` once the page has loaded, its first screen is drawn (markFirstScreenDrawn) and the
 * browser is idle (at most 2 s later): for what every page needs soon but not for its first paint
 * (the service worker and its precache download, the offline outbox, the bell's count). Started
 * before the first screen is drawn, these requests would queue beside the screen's own files on a
 * slow network, where a browser opens only six connections to a server.
 */
export function afterFirstScreen(work: () => void): void {
  const idle = () => {
    past = true;
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => work(), { timeout: 2000 });
    else setTimeout(work, 200);
  };
  const loaded = () => {
    const latest = new Promise<void>((resolve) => setTimeout(resolve, DRAWN_AT_THE_LATEST_MS));
    void Promise.race([firstScreenDrawn, latest]).then(idle);
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
}

/** False until afterFirstScreen's moment, then true (at once in a component mounted after it). */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(past);
  useEffect(() => {
    if (!ready) afterFirstScreen(() => setReady(true));
  }, [ready]);
  return ready;
}
