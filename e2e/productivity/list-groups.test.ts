/**
 * A list's table grouped in the browser (issue 21): by priority and by due date, the sections come in
 * their meaningful order (urgent to low; overdue, later, no date) with their counts and fold away; on a
 * 360 px phone the groups keep their headers over cards, with nothing scrolled sideways; and an officer
 * who reloads the list without a connection still has its tasks and the space's templates, and queues a
 * new task that reaches the server once the connection is back. Set-up goes through the API.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateTaskInput, TaskListSummary, TaskPage, TaskTemplate } from '../../core/contracts/productivity.ts';
import {
  agencyWithAdmin,
  api,
  expectAxeCleanInBothThemes,
  inviteAndAccept,
  roleIdByName,
  settled,
  signInWithSession,
  type Person,
} from '../admin/support.ts';
import { openAs, PHONE } from '../schedule/support.ts';
import { created, newList, newSpace, newTask as addTask } from './support.ts';
import { newPage } from '../support/browser.ts';

let admin: Person;
let officer: Person & { id: string };
let list: TaskListSummary;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const newTask = (body: CreateTaskInput) => addTask(admin.session, list.id, body);

beforeAll(async () => {
  admin = await agencyWithAdmin('listgroups');
  officer = await inviteAndAccept(admin.session, {
    name: 'Sam Patel',
    roleIds: [await roleIdByName(admin.session, 'Officer')],
    accountType: 'full',
    prefix: 'officer',
  });
  const space = await newSpace(admin.session, { name: 'Traffic unit', member_ids: [officer.id] });
  list = await newList(admin.session, space.id, 'Enforcement week');
  // Made in an order that is none of the groups' orders.
  await newTask({ title: 'Order new cones', priority: 'low' });
  await newTask({ title: 'Return the radar gun', priority: 'high', due_on: inDays(30) });
  await newTask({ title: 'Serve the warrant', priority: 'urgent', due_on: inDays(-10), assignee_ids: [officer.id] });
  const kit = await newTask({ title: 'Check the speed trailer', priority: 'urgent', checklist: ['Battery', 'Sign board'] });
  await api<TaskTemplate>(admin.session, 'POST', `/rest/v1/productivity/tasks/${kit.id}/template`, { name: 'Trailer check' }, created());
}, 120_000);

/** The labels of the list's group headers, top to bottom. */
const groupLabels = (page: Page) =>
  page.getByTestId('task-group').evaluateAll((headers) => headers.map((header) => header.querySelector('button span')?.textContent));

