import { beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import { signedInPage } from '../support/session.ts';
import { expectPath, founderViaApi, type Account } from './flows.ts';

let founder: Account;

beforeAll(async () => {
  founder = await founderViaApi('errors');
});

describe('the error page and the error log', () => {
  it.each([
    ['a path that matches no route', '/no-such-page'],
    ['an id that is not a UUID', '/fleet/admin/vehicle/not-a-uuid'],
    ['an id in a nested route', '/fto/binder/5b0b8e4e-4f1e-4f57-9c57-8b1a3b0f6f11/tasksheets/42'],
  ])('shows Page Not Found for %s', async (_what, path) => {
    const page = await signedInPage(founder);
    try {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      expect(await page.getByTestId('error-message').textContent()).toBe(`Page not found: ${path}`);
      expect(new URL(page.url()).pathname).toBe(path);
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await expectPath(page, '/');
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('collects uncaught errors and unhandled rejections and lets code push and read entries', async () => {
    const page = await newPage();
    try {
      await page.goto('/');
      await page.locator('h1').first().waitFor();
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('boom from a timer');
        });
        void Promise.reject(new Error('nobody caught this'));
        window.__precinctErrors?.push('pushed by a test');
      });
      await expect
        .poll(() => page.evaluate(() => window.__precinctErrors?.entries() ?? []))
        .toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^Uncaught Error: boom from a timer at .*:\d+:\d+$|^boom from a timer at .*:\d+:\d+$/),
            'Promise Rejection: Error: nobody caught this',
            'pushed by a test',
          ]),
        );
    } finally {
      await page.context().close();
    }
  });
});

describe('new deployments and failed loads', () => {
  it('offers a reload when builds/latest.json names another build, checked when the tab regains focus', async () => {
    const page = await newPage();
    try {
      let latest = { id: 'whatever-is-running', built_at: '2026-01-01T00:00:00Z' };
      let reads = 0;
      await page.route('**/builds/latest.json', async (route) => {
        reads += 1;
        await route.fulfill({ json: latest });
      });
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign in to Precinct' }).waitFor();
      latest = { id: 'a-newer-build', built_at: '2026-11-22T12:00:00Z' };
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await page.getByText('A new version of Precinct is ready').waitFor();
      await page.getByRole('button', { name: 'Reload' }).waitFor();
      expect(reads).toBeGreaterThan(0);
    } finally {
      await page.context().close();
    }
  });

  it('reloads once when a screen’s file fails to load, then shows the error page instead of reloading again', async () => {
    const page = await newPage();
    try {
      let loads = 0;
      page.on('load', () => (loads += 1));
      await page.route(/\/assets\/forgot-password-screen-[^/]+\.js$/, (route) => route.abort());
      await page.goto('/forgotpassword');
      await page.getByRole('heading', { name: 'Internal Server Error' }).waitFor();
      expect(loads).toBe(2);
      await page.getByText('Part of Precinct could not be loaded').waitFor();
    } finally {
      await page.context().close();
    }
  });
});
