import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import { signedInPage } from '../support/session.ts';
import { expectPath, founderViaApi, signInThroughForm, type Account } from './flows.ts';

let founder: Account;

beforeAll(async () => {
  founder = await founderViaApi('guard');
});

describe('the sign-in guard', () => {
  it('sends a signed-out visitor to sign in and, afterwards, back to the path first asked for', async () => {
    const page = await newPage();
    try {
      // A query the screen keeps (an unreadable one would be dropped by the route before the guard saves it).
      await page.goto('/fleet/admin/vehicle?sort=odometer#list');
      await expectPath(page, '/login');
      // Polled: the page writes the cookie (document.cookie) and the browser stores it a moment later.
      const saved = async () =>
        decodeURIComponent((await page.context().cookies()).find((cookie) => cookie.name === 'precinct-redirect-path')?.value ?? '');
      await expect.poll(saved).toBe('/fleet/admin/vehicle?sort=odometer#list');

      await signInThroughForm(page, founder);
      await expectPath(page, /^\/fleet\/admin\/vehicle(\?|$)/);
      expect(new URL(page.url()).searchParams.get('sort')).toBe('odometer');
      // Read once, then cleared.
      expect((await page.context().cookies()).some((cookie) => cookie.name === 'precinct-redirect-path')).toBe(false);
    } finally {
      await page.context().close();
    }
  });

  it('takes a visitor who reloads the sign-in page back to the path first asked for once signed in', async () => {
    const page = await newPage();
    try {
      await page.goto('/fleet/admin/vehicle?sort=odometer');
      await expectPath(page, '/login');
      // Loaded afresh without a session, /login is the sign-in page of its own (login.html)…
      await page.reload();
      expect(await startScript(page)).toMatch(/\/assets\/login-/);
      // …which hands over to the app once signed in, without a blank page between them, and the app
      // goes where the visitor was going.
      await page.getByRole('heading', { name: 'Sign in to Precinct' }).waitFor();
      await watchForBlankPage(page);
      await signInThroughForm(page, founder);
      await expectPath(page, /^\/fleet\/admin\/vehicle(\?|$)/);
      expect(new URL(page.url()).searchParams.get('sort')).toBe('odometer');
      await page.getByRole('heading', { name: 'Vehicles' }).first().waitFor();
      expect(await page.evaluate(() => window.__blankPageSeen)).toBe(false);
      // Signed in, the same address is the app's page.
      await page.goto('/login');
      expect(await startScript(page)).toMatch(/\/assets\/index-/);
    } finally {
      await page.context().close();
    }
  });

  it('opens the pages the sign-in page links to in place, and Back returns to the form', async () => {
    const page = await newPage();
    try {
      await page.goto('/login');
      expect(await startScript(page)).toMatch(/\/assets\/login-/);
      await page.getByRole('heading', { name: 'Sign in to Precinct' }).waitFor();
      await watchForBlankPage(page);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await expectPath(page, '/forgotpassword');
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await page.goBack();
      await expectPath(page, '/login');
      await page.getByRole('link', { name: 'Create an agency account' }).click();
      await expectPath(page, '/signup');
      await page.getByRole('heading', { name: 'Create an agency account' }).waitFor();
      // In place: the page was never loaded again, nor blank between the two.
      expect(await startScript(page)).toMatch(/\/assets\/login-/);
      expect(await page.evaluate(() => window.__blankPageSeen)).toBe(false);
    } finally {
      await page.context().close();
    }
  });

  it.each(['/', '/login', '/signup', '/confirm', '/forgotpassword', '/forgotpassword/update', '/comingsoon', '/disabled?module=Fleet'])(
    'lets a signed-out visitor open %s',
    async (path) => {
      const page = await newPage();
      try {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
      } finally {
        await page.context().close();
      }
    },
  );
});

describe('the module and admin guards for an administrator', () => {
  it('lets an administrator of a new agency (every module on) into My tasks', async () => {
    const page = await signedInPage(founder);
    try {
      await page.goto('/productivity');
      await expectPath(page, '/productivity');
      await page.getByRole('heading', { name: 'My tasks', level: 1 }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('lets an administrator of a new agency into the overtime screen and the all-call board', async () => {
    const page = await signedInPage(founder);
    try {
      for (const [path, heading] of [
        ['/schedule/overtime', 'Overtime'],
        ['/schedule/admin/allcall', /all-call/i],
      ] as const) {
        await page.goto(path);
        await expectPath(page, path);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      }
    } finally {
      await page.context().close();
    }
  });

  it('lets an administrator open the schedule assignments settings, which the original left unguarded', async () => {
    const page = await signedInPage(founder);
    try {
      await page.goto('/admin/modules/schedule/assignments');
      await expectPath(page, '/admin/modules/schedule/assignments');
      await page.getByRole('heading', { name: 'Scheduling: Assignments' }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});

describe('opening a page and moving between pages', () => {
  it('draws the first screen of a page load at once, and fades out and in between pages', async () => {
    const page = await signedInPage(founder);
    try {
      // Counts the view transitions the app starts (the out-in fade, global.css).
      await page.addInitScript(() => {
        window.__viewTransitions = 0;
        const start = document.startViewTransition.bind(document);
        document.startViewTransition = (update) => {
          window.__viewTransitions = (window.__viewTransitions ?? 0) + 1;
          return start(update);
        };
      });
      await page.goto('/productivity');
      await page.getByRole('heading', { name: 'My tasks', level: 1 }).waitFor();
      expect(await page.evaluate(() => window.__viewTransitions)).toBe(0);

      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
      await expectPath(page, '/');
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();
      expect(await page.evaluate(() => window.__viewTransitions)).toBe(1);
    } finally {
      await page.context().close();
    }
  });
});

/** The script the page was started with: the app's (index-…) or the sign-in page's (login-…). */
function startScript(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null);
}

declare global {
  interface Window {
    __blankPageSeen?: boolean;
    __viewTransitions?: number;
  }
}

/** Notes in the page whether its root is ever left without content (a frame drawn blank). */
async function watchForBlankPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const root = document.getElementById('root') as HTMLElement;
    window.__blankPageSeen = root.childElementCount === 0;
    new MutationObserver(() => {
      if (root.childElementCount === 0) window.__blankPageSeen = true;
    }).observe(root, { childList: true });
  });
}
