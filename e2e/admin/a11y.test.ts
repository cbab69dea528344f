/**
 * axe-core finds no serious or critical violation on any admin screen, in light and dark, and every
 * admin screen fits a 360 px wide phone without the page scrolling sideways (wide tables scroll in
 * their own box).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, Page as ApiPage } from '../../core/contracts/admin.ts';
import { newPage } from '../support/browser.ts';
import {
  agencyWithAdmin,
  api,
  createRole,
  expectAxeCleanInBothThemes,
  signInWithSession,
  walkScreens,
  type Person,
  type WalkedScreen,
} from './support.ts';

let admin: Person;
let roleId: string;
let adminId: string;

beforeAll(async () => {
  admin = await agencyWithAdmin('axe');
  roleId = await createRole(admin.session, 'Evidence Technician', ['reports:editor', 'reports:templates.use', 'fleet:squadcheck.submit']);
  // Some audit entries with before and after to show.
  const users = await api<ApiPage<AdminUser>>(admin.session, 'GET', '/rest/v1/admin/users');
  adminId = users.items[0]!.id;
  await api(admin.session, 'PUT', '/rest/v1/admin/modules/citations', { enabled: false });
  await api(admin.session, 'PUT', '/rest/v1/admin/modules/citations', { enabled: true });
});

const SCREENS: WalkedScreen[] = [
  { path: '/admin', heading: 'Admin' },
  {
    path: '/admin?tab=audit',
    heading: 'Admin',
    open: async (page) => {
      await page.getByRole('table', { name: 'Audit log' }).getByRole('button').first().click();
    },
  },
  { path: '/admin/users', heading: 'Users' },
  {
    path: '/admin/users?user=ADMIN_ID',
    heading: 'Users',
    // The drawer with its signed-in sessions and "Explain access" loaded.
    open: async (page) => {
      await page.getByRole('button', { name: 'Save changes' }).waitFor();
      await page.getByTestId('user-session').first().waitFor();
      await page.getByTestId('explain-access').getByTestId('screen-access').first().waitFor();
    },
  },
  {
    path: '/admin/users',
    heading: 'Users',
    open: async (page) => void (await page.getByRole('button', { name: 'Invite a person' }).click()),
  },
  { path: '/admin/users', heading: 'Users', open: async (page) => void (await page.getByRole('button', { name: 'Import CSV' }).click()) },
  { path: '/admin/access', heading: 'Access' },
  {
    path: '/admin/access',
    heading: 'Access',
    open: async (page) => void (await page.getByRole('tab', { name: 'Permissions matrix' }).click()),
  },
  { path: '/admin/access/roles/ROLE_ID', heading: 'Evidence Technician' },
  { path: '/admin/modules', heading: 'Modules' },
  { path: '/admin/modules/agency', heading: 'Agency profile' },
  { path: '/admin/modules/citations', heading: 'Citations settings' },
  { path: '/admin/modules/reports', heading: 'Reports settings' },
  { path: '/admin/modules/productivity', heading: 'Productivity settings' },
  { path: '/admin/modules/schedule', heading: 'Scheduling settings' },
  { path: '/admin/modules/schedule/schedules', heading: 'Scheduling: Schedules' },
  { path: '/admin/modules/schedule/groups', heading: 'Scheduling: Groups' },
  { path: '/admin/modules/schedule/assignments', heading: 'Scheduling: Assignments' },
  { path: '/admin/modules/fleet', heading: 'Fleet settings' },
  { path: '/admin/modules/fto', heading: 'Field Training settings' },
];

function resolve(screens: WalkedScreen[]): WalkedScreen[] {
  return screens.map((screen) => ({ ...screen, path: screen.path.replace('ROLE_ID', roleId).replace('ADMIN_ID', adminId) }));
}

describe('the admin screens in the light and dark themes', () => {
  // Each screen is opened once and checked in both themes (the device's preference switched between the two).
  it('have no serious or critical axe violation', async () => {
    const page = await newPage({ colorScheme: 'light' });
    try {
      await signInWithSession(page, admin.session);
      await walkScreens(page, resolve(SCREENS), () => expectAxeCleanInBothThemes(page));
    } finally {
      await page.context().close();
    }
  }, 300_000);
});

describe('the admin screens on a 360 px wide phone', () => {
  it('fit the width: the page itself never scrolls sideways', async () => {
    const page = await newPage({ viewport: { width: 360, height: 740 } });
    try {
      await signInWithSession(page, admin.session);
      await walkScreens(page, resolve(SCREENS.filter((s) => !s.open)), async () => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
      });
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
