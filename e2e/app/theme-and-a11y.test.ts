import { beforeAll, describe, expect, it } from 'vitest';
import { expectAxeCleanInBothThemes, walkScreens, type WalkedScreen } from '../admin/support.ts';
import { newPage, openInApp } from '../support/browser.ts';
import { signedInPage, signInViaApi } from '../support/session.ts';
import { expectPath, founderViaApi, signInThroughForm, type Account } from './flows.ts';

let founder: Account;

beforeAll(async () => {
  founder = await founderViaApi('theme');
});

describe('the theme', () => {
  it('is dark before the app starts when the operating system prefers dark', async () => {
    const page = await newPage({ colorScheme: 'dark' });
    try {
      // Blocking the app's module script shows what the page looks like before it runs.
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    } finally {
      await page.context().close();
    }
  });

  it('stays light when the operating system prefers light, and dark is kept on the root once the app runs', async () => {
    const light = await newPage({ colorScheme: 'light' });
    const dark = await newPage({ colorScheme: 'dark' });
    try {
      await light.goto('/login');
      await light.getByRole('heading', { name: 'Sign in to Precinct' }).waitFor();
      expect(await light.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      await dark.goto('/login');
      await dark.getByRole('heading', { name: 'Sign in to Precinct' }).waitFor();
      expect(await dark.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    } finally {
      await light.context().close();
      await dark.context().close();
    }
  });

  it('remembers the chosen theme on the server, so it comes back after sign-out empties the browser', async () => {
    const chooser = await founderViaApi('dark-chooser');
    // Signed in through the API to start with: the sign-in this test is about is the second one.
    // Its own session, not the file's cached one, since the test signs it out.
    const page = await signedInPage(await signInViaApi(chooser.email, chooser.password), { colorScheme: 'light' });
    try {
      await page.goto('/');
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();
      const saved = page.waitForResponse((response) => response.url().endsWith('/auth/v1/user') && response.request().method() === 'PUT');
      await page.getByRole('button', { name: /Change theme/ }).click();
      await page.getByRole('menuitem', { name: /^Dark/ }).click();
      expect((await saved).status()).toBe(200);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await expectPath(page, '/login');
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);

      await signInThroughForm(page, chooser);
      await expectPath(page, '/');
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    } finally {
      await page.context().close();
    }
  });
});

const SIGNED_OUT_SCREENS: WalkedScreen[] = [
  { path: '/', heading: 'The records and rosters of your agency, in one place' },
  { path: '/login', heading: 'Sign in to Precinct' },
  { path: '/signup', heading: 'Create an agency account' },
  { path: '/signup?invitation=not-a-real-invitation', heading: 'This invitation cannot be used' },
  { path: '/confirm', heading: 'This link is incomplete' },
  { path: '/forgotpassword', heading: 'Forgot your password?' },
  { path: '/forgotpassword/update', heading: 'This link is incomplete' },
  { path: '/disabled?module=Fleet+Admin', heading: 'Fleet Admin is not available to you' },
  { path: '/comingsoon', heading: 'Coming soon' },
];

// Each screen (and each open menu) is checked in both themes, the device's preference switched between the two.
describe('accessibility in the light and dark themes', () => {
  it(`finds no serious violation on the signed-out screens: ${SIGNED_OUT_SCREENS.map((screen) => screen.path).join(', ')}`, async () => {
    const page = await newPage({ colorScheme: 'light' });
    try {
      await walkScreens(page, SIGNED_OUT_SCREENS, () => expectAxeCleanInBothThemes(page));
    } finally {
      await page.context().close();
    }
  });

  it('finds no serious violation in the app shell, its menus and the not-found page, at desktop and phone width', async () => {
    const page = await signedInPage(founder, { colorScheme: 'light' });
    try {
      await page.goto('/');
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();
      await expectAxeCleanInBothThemes(page);
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
      await expectAxeCleanInBothThemes(page);
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 360, height: 740 });
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Fleet' }).waitFor();
      await expectAxeCleanInBothThemes(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await openInApp(page, '/no-such-page');
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await expectAxeCleanInBothThemes(page);
    } finally {
      await page.context().close();
    }
  });
});

describe('the sign-up screen on a 360 px wide phone', () => {
  it('fits without sideways scrolling', async () => {
    const page = await newPage({ viewport: { width: 360, height: 740 } });
    try {
      await page.goto('/signup');
      await page.getByRole('heading', { name: 'Create an agency account' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await page.context().close();
    }
  });
});

describe('the keyboard', () => {
  it('signs in with the keyboard alone', async () => {
    const page = await newPage();
    try {
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign in to Precinct' }).waitFor();
      const focused = async () =>
        page.evaluate(() => document.activeElement?.getAttribute('autocomplete') ?? document.activeElement?.textContent ?? '');
      for (let presses = 0; presses < 10 && (await focused()) !== 'username'; presses += 1) await page.keyboard.press('Tab');
      expect(await focused()).toBe('username');
      await page.keyboard.type(founder.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(founder.password);
      await page.keyboard.press('Enter');
      await expectPath(page, '/');
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});
