/**
 * Work orders as the fleet office keeps them (issue 22, point 4): the fleet manager opens a request,
 * records parts and labour and sees the totals with tax as they type, attaches the vendor's invoice
 * (with its upload's progress), completes the request and finds the cost on the vehicle's page.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceRequest, Vehicle, WorkOrder } from '../../core/contracts/fleet.ts';
import { textPdf } from '../../server/platform/sample-images.ts';
import { agencyWithAdmin, api, expectAxeCleanInBothThemes, settled, signInWithSession, type Person } from '../admin/support.ts';
import { newPage } from '../support/browser.ts';
import { attemptTag } from '../support/names.ts';

let manager: Person;
let vehicle: Vehicle;
let tires: ServiceRequest;
let brakes: ServiceRequest;

const created = <T>(path: string, body: unknown) => api<T>(manager.session, 'POST', path, body, { 'idempotency-key': randomUUID() });
const report = (description: string) =>
  created<ServiceRequest>('/rest/v1/fleet/service-requests', { vehicle_id: vehicle.id, category: 'tires', description, drivable: true });
const car = (unit: string) =>
  created<Vehicle>('/rest/v1/fleet/admin/vehicles', {
    unit_number: unit,
    vehicle_type: 'patrol',
    make: 'Ford',
    model: 'Police Interceptor Utility',
    year: 2024,
    odometer: 31000,
  });

beforeAll(async () => {
  manager = await agencyWithAdmin('workorders');
  await api(manager.session, 'PUT', '/rest/v1/fleet/admin/settings', { work_order_tax_rate: 8.25 });
  await created('/rest/v1/fleet/admin/vendors', { name: 'City Tire & Auto' });
  vehicle = await car('WO-7');
  brakes = await report('Brakes squeal when stopping');
}, 120_000);

describe('work orders', () => {
  it('records parts and labour with the totals shown as typed, attaches the invoice with its progress, and puts the cost on the vehicle', async () => {
    // A car and a request of this attempt's own (the phone test reads them): a retry finds the first attempt's
    // work order on its request and its cost on its car.
    vehicle = await car(`WO-7-${attemptTag().toUpperCase()}`);
    tires = await report('Front tires worn to the wear bars');
    const page = await newPage();
    try {
      await signInWithSession(page, manager.session);
      await page.goto(`/fleet/admin/servicerequest?request=${tires.id}`);
      const drawer = page.getByRole('dialog', { name: `Service request #${tires.number}` });
      await drawer.getByRole('button', { name: 'Start a work order' }).click();
      const vendor = drawer.getByLabel('Vendor', { exact: true }).first();
      await vendor.click();
      await vendor.fill('City Tire');
      await page.getByRole('option', { name: 'City Tire & Auto' }).click();
      expect(await drawer.getByRole('textbox', { name: 'Tax rate (%)' }).inputValue()).toBe('8.25');

      await drawer.getByRole('button', { name: 'Add part' }).click();
      const part = drawer.getByRole('group', { name: 'Part 1' });
      await part.getByRole('textbox', { name: 'Part', exact: true }).fill('Pursuit tire 245/55R18');
      await part.getByRole('textbox', { name: 'Quantity' }).fill('2');
      await part.getByRole('textbox', { name: 'Unit cost ($)' }).fill('184.50');
      await part.getByText('$369.00').waitFor();
      await drawer.getByRole('button', { name: 'Add labour' }).click();
      const labour = drawer.getByRole('group', { name: 'Labour 1' });
      await labour.getByRole('textbox', { name: 'Work done' }).fill('Mount and balance');
      await labour.getByRole('textbox', { name: 'Hours' }).fill('1.5');
      await labour.getByRole('textbox', { name: 'Rate per hour ($)' }).fill('95');
      // 8.25 % of the parts' $369.00 is $30.44; labour is not taxed unless asked.
      const totals = drawer.getByTestId('work-order-totals');
      await expect.poll(() => totals.innerText()).toMatch(/Subtotal\s+\$511\.50[\s\S]*\$30\.44[\s\S]*Total\s+\$541\.94/);

      // The invoice shows its progress while the upload is under way (held back here so it can be seen).
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/storage/v1/object?**', async (route) => {
        await held;
        await route.continue();
      });
      await drawer
        .locator('input[type="file"]')
        .setInputFiles({ name: 'Invoice 88213.pdf', mimeType: 'application/pdf', buffer: textPdf('Invoice 88213', ['Two tires']) });
      await drawer.getByRole('progressbar', { name: 'Uploading Invoice 88213.pdf' }).waitFor({ state: 'attached' });
      await drawer
        .getByRole('status')
        .filter({ hasText: /^Uploading… \d+%$/ })
        .waitFor();
      release();
      await drawer.getByRole('button', { name: 'Download Invoice 88213.pdf' }).waitFor();
      await page.unroute('**/storage/v1/object?**');

      await drawer.getByRole('button', { name: 'Save work order' }).click();
      await drawer.getByRole('heading', { name: /^Work order WO-\d+$/ }).waitFor();
      const saved = (await api<ServiceRequest>(manager.session, 'GET', `/rest/v1/fleet/service-requests/${tires.id}`)).work_order!;
      expect(saved.total_cents).toBe(54_194);
      const order = await api<WorkOrder>(manager.session, 'GET', `/rest/v1/fleet/admin/work-orders/${saved.id}`);
      expect(order.attachments.map((file) => file.name)).toEqual(['Invoice 88213.pdf']);
      await settled(page);
      await expectAxeCleanInBothThemes(page);

      // Completing the request records the work order's total as its cost.
      await drawer.locator('label', { hasText: /^Complete$/ }).click();
      await drawer.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(`Request #${tires.number} is completed.`).waitFor();
      await drawer.getByText(`Cost: $541.94, the total of work order WO-${saved.number} (below).`).waitFor();

      await page.goto(`/fleet/admin/vehicle/${vehicle.id}`);
      await expect.poll(() => page.getByTestId('vehicle-cost-to-date').innerText()).toBe('$541.94');
      const costs = page.getByRole('region', { name: 'Costs' });
      await costs.getByText(`WO-${saved.number} · request #${tires.number}`).waitFor();
      await page
        .getByRole('region', { name: 'Timeline' })
        .getByText(`Work order WO-${saved.number} for request #${tires.number}`, { exact: false })
        .waitFor();
      await settled(page);
      await expectAxeCleanInBothThemes(page);
    } finally {
      await page.context().close();
    }
  });

  it('flags every bad field of the work order at once and saves nothing', async () => {
    const page = await newPage();
    try {
      await signInWithSession(page, manager.session);
      await page.goto(`/fleet/admin/servicerequest?request=${brakes.id}`);
      const drawer = page.getByRole('dialog', { name: `Service request #${brakes.number}` });
      await drawer.getByRole('button', { name: 'Start a work order' }).click();
      await drawer.getByRole('button', { name: 'Add part' }).click();
      await drawer.getByRole('group', { name: 'Part 1' }).getByRole('textbox', { name: 'Unit cost ($)' }).fill('twelve');
      await drawer.getByRole('button', { name: 'Add labour' }).click();
      const labour = drawer.getByRole('group', { name: 'Labour 1' });
      await labour.getByRole('textbox', { name: 'Work done' }).fill('Inspect brakes');
      await labour.getByRole('textbox', { name: 'Hours' }).fill('-1');
      await labour.getByRole('textbox', { name: 'Rate per hour ($)' }).fill('95');
      await drawer.getByRole('textbox', { name: 'Tax rate (%)' }).fill('');
      await drawer.getByRole('button', { name: 'Save work order' }).click();

      const part = drawer.getByRole('group', { name: 'Part 1' });
      await part.getByText('Describe the part or the work').waitFor();
      await part.getByText('Enter the cost in dollars, e.g. 12.50').waitFor();
      await labour.getByText('Enter a number above 0').waitFor();
      await drawer.getByText('Enter the tax rate in per cent, e.g. 8.25').waitFor();
      expect((await api<ServiceRequest>(manager.session, 'GET', `/rest/v1/fleet/service-requests/${brakes.id}`)).work_order).toBeNull();
    } finally {
      await page.context().close();
    }
  });

  it('fits a phone: the work order and the vehicle’s costs at 360 px, nothing wider than the screen', async () => {
    const page = await newPage({ viewport: { width: 360, height: 740 } });
    try {
      await signInWithSession(page, manager.session);
      await page.goto(`/fleet/admin/servicerequest?request=${tires.id}`);
      const drawer = page.getByRole('dialog', { name: `Service request #${tires.number}` });
      await drawer.getByRole('group', { name: 'Labour 1' }).getByRole('textbox', { name: 'Hours' }).waitFor();
      const drawerOverflow = await drawer.evaluate((element) => {
        const body = element.querySelector('.mantine-Drawer-body') ?? element;
        return body.scrollWidth - body.clientWidth;
      });
      expect(drawerOverflow, `${drawerOverflow}px wider than the drawer`).toBeLessThanOrEqual(0);
      await page.goto(`/fleet/admin/vehicle/${vehicle.id}`);
      await page.getByTestId('vehicle-cost-to-date').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
    } finally {
      await page.context().close();
    }
  });
});
