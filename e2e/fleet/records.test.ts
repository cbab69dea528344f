/**
 * Basic fleet records in Chromium (issue 22, point 5): an officer logs fuel from a 360 px phone, also
 * with no connection (the fill waits in the outbox and reaches the server once); the fleet office adds a
 * vendor, finds the outlier in the fuel log, sets a car's papers and sees them on the dashboard, and reads
 * the report's charts with their tables. Set-up goes through the API; axe in both themes.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page as ApiPage } from '../../core/contracts/admin.ts';
import type { Vehicle } from '../../core/contracts/fleet.ts';
import type { FuelEntry, Vendor } from '../../core/contracts/fleet-records.ts';
import { agencyWithAdmin, api, expectAxeCleanInBothThemes, settled, signInWithSession, type Person } from '../admin/support.ts';
import { newPage } from '../support/browser.ts';
import { attemptTag } from '../support/names.ts';

let chief: Person;
let car: Vehicle;

const created = <T>(path: string, body: unknown) => api<T>(chief.session, 'POST', path, body, { 'idempotency-key': randomUUID() });
const fuelOfCar = async () =>
  (await api<ApiPage<FuelEntry>>(chief.session, 'GET', `/rest/v1/fleet/admin/fuel?vehicle_id=${car.id}&page_size=200`)).items;

beforeAll(async () => {
  chief = await agencyWithAdmin('records');
  car = await created<Vehicle>('/rest/v1/fleet/admin/vehicles', {
    unit_number: 'F-12',
    vehicle_type: 'patrol',
    make: 'Ford',
    model: 'Police Interceptor Utility',
    year: 2024,
    odometer: 40_000,
  });
  await created<Vendor>('/rest/v1/fleet/admin/vendors', { name: 'Riverside Fuel Depot' });
  // Three weeks of fills at about 20 mpg, and one that is far off (typed against the wrong car).
  const day = 86_400_000;
  const fills = [
    [40_300, 15],
    [40_600, 15],
    [40_900, 15],
    [41_000, 15],
  ] as const;
  for (const [index, [odometer, gallons]] of fills.entries())
    await created('/rest/v1/fleet/fuel', {
      vehicle_id: car.id,
      filled_at: new Date(Date.now() - (20 - index * 5) * day).toISOString(),
      quantity: gallons,
      total_cents: gallons * 349,
      odometer,
      full_tank: true,
    });
}, 120_000);

const sections = (page: Page) => page.getByRole('navigation', { name: 'Fleet office sections' });

async function phone(path: string): Promise<Page> {
  const page = await newPage({ viewport: { width: 360, height: 800 }, serviceWorker: true });
  await signInWithSession(page, chief.session);
  await page.goto(path);
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });
  await settled(page);
  return page;
}

async function fillTheForm(page: Page, values: { quantity: string; total: string; odometer: string }) {
  const picked = page.getByRole('button', { name: /^Unit F-12/ });
  if ((await picked.count()) > 0) await picked.click();
  await page.getByRole('textbox', { name: /Quantity \(US gallons\)/ }).fill(values.quantity);
  await page.getByRole('textbox', { name: /Total cost \(dollars\)/ }).fill(values.total);
  await page.getByRole('textbox', { name: /Odometer \(miles\)/ }).fill(values.odometer);
}

describe('basic fleet records', () => {
  it('lets an officer log fuel on a 360 px phone, online and then with no connection, each fill reaching the server once', async () => {
    // Readings above the car's odometer now: a retry finds the first attempt's fills, which moved it on.
    const start = (await api<Vehicle>(chief.session, 'GET', `/rest/v1/fleet/admin/vehicles/${car.id}`)).odometer;
    const [online, offline] = [start + 300, start + 600];
    const page = await phone('/fleet');
    try {
      await page.getByRole('link', { name: 'Log fuel' }).click();
      await page.getByRole('heading', { name: 'Log fuel', level: 1 }).waitFor();
      // Every missing field is named at once.
      await page.getByRole('button', { name: 'Log the fill-up' }).click();
      await page.getByText('Pick the vehicle').waitFor();
      await page.getByText('Enter how much fuel, e.g. 12.5').waitFor();
      await page.getByText('Enter the odometer reading').waitFor();
      await fillTheForm(page, { quantity: '14.5', total: '50.61', odometer: String(online) });
      await page.getByRole('button', { name: 'Log the fill-up' }).click();
      await page.getByText('Fuel logged').waitFor();
      await expect.poll(async () => (await fuelOfCar()).some((entry) => entry.odometer === online)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await settled(page);
      await expectAxeCleanInBothThemes(page);

      await page.context().setOffline(true);
      await fillTheForm(page, { quantity: '15', total: '52.35', odometer: String(offline) });
      await page.getByRole('button', { name: 'Log the fill-up' }).click();
      await page.getByText('Saved on this device; it will be sent when you are back online.', { exact: false }).waitFor();
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor();
      expect((await fuelOfCar()).filter((entry) => entry.odometer === offline)).toHaveLength(0);
      await page.context().setOffline(false);
      await page.getByRole('button', { name: '1 waiting to send' }).waitFor({ state: 'detached' });
      await expect.poll(async () => (await fuelOfCar()).filter((entry) => entry.odometer === offline).length).toBe(1);
    } finally {
      await page.context().close();
    }
  });

  it('lets the fleet office add a vendor, see the fuel outlier with its reason, keep a car’s papers, and read the report as charts and tables', async () => {
    // A name of this attempt's own: a retry finds the first attempt's vendor on the list.
    const vendorName = `Main Street Collision ${attemptTag()}`;
    const page = await newPage();
    try {
      await signInWithSession(page, chief.session);
      await page.goto('/fleet/admin/vendors');
      await page.getByRole('heading', { name: 'Vendors', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Add a vendor' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a vendor' });
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill('not an address');
      await dialog.getByRole('button', { name: 'Add the vendor' }).click();
      await dialog.getByText('Give it a name').waitFor();
      await dialog.getByText('Enter an e-mail address like shop@example.com').waitFor();
      await dialog.getByRole('textbox', { name: 'Name' }).fill(vendorName);
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill('shop@mainstreet.example');
      await dialog.getByRole('button', { name: 'Add the vendor' }).click();
      await page.getByTestId('vendor-row').filter({ hasText: vendorName }).waitFor();
      await settled(page);
      await expectAxeCleanInBothThemes(page);

      await sections(page).getByRole('link', { name: 'Fuel', exact: true }).click();
      await page.getByRole('heading', { name: 'Fuel', level: 1 }).waitFor();
      await page.locator('label', { hasText: /^Outliers$/ }).click();
      await page.getByTestId('fuel-outlier').first().waitFor();
      expect(await page.getByTestId('fuel-outlier').first().innerText()).toMatch(/6\.7 mpg is \d+ % of this vehicle's median 20 mpg/);
      await settled(page);
      await expectAxeCleanInBothThemes(page);

      // The car's papers are set on its page, where its cost of ownership is too.
      const today = new Date().toISOString().slice(0, 10);
      await page.goto(`/fleet/admin/vehicle/${car.id}`);
      const papers = page.getByRole('region', { name: 'Papers' });
      await papers.getByLabel('Registration valid until').fill(today);
      await papers.getByRole('button', { name: 'Save the papers' }).click();
      await page.getByText('The papers of unit F-12 are up to date.').waitFor();
      const ownership = page.getByRole('region', { name: 'Cost of ownership' });
      await expect.poll(() => ownership.getByTestId('cost-of-ownership').innerText()).toMatch(/Fuel\s+\$\d/);
      await settled(page);
      await expectAxeCleanInBothThemes(page);
      await sections(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
      const documents = page.getByRole('region', { name: 'Documents expiring' });
      await documents.getByText('F-12').waitFor();
      await documents.getByText('Registration').waitFor();

      await sections(page).getByRole('link', { name: 'Reports', exact: true }).click();
      await page.getByRole('heading', { name: 'Fleet report', level: 1 }).waitFor();
      const costs = page.getByRole('region', { name: 'Cost by category and month' });
      await costs.getByRole('columnheader', { name: 'Fuel' }).waitFor();
      await costs.locator('.recharts-surface').first().waitFor();
      const checks = page.getByRole('region', { name: 'Squad checks completed and due per week' });
      await checks.getByRole('columnheader', { name: 'Completed' }).waitFor();
      const download = page.waitForEvent('download');
      await costs.getByRole('button', { name: 'Download cost by category and month as CSV' }).click();
      expect((await download).suggestedFilename()).toMatch(/^fleet-costs-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
      await settled(page);
      await expectAxeCleanInBothThemes(page);
    } finally {
      await page.context().close();
    }
  });
});
