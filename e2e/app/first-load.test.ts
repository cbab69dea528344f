/**
 * A first visit (issue 13): the browser fetches the screen's own code beside the app's main file
 * (first-screen-preloads.js, written by the build) instead of only once the main file has arrived and
 * run, so on a slow connection the screen draws a round trip sooner.
 */
import type { Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import { signedInPage } from '../support/session.ts';
import { founderViaApi, type Account } from './flows.ts';

let founder: Account;

beforeAll(async () => {
  founder = await founderViaApi('first-load');
});

/** Holds back the app's main file (the entry chunk) until `release`. */
async function holdEntry(page: Awaited<ReturnType<typeof newPage>>) {
  const held: Route[] = [];
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => void held.push(route));
  return {
    held,
    release: async () => {
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

describe('a first visit', () => {
  it('fetches the sign-in screen’s code while the app’s main file is still on its way, then signs in as before', async () => {
    const page = await newPage();
    try {
      const entry = await holdEntry(page);
      const screen = page.waitForRequest(/\/assets\/login-screen-[^/]+\.js$/);
      await page.goto('/login', { waitUntil: 'commit' });
      await screen;
      expect(entry.held.length).toBe(1);
      await entry.release();
      await page.getByRole('heading', { name: 'Sign in to Precinct' }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('fetches a signed-in module’s frame and first screen beside the main file too', async () => {
    const page = await signedInPage(founder);
    try {
      const entry = await holdEntry(page);
      const frame = page.waitForRequest(/\/assets\/app-frame-[^/]+\.js$/);
      const screen = page.waitForRequest(/\/assets\/fleet-home-screen-[^/]+\.js$/);
      await page.goto('/fleet', { waitUntil: 'commit' });
      await Promise.all([frame, screen]);
      expect(entry.held.length).toBe(1);
      await entry.release();
      await page.getByRole('heading', { name: 'Fleet', level: 1 }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});