async function groupBy(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

describe('a list grouped', () => {
  it('shows priorities from urgent to low and due dates from overdue to none, each with its count, folds one away, and sorts within the groups by a column', async () => {
    const page = await openAs(officer, `/productivity/list/${list.id}`);
    try {
      const table = page.getByRole('table', { name: 'Tasks' });
      await groupBy(page, 'Priority');
      await table.getByRole('button', { name: 'Urgent 2 tasks' }).waitFor();
      await table.getByRole('button', { name: 'High 1 task' }).waitFor();
      await table.getByRole('button', { name: 'Low 1 task' }).waitFor();
      expect(await groupLabels(page)).toEqual(['Urgent', 'High', 'Low']);
      expect(new URL(page.url()).searchParams.get('group')).toBe('priority');
      const urgent = table.getByRole('button', { name: 'Urgent 2 tasks' });
      await urgent.click();
      expect(await urgent.getAttribute('aria-expanded')).toBe('false');
      await table.getByRole('link', { name: 'Serve the warrant' }).waitFor({ state: 'hidden' });
      await table.getByRole('link', { name: 'Order new cones' }).waitFor();

      await groupBy(page, 'Due date');
      await table.getByRole('button', { name: 'No due date 2 tasks' }).waitFor();
      expect(await groupLabels(page)).toEqual(['Overdue', 'Later', 'No due date']);
      await table.getByRole('button', { name: 'Overdue 1 task' }).click();
      await table.getByRole('link', { name: 'Serve the warrant' }).waitFor({ state: 'hidden' });
      await table.getByRole('link', { name: 'Return the radar gun' }).waitFor();

      // A column's header sorts the rows within their groups, and flips the order when pressed again.
      const undated = () =>
        table
          .getByRole('link')
          .allTextContents()
          .then((titles) => titles.filter((title) => title === 'Order new cones' || title === 'Check the speed trailer'));
      await table.getByRole('button', { name: 'Title' }).click();
      await expect.poll(undated).toEqual(['Check the speed trailer', 'Order new cones']);
      expect(new URL(page.url()).searchParams.get('sort')).toBe('title');
      await table.getByRole('button', { name: 'Title' }).click();
      await expect.poll(undated).toEqual(['Order new cones', 'Check the speed trailer']);
    } finally {
      await page.context().close();
    }
  });

  it('keeps the group headers on a 360 px phone, over cards with nothing to scroll sideways, axe clean in both themes', async () => {
    const page = await openAs(officer, `/productivity/list/${list.id}?group=due`, { viewport: PHONE });
    try {
      const overdue = page.getByRole('region', { name: 'Overdue' });
      await overdue.getByRole('button', { name: 'Overdue 1 task' }).waitFor();
      expect(await groupLabels(page)).toEqual(['Overdue', 'Later', 'No due date']);
      // Each card's title, status and due date are on the screen, not in a frame scrolled sideways.
      const card = overdue.getByTestId('task-row');
      await card.getByRole('link', { name: 'Serve the warrant' }).waitFor();
      await card.getByRole('combobox', { name: 'Status of Serve the warrant' }).waitFor();
      const box = (await card.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      const scrolledSideways = await page.evaluate(() =>
        [document.documentElement, ...document.querySelectorAll('main *')]
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .filter((element) => element === document.documentElement || /auto|scroll/.test(getComputedStyle(element).overflowX))
          .map((element) => element.className || element.tagName),
      );
      expect(scrolledSideways).toEqual([]);
      await expectAxeCleanInBothThemes(page);
      const undated = page.getByRole('region', { name: 'No due date' });
      await undated.getByRole('button', { name: 'No due date 2 tasks' }).click();
      await undated.getByRole('link', { name: 'Order new cones' }).waitFor({ state: 'hidden' });
    } finally {
      await page.context().close();
    }
  });
});

/** The query names (`productivity.getList`) of the answers kept on this device for reading offline. */
async function keptOnDevice(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'precinct-offline-reads')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('precinct-offline-reads');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const copies = await new Promise<string[]>((resolve, reject) => {
      const request = db.transaction('copies').objectStore('copies').getAll();
      request.onsuccess = () => resolve(request.result as string[]);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return copies.flatMap((copy) =>
      (JSON.parse(copy) as { clientState: { queries: { queryKey: unknown[] }[] } }).clientState.queries.map((query) =>
        query.queryKey.slice(0, 2).join('.'),
      ),
    );
  });
}

describe('a list without a connection', () => {
  it('reloads offline with the tasks it had and the space’s templates, and queues a new task that is made once when the connection is back', async () => {
    const title = `Offline ${Date.now().toString(36)}: count the flares`;
    // Counted, not assumed: a retry finds the urgent task the first attempt made from the template.
    const { total: urgent } = await api<TaskPage>(officer.session, 'GET', `/rest/v1/productivity/lists/${list.id}/tasks?priority=urgent`);
    const page = await newPage({ viewport: PHONE, serviceWorker: true });
    try {
      await signInWithSession(page, officer.session);
      await page.goto(`/productivity/list/${list.id}?group=priority`);
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });
      await settled(page);
      await page.getByRole('button', { name: `Urgent ${urgent} tasks` }).waitFor();
      const needed = ['productivity.getList', 'productivity.getSpace', 'productivity.listTasks', 'productivity.listTemplates'];
      await expect
        .poll(async () => {
          const kept = await keptOnDevice(page);
          return needed.filter((name) => !kept.includes(name));
        })
        .toEqual([]);

      await page.context().setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Enforcement week', level: 1 }).waitFor();
      await page.getByRole('button', { name: `Urgent ${urgent} tasks` }).waitFor();
      await page.getByRole('link', { name: 'Serve the warrant' }).waitFor();

      await page.getByRole('button', { name: 'New task' }).click();
      const form = page.getByRole('dialog', { name: 'New task' });
      await form.getByRole('combobox', { name: 'Template' }).click();
      await page.getByRole('option', { name: 'Trailer check' }).click();
      await form.getByRole('textbox', { name: 'Title' }).fill(title);
      await form.getByRole('button', { name: 'Create the task' }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByText('Saved on this device; it will be sent when you are back online.', { exact: false }).waitFor();
      await page.getByRole('region', { name: 'Not sent yet' }).getByText(title).waitFor();

      await page.context().setOffline(false);
      await page.getByRole('link', { name: title }).waitFor({ timeout: 40_000 });
      const made = await api<TaskPage>(
        officer.session,
        'GET',
        `/rest/v1/productivity/lists/${list.id}/tasks?q=${encodeURIComponent(title)}`,
      );
      expect(made.items.map((task) => [task.title, task.checklist_total])).toEqual([[title, 2]]);
    } finally {
      await page.context().close();
    }
  });
});
