import { describe, expect, it } from 'vitest';
import { attachServiceWorker, newDeploymentSeen, offerUpdate, setUpdatePrompt } from './app-updates.ts';

describe('one prompt for a new deployment', () => {
  it('offers a plain reload when the poll sees a new build and no service worker serves the app', () => {
    const prompts: (() => void)[] = [];
    setUpdatePrompt((reload) => prompts.push(reload));
    newDeploymentSeen();
    expect(prompts).toHaveLength(1);
  });

  it('asks the service worker to fetch the new build instead of prompting, and prompts once its worker waits', async () => {
    const prompts: (() => void)[] = [];
    setUpdatePrompt((reload) => prompts.push(reload));
    let checks = 0;
    attachServiceWorker({ checkForUpdate: async () => void (checks += 1), controlsPage: () => true });
    newDeploymentSeen();
    expect(checks).toBe(1);
    // A plain reload would get the old build back from the worker's precache: no prompt yet.
    expect(prompts).toHaveLength(0);

    let activated = false;
    offerUpdate(() => (activated = true));
    expect(prompts).toHaveLength(1);
    prompts[0]!();
    expect(activated).toBe(true);
  });

  it('offers a plain reload while the worker does not serve the page yet (the first visit), which came from the network', () => {
    const prompts: (() => void)[] = [];
    setUpdatePrompt((reload) => prompts.push(reload));
    let checks = 0;
    attachServiceWorker({ checkForUpdate: async () => void (checks += 1), controlsPage: () => false });
    newDeploymentSeen();
    expect(prompts).toHaveLength(1);
    expect(checks).toBe(0);
  });

  it('stays quiet when the worker cannot look for the new build (the connection dropped)', async () => {
    const prompts: (() => void)[] = [];
    setUpdatePrompt((reload) => prompts.push(reload));
    attachServiceWorker({ checkForUpdate: () => Promise.reject(new TypeError('Failed to fetch')), controlsPage: () => true });
    newDeploymentSeen();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(prompts).toHaveLength(0);
  });
});
