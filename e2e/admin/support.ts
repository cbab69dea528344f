/**
 * Helpers of the admin browser tests: the admin API driven directly (roles with exact permission
 * sets, invitations accepted through the e-mailed link and the sign-up API). Signing a browser in
 * with a session the API gave is e2e/support/session.ts's signInWithSession, re-exported here.
 *
 *   const admin = await agencyWithAdmin('chief');
 *   const roleId = await createRole(admin.session, 'Fleet only', ['fleet:admin']);
 *   const officer = await inviteAndAccept(admin.session, { name: 'Ofc Lee', roleIds: [roleId], accountType: 'full' });
 *   const page = await newPage();
 *   await signInWithSession(page, officer.session);
 */
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { AdminUser, Role, RoleDetail } from '../../core/contracts/admin.ts';
import type { Session } from '../../core/contracts/auth.ts';
import { signUpAgencyViaApi, uniqueEmail } from '../support/accounts.ts';
import { expectNoSeriousAxeViolations, newPage, openInApp } from '../support/browser.ts';
import { waitForMail } from '../support/mail.ts';
import { signInViaApi as passwordSignIn, signInWithSession } from '../support/session.ts';

export { signInWithSession } from '../support/session.ts';

export const PASSWORD = 'correct horse battery staple 42';

export type Person = { email: string; password: string; name: string; session: Session };

export async function callApi<T = unknown>(
  session: Session | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${inject('baseUrl')}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(session ? { authorization: `Bearer ${session.access_token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Like callApi, but fails the test unless the answer is 2xx. */
export async function api<T = unknown>(
  session: Session | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const answer = await callApi<T>(session, method, path, body, headers);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export async function signInViaApi(email: string, password: string = PASSWORD): Promise<Session> {
  return passwordSignIn(email, password);
}

/** A new agency and its founder, who is its administrator; signed in by password (so last sign-in is set). */
export async function agencyWithAdmin(prefix = 'chief'): Promise<Person & { agencyName: string }> {
  const email = uniqueEmail(prefix);
  const agencyName = `Admin Test PD ${Date.now().toString(36)}`;
  await signUpAgencyViaApi({ email, password: PASSWORD, name: 'Pat Chief', agencyName });
  return { email, password: PASSWORD, name: 'Pat Chief', agencyName, session: await signInViaApi(email) };
}

/** A role with exactly these permissions. */
export async function createRole(admin: Session, name: string, permissions: string[]): Promise<string> {
  const role = await api<RoleDetail>(admin, 'POST', '/rest/v1/admin/roles', { name, permissions });
  expect([...role.permissions].sort()).toEqual([...new Set(permissions)].sort());
  return role.id;
}

export async function roleIdByName(admin: Session, name: string): Promise<string> {
  const roles = await api<Role[]>(admin, 'GET', '/rest/v1/admin/roles');
  const role = roles.find((candidate) => candidate.name === name);
  if (!role) throw new Error(`No role named ${name}`);
  return role.id;
}

/** The invitation token of the newest invitation mail to `email` received since `since`. */
export async function invitationLink(email: string, since: Date): Promise<string> {
  const mail = await waitForMail({ to: email, since, subject: /invited/i });
  const link = mail.links.find((candidate) => new URL(candidate).searchParams.has('invitation'));
  if (!link) throw new Error(`The invitation mail to ${email} ("${mail.subject}") has no /signup?invitation= link:\n${mail.text}`);
  return link;
}

/**
 * Invites a person through the admin API, then accepts the invitation the way the e-mailed link
 * does: the token from the mail, POST /auth/v1/signup. Returns them signed in.
 */
export async function inviteAndAccept(
  admin: Session,
  options: { name: string; roleIds: string[]; accountType: 'limited' | 'full'; prefix?: string },
): Promise<Person & { id: string }> {
  const email = uniqueEmail(options.prefix ?? 'officer');
  const since = new Date();
  const invited = await api<AdminUser>(admin, 'POST', '/rest/v1/admin/users', {
    email,
    name: options.name,
    account_type: options.accountType,
    role_ids: options.roleIds,
  });
  const token = new URL(await invitationLink(email, since)).searchParams.get('invitation');
  const result = await api<{ session: Session | null }>(null, 'POST', '/auth/v1/signup', {
    email,
    password: PASSWORD,
    name: options.name,
    invitation_token: token,
  });
  if (!result.session) throw new Error(`Accepting the invitation of ${email} gave no session`);
  return { id: invited.id, email, password: PASSWORD, name: options.name, session: result.session };
}

/** Waits until the page's path and query are `expected` (the query's spaces written as +). */
export async function expectPath(page: Page, expected: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname + url.search === expected, { timeout });
  } catch (error) {
    const url = new URL(page.url());
    throw new Error(`Expected ${expected}, but the page is at ${url.pathname + url.search}`, { cause: error });
  }
}

/** Where the module guard sends a blocked navigation. */
export function disabledPath(displayName: string): string {
  return `/disabled?module=${encodeURIComponent(displayName).replace(/%20/g, '+')}`;
}

/** Where a module route leads while its screens are not built yet: the guard let the user through. */
export function comingSoonPath(label: string): string {
  return `/comingsoon?module=${encodeURIComponent(label).replace(/%20/g, '+')}`;
}

/** Waits for every "Loading…" status of the page to be gone (the screen shows its data, empty state or error). */
export async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(
    () => ![...document.querySelectorAll('[role="status"]')].some((el) => /Loading|Reading/.test(el.textContent ?? '')),
    undefined,
    { timeout: 15_000 },
  );
}

/** A screen of a walk: where it is, its level-1 heading, and what to open on it before the check (a dialog, a drawer, a tab). */
export interface WalkedScreen {
  path: string;
  heading: string | RegExp;
  open?: (page: Page) => Promise<void>;
}

/**
 * Opens each screen in turn in the one signed-in `page` and runs `check` on it once it has settled
 * (and what `open` opens is open): the first by its URL, the rest as the app's links do, without a
 * page load, which is most of what a screen costs to open. What `open` opened is closed with Escape before the next screen.
 * A failed check names the screen.
 */
export async function walkScreens(page: Page, screens: WalkedScreen[], check: (screen: WalkedScreen) => Promise<void>): Promise<void> {
  for (const [index, screen] of screens.entries()) {
    if (index === 0) await page.goto(screen.path);
    else await openInApp(page, screen.path);
    await page.getByRole('heading', { name: screen.heading, level: 1 }).first().waitFor();
    await settled(page);
    if (screen.open) await screen.open(page);
    try {
      await check(screen);
    } catch (error) {
      throw new Error(`${screen.path}${screen.open ? ' (with its dialog or panel open)' : ''}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (screen.open) {
      await page.keyboard.press('Escape');
      await page.locator('[role="dialog"]').first().waitFor({ state: 'detached' });
    }
  }
}

/** Waits until the app shows `colorScheme`: the root's class `dark` and Mantine's attribute. */
export async function expectTheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.waitForFunction(
    (dark) =>
      document.documentElement.classList.contains('dark') === dark &&
      document.documentElement.getAttribute('data-mantine-color-scheme') === (dark ? 'dark' : 'light'),
    colorScheme === 'dark',
    { timeout: 10_000 },
  );
}

