/**
 * Tasks made from where the work shows up, in the browser: "Make a task" on a service request the
 * fleet office works and on a report returned to its author makes a task linked to it, which the
 * record then lists and which opens in productivity; a task made with no connection waits on the
 * device and is made once when the connection returns, and one the server refused then opens again
 * to fix; a list grouped by status shows a folding section per status, and its CSV holds the
 * filtered tasks. Set-up goes through the API.
 */
import { attemptTag } from '../support/names.ts';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceRequest, Vehicle } from '../../core/contracts/fleet.ts';
import type { Space, TaskListSummary, TaskPage, TaskSummary } from '../../core/contracts/productivity.ts';
import type { Report } from '../../core/contracts/reports.ts';
import { emptyReportContent } from '../../core/reports/report-rules.ts';
import { agencyWithAdmin, api, expectAxeCleanInBothThemes, inviteAndAccept, roleIdByName, type Person } from '../admin/support.ts';
import { openAs, PHONE } from '../schedule/support.ts';
import { created, ifMatch, newList, newSpace, newTask } from './support.ts';

let admin: Person;
let officer: Person & { id: string };
let space: Space;
let list: TaskListSummary;

const linked = (kind: string, recordId: string) =>
  api<TaskSummary[]>(admin.session, 'GET', `/rest/v1/productivity/linked?kind=${kind}&record_id=${recordId}`);
const tasksTitled = async (title: string) =>
  (await api<TaskPage>(admin.session, 'GET', `/rest/v1/productivity/lists/${list.id}/tasks?q=${encodeURIComponent(title)}`)).items;

beforeAll(async () => {
  admin = await agencyWithAdmin('maketask');
  officer = await inviteAndAccept(admin.session, {
    name: 'Sam Patel',
    roleIds: [await roleIdByName(admin.session, 'Officer')],
    accountType: 'full',
    prefix: 'officer',
  });
  space = await newSpace(admin.session, { name: 'Day shift', member_ids: [officer.id] });
  list = await newList(admin.session, space.id, 'Follow-ups');
}, 120_000);

