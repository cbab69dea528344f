/**
 * One way a new deployment reaches a user, whoever notices it first: the poll of builds/latest.json
 * (deployment-poller.ts) or the service worker finding a new sw.js (service-worker.ts). Either way the
 * user sees one prompt, "A new version of Precinct is ready", and the switch happens when they press
 * Reload, never on its own in the middle of a form.
 *
 * While a service worker serves the app, a plain reload would get the old build back from its
 * precache: the poll then asks the worker to look for the new one (`checkForUpdate`), and the prompt
 * comes when the new worker is installed and waiting, its Reload activating it. Without a worker (not
 * registered yet, a browser without them, development) the prompt reloads the page.
 */

export type WorkerUpdates = {
  /** Fetches sw.js again; a new build's worker installs and then calls `offerUpdate`. */
  checkForUpdate: () => Promise<void>;
  /** Whether the worker serves this page (false on the first visit, until it takes over). */
  controlsPage: () => boolean;
};

let worker: WorkerUpdates | null = null;
let offer: (reload: () => void) => void = () => undefined;

/** Set once at start-up: how the prompt is shown (a notification with a Reload button). */
export function setUpdatePrompt(show: (reload: () => void) => void): void {
  offer = show;
}

/** The registered service worker, once it is there (service-worker.ts). */
export function attachServiceWorker(updates: WorkerUpdates): void {
  worker = updates;
}

/**
 * The poll saw a different build id. A page no worker controls yet (the first visit, before the
 * worker took over) came from the network, so a reload gets the new build, or at worst the worker's
 * copy, whose own update check on that navigation then finds the new build and prompts again.
 */
export function newDeploymentSeen(): void {
  if (!worker || !worker.controlsPage()) {
    offer(() => window.location.reload());
    return;
  }
  // A check that fails (the connection dropped) leaves the prompt to the browser's own check at the next page load.
  void worker.checkForUpdate().catch(() => undefined);
}

/** A new build's worker is installed and waiting: `activate` switches to it and reloads. */
export function offerUpdate(activate: () => void): void {
  offer(activate);
}
