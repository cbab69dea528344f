import * as z from 'zod/mini';
import { BACKGROUND_HEADER } from '../lib/api-client.ts';

/**
 * New deployments (spec section 4): the build writes builds/latest.json ({ id, built_at }); the app
 * polls it every 60 s and when the tab regains focus, and when the id differs from the one it was
 * built with, offers a reload.
 */

export const DEPLOYMENT_POLL_INTERVAL_MS = 60_000;
export const BUILD_METADATA_PATH = '/builds/latest.json';

const BuildMetadata = z.object({ id: z.string(), built_at: z.string() });
export type BuildMetadata = z.infer<typeof BuildMetadata>;

/** True when the fetched metadata names a different build than the running one. */
export function isNewDeployment(runningId: string, latest: BuildMetadata | null): boolean {
  return latest !== null && runningId !== 'development' && latest.id !== runningId;
}

export async function fetchBuildMetadata(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<BuildMetadata | null> {
  try {
    // A poll is not the user being active: it says so, like every request the app makes on its own.
    const response = await fetchImpl(BUILD_METADATA_PATH, {
      cache: 'no-store',
      headers: { accept: 'application/json', [BACKGROUND_HEADER]: '1' },
    });
    if (!response.ok) return null;
    const parsed = BuildMetadata.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Starts polling. Calls `onNewDeployment` once, the first time a different build is seen, then stops.
 * Returns a function that stops polling.
 */
export function startDeploymentPoller(options: {
  runningId: string;
  onNewDeployment: (latest: BuildMetadata) => void;
  fetchImpl?: typeof fetch;
}): () => void {
  let stopped = false;
  let checking = false;
  const check = async () => {
    if (stopped || checking) return;
    checking = true;
    const latest = await fetchBuildMetadata(options.fetchImpl);
    checking = false;
    if (!stopped && latest && isNewDeployment(options.runningId, latest)) {
      stop();
      options.onNewDeployment(latest);
    }
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  const timer = setInterval(() => void check(), DEPLOYMENT_POLL_INTERVAL_MS);
  window.addEventListener('focus', onVisible);
  document.addEventListener('visibilitychange', onVisible);
  function stop() {
    stopped = true;
    clearInterval(timer);
    window.removeEventListener('focus', onVisible);
    document.removeEventListener('visibilitychange', onVisible);
  }
  return stop;
}