describe('a task made from another module’s record', () => {
  it('makes a task from a service request the fleet office works, which the request then lists and which opens in productivity', async () => {
    // A unit number of this attempt's own: a retry finds the first attempt's car, and unit numbers are unique.
    const car = await api<Vehicle>(admin.session, 'POST', '/rest/v1/fleet/admin/vehicles', {
      unit_number: `P-214-${attemptTag()}`,
      vehicle_type: 'patrol',
      make: 'Ford',
      model: 'Explorer',
      year: 2024,
      odometer: 31_000,
    });
    const request = await api<ServiceRequest>(admin.session, 'POST', '/rest/v1/fleet/service-requests', {
      vehicle_id: car.id,
      category: 'brakes',
      description: 'Brakes squeal when stopping',
      drivable: true,
    });
    const page = await openAs(admin, `/fleet/admin/servicerequest?request=${request.id}`);
    try {
      const drawer = page.getByRole('dialog', { name: `Service request #${request.number}` });
      const tasks = drawer.getByRole('region', { name: 'Tasks' });
      await tasks.getByText('No task is linked to this yet.').waitFor();
      await tasks.getByRole('button', { name: 'Make a task' }).click();
      const form = page.getByRole('dialog', { name: 'New task' });
      const title = `Service request: #${request.number} ${car.unit_number}, Brakes squeal when stopping`;
      expect(await form.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(title);
      await form.getByText(`Service request #${request.number} (${car.unit_number})`).waitFor();
      await form.getByRole('combobox', { name: 'List', exact: true }).and(page.locator('[value="Follow-ups"]')).waitFor();
      await expectAxeCleanInBothThemes(page);
      // The space and the list are the person's to choose.
      await form.getByRole('combobox', { name: 'Space', exact: true }).click();
      await page.getByRole('option', { name: 'Day shift' }).click();
      await form.getByRole('combobox', { name: 'List', exact: true }).click();
      await page.getByRole('option', { name: 'Follow-ups' }).click();
      await form.getByRole('button', { name: 'Create the task' }).click();
      await form.waitFor({ state: 'detached' });

      const link = tasks.getByRole('link', { name: title });
      await link.waitFor();
      await tasks.getByText('To do').waitFor();
      expect((await linked('service_request', request.id)).map((t) => t.title)).toEqual([title]);
      await expectAxeCleanInBothThemes(page);
      await link.click();
      await page.waitForURL(/\/productivity\?task=/);
      await page.getByRole('dialog', { name: title }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('makes a task from a report returned to its author, who then sees it listed on the report, and another with the link taken off', async () => {
    const draft = await api<Report>(officer.session, 'POST', '/rest/v1/reports/reports', { type_key: 'incident' }, created());
    const submitted = await api<Report>(
      officer.session,
      'POST',
      `/rest/v1/reports/reports/${draft.id}/submit`,
      {
        ...emptyReportContent(),
        occurred_at: '2026-11-20T01:40',
        reported_at: '2026-11-20T02:15',
        location: '1400 N Lake St',
        answers: { offense: 'Retail theft', how_reported: 'Dispatched call' },
        people: [{ role: 'suspect', name: 'Dana Reyes', date_of_birth: '1990-04-02', address: '', phone: '', description: '' }],
        narrative: '<p>I responded to Riverside Market for a retail theft.</p>',
      },
      ifMatch(draft.version),
    );
    const returned = await api<Report>(
      admin.session,
      'POST',
      `/rest/v1/reports/reports/${draft.id}/return`,
      { comment: 'Add the store manager as a witness' },
      ifMatch(submitted.version),
    );
    // A title of this attempt's own: a retry finds the first attempt's unlinked task in the list too.
    const unlinkedTitle = `Call the store manager ${attemptTag()}`;
    const page = await openAs(officer, `/reports/${draft.id}`);
    try {
      const tasks = page.getByRole('region', { name: 'Tasks' });
      await tasks.getByRole('button', { name: 'Make a task' }).click();
      const form = page.getByRole('dialog', { name: 'New task' });
      const title = `Report ${returned.case_number}: returned`;
      expect(await form.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(title);
      // Their one space and its one list are chosen for them.
      await expect.poll(() => form.getByRole('combobox', { name: 'List', exact: true }).inputValue()).toBe('Follow-ups');
      await form.getByRole('button', { name: 'Create the task' }).click();
      await tasks.getByRole('link', { name: title }).waitFor();
      expect((await linked('report', draft.id)).map((t) => t.title)).toEqual([title]);

      // A link can be taken off before the task is sent: this one is made without it.
      await tasks.getByRole('button', { name: 'Make a task' }).click();
      await form.getByRole('textbox', { name: 'Title' }).fill(unlinkedTitle);
      await form.getByRole('button', { name: /^Remove the link to / }).click();
      await form.getByText('Linked to').waitFor({ state: 'detached' });
      await expect.poll(() => form.getByRole('combobox', { name: 'List', exact: true }).inputValue()).toBe('Follow-ups');
      await form.getByRole('button', { name: 'Create the task' }).click();
      await form.waitFor({ state: 'detached' });
      const made = await api<TaskPage>(
        officer.session,
        'GET',
        `/rest/v1/productivity/lists/${list.id}/tasks?q=${encodeURIComponent(unlinkedTitle)}`,
      );
      expect(made.items.map((t) => t.title)).toEqual([unlinkedTitle]);
      expect((await linked('report', draft.id)).map((t) => t.title)).toEqual([title]);
    } finally {
      await page.context().close();
    }
  });
});

describe('a list’s tasks', () => {
  it('keeps tasks made offline on the device, makes each once when the connection returns, and opens a refused one again to fix', async () => {
    const page = await openAs(officer, `/productivity/list/${list.id}`, { viewport: PHONE });
    const workflow = (await api<Space>(admin.session, 'GET', `/rest/v1/productivity/spaces/${space.id}`)).statuses;
    // Titles of this attempt's own: a retry finds the first attempt's tasks on the server too.
    const attempt = attemptTag();
    const keyTask = `Return the evidence locker key ${attempt}`;
    const tyresTask = `Check the spare tyres ${attempt}`;
    try {
      await page.getByRole('heading', { name: 'Follow-ups', level: 1 }).waitFor();
      await page.context().setOffline(true);
      const form = page.getByRole('dialog', { name: 'New task' });
      await page.getByRole('button', { name: 'New task' }).click();
      await form.getByRole('textbox', { name: 'Title' }).fill(keyTask);
      await form.getByRole('button', { name: 'Create the task' }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByText('Saved on this device; it will be sent when you are back online.', { exact: false }).waitFor();
      // A second one, in a status the sergeant drops from the workflow before it reaches the server.
      await page.getByRole('button', { name: 'New task' }).click();
      await form.getByRole('textbox', { name: 'Title' }).fill(tyresTask);
      await form.getByRole('combobox', { name: 'Status', exact: true }).click();
      await page.getByRole('option', { name: 'In progress' }).click();
      await form.getByRole('button', { name: 'Create the task' }).click();
      await form.waitFor({ state: 'detached' });
      const kept = page.getByRole('region', { name: 'Not sent yet' });
      await kept.getByText(keyTask).waitFor();
      await expect.poll(() => kept.getByText('Waiting to send').count()).toBe(2);
      expect(await tasksTitled(keyTask)).toEqual([]);
      // On a phone, with nothing to scroll sideways, and axe clean in both themes.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectAxeCleanInBothThemes(page);
      const current = await api<Space>(admin.session, 'GET', `/rest/v1/productivity/spaces/${space.id}`);
      await api(
        admin.session,
        'PATCH',
        `/rest/v1/productivity/spaces/${space.id}`,
        { statuses: workflow.filter((status) => status.key !== 'in_progress') },
        ifMatch(current.version),
      );

      await page.context().setOffline(false);
      await page.getByRole('link', { name: keyTask }).waitFor({ timeout: 40_000 });
      expect((await tasksTitled(keyTask)).length).toBe(1);
      await kept.getByRole('button', { name: 'Fix and send again' }).click();
      await form.getByRole('alert').getByText(`Not sent: Task “${tyresTask}” in Follow-ups`).waitFor();
      await form.getByText('This status is not in the space’s workflow').waitFor();
      expect(await form.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(tyresTask);
      await form.getByRole('combobox', { name: 'Status', exact: true }).click();
      await page.getByRole('option', { name: 'To do' }).click();
      await form.getByRole('button', { name: 'Create the task' }).click();
      await page.getByRole('link', { name: tyresTask }).waitFor();
      await kept.waitFor({ state: 'detached' });
      expect((await tasksTitled(tyresTask)).map((task) => task.status)).toEqual(['todo']);
    } finally {
      await page.context().close();
      const current = await api<Space>(admin.session, 'GET', `/rest/v1/productivity/spaces/${space.id}`);
      await api(admin.session, 'PATCH', `/rest/v1/productivity/spaces/${space.id}`, { statuses: workflow }, ifMatch(current.version));
    }
  });

  it('shows a section per status with its count, folds one away, and downloads the filtered list as CSV', async () => {
    // A label of this attempt's own: a retry finds the first attempt's audit tasks in the list too.
    const label = `audit-${attemptTag()}`;
    const make = (title: string) => newTask(admin.session, list.id, { title, labels: [label] });
    await newTask(admin.session, list.id, { title: 'Wash the cars' });
    await make('Audit the radio log');
    await make('Audit the key cabinet');
    const started = await make('Audit the armory');
    await api(admin.session, 'PATCH', `/rest/v1/productivity/tasks/${started.id}`, { status: 'in_progress' }, ifMatch(started.version));

    const page = await openAs(admin, `/productivity/list/${list.id}?group=status&label=${label}`);
    try {
      const table = page.getByRole('table', { name: 'Tasks' });
      const todo = table.getByRole('button', { name: /^To do 2 tasks/ });
      const doing = table.getByRole('button', { name: /^In progress 1 task/ });
      await todo.waitFor();
      await doing.waitFor();
      await table.getByRole('link', { name: 'Audit the radio log' }).waitFor();
      await expectAxeCleanInBothThemes(page);
      await todo.click();
      expect(await todo.getAttribute('aria-expanded')).toBe('false');
      await table.getByRole('link', { name: 'Audit the radio log' }).waitFor({ state: 'hidden' });
      await table.getByRole('link', { name: 'Audit the armory' }).waitFor();
      await todo.click();
      await table.getByRole('link', { name: 'Audit the radio log' }).waitFor();

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^tasks-follow-ups-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await file.path())!, 'utf8');
      expect(csv).toContain('Audit the radio log');
      expect(csv).toContain('Audit the armory');
      // The filter on screen (the audit label) holds for the file: the other tasks of the list are not in it.
      expect(csv).not.toContain('Wash the cars');
    } finally {
      await page.context().close();
    }
  });
});
