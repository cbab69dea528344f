/**
 * Images for the fleet browser tests: a real PNG made in the test (so the browser can decode and
 * show it), and a wait for an <img> to have loaded a picture.
 */
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

export { solidPng } from '../../server/platform/sample-images.ts';

/** Waits until an <img> has loaded and decoded a real picture. */
export async function expectImageShown(image: Locator): Promise<void> {
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}
