/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { attachServiceWorker, offerUpdate } from './app-updates.ts';

/**
 * Registers the service worker that vite.config.ts builds (Workbox, precaching the whole build), after
 * the first screen: start-app.tsx loads this file when the page is idle, so the worker and its
 * precache download do not compete with the first paint. Development builds have no worker.
 *
 * A new build's worker installs in the background and waits ('prompt'); `offerUpdate` shows the one
 * reload prompt, whose button tells the worker to take over, and the page reloads once it has.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  let accepted = false;
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () =>
      offerUpdate(() => {
        accepted = true;
        void updateServiceWorker(true);
      }),
    // The new worker took over: reload only if this tab said yes. Another tab's Reload also hands this
    // tab to the new worker; it keeps its page (and its prompt) until its user reloads.
    onNeedReload: () => {
      if (accepted) window.location.reload();
    },
    onRegisteredSW: (_url, registration) => {
      if (registration)
        attachServiceWorker({
          checkForUpdate: () => registration.update().then(() => undefined),
          controlsPage: () => navigator.serviceWorker.controller !== null,
        });
    },
  });
}