/**
 * The axe check in both themes without leaving the screen: checks it in the theme the page shows, then
 * switches the device's preference to the other theme (the app follows it live, through Mantine's
 * colour-scheme hooks, which every part of the app that reads the scheme uses), waits for the root to
 * show it, and checks again. The page stays in the second theme, so a walk alternates the order and
 * switches once a screen. A failure names the theme.
 */
export async function expectAxeCleanInBothThemes(page: Page): Promise<void> {
  const shown = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  const first = shown === 'dark' ? 'dark' : 'light';
  for (const colorScheme of [first, first === 'dark' ? 'light' : 'dark'] as const) {
    try {
      if (colorScheme !== first) await page.emulateMedia({ colorScheme });
      await expectTheme(page, colorScheme);
      await expectNoSeriousAxeViolations(page);
    } catch (error) {
      throw new Error(`in the ${colorScheme} theme: ${(error as Error).message}`, { cause: error });
    }
  }
}

/**
 * The axe check of a module's screens in light and dark: for each person, one page signed in with their
 * session that walks their screens in the app (walkScreens) and checks each in both themes
 * (expectAxeCleanInBothThemes): a screen is opened once for its two checks, and a person's screens
 * cost one page load. A failure names the person, the screen and the theme.
 */
export async function expectScreensAxeClean(
  walks: ReadonlyArray<readonly [Pick<Person, 'name' | 'session'>, WalkedScreen[]]>,
): Promise<void> {
  for (const [person, walk] of walks) {
    const page = await newPage({ colorScheme: 'light' });
    try {
      await signInWithSession(page, person.session);
      await walkScreens(page, walk, () => expectAxeCleanInBothThemes(page));
    } catch (error) {
      throw new Error(`as ${person.name}: ${(error as Error).message}`, { cause: error });
    } finally {
      await page.context().close();
    }
  }
}
