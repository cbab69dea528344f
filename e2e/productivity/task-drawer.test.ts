/**
 * Working a task from its drawer in the browser: a description written with bold and a list and a
 * custom field's value, both kept after a reload; a file attached with its progress shown and
 * downloaded; a link to a vehicle that opens its screen; a copy made and the task moved to another
 * list, the list on screen following; a comment typed with no connection that waits, then goes once;
 * the drawer axe clean in both themes. The agency, the space (with its custom fields), its lists and
 * the vehicle are set up through the API.
 */
import { attemptTag } from '../support/names.ts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '../../core/contracts/fleet.ts';
import type { Comment, CreateTaskInput, Space, Task, TaskListSummary } from '../../core/contracts/productivity.ts';
import { agencyWithAdmin, api, expectScreensAxeClean, inviteAndAccept, roleIdByName, settled, type Person } from '../admin/support.ts';
import { openAs } from '../schedule/support.ts';
import { created, ifMatch, newList, newSpace, newTask as addTask } from './support.ts';

let admin: Person;
let officer: Person & { id: string };
let space: Space;
let list: TaskListSummary;
let otherList: TaskListSummary;
let vehicle: Vehicle;

const newTask = (title: string, extra: CreateTaskInput = {}) => addTask(admin.session, list.id, { title, ...extra });

const readTask = (id: string) => api<Task>(admin.session, 'GET', `/rest/v1/productivity/tasks/${id}`);

/** The list with `task` open in its drawer. */
async function openDrawer(task: Task): Promise<{ page: Page; drawer: Locator }> {
  const page = await openAs(admin, `/productivity/list/${list.id}?task=${task.id}`);
  await page.getByRole('heading', { name: list.name, level: 1 }).waitFor();
  const drawer = page.getByRole('dialog', { name: task.title });
  await drawer.getByRole('button', { name: 'Save the task' }).waitFor();
  return { page, drawer };
}

beforeAll(async () => {
  admin = await agencyWithAdmin('taskdrawer');
  officer = await inviteAndAccept(admin.session, {
    name: 'Sam Patel',
    roleIds: [await roleIdByName(admin.session, 'Officer')],
    accountType: 'full',
    prefix: 'officer',
  });
  space = await newSpace(admin.session, {
    name: 'Patrol support',
    member_ids: [officer.id],
    fields: [
      { name: 'Shift', type: 'choice', options: ['Day', 'Night'] },
      { name: 'Cones needed', type: 'number' },
    ],
  });
  [list, otherList] = (await Promise.all(['Events', 'Later'].map((name) => newList(admin.session, space.id, name)))) as [
    TaskListSummary,
    TaskListSummary,
  ];
  vehicle = await api<Vehicle>(
    admin.session,
    'POST',
    '/rest/v1/fleet/admin/vehicles',
    { unit_number: 'B-7', vehicle_type: 'patrol', make: 'Ford', model: 'Explorer', year: 2024, odometer: 900 },
    created(),
  );
}, 120_000);

describe("a task's drawer", () => {
  it('saves a description with bold text and a bulleted list and a custom field value, and shows both after a reload', async () => {
    const task = await newTask('Parade detail');
    const { page, drawer } = await openDrawer(task);
    try {
      const description = drawer.getByRole('textbox', { name: 'Description' });
      await description.click();
      await drawer.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.type('Bring stop sticks');
      await drawer.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.press('Enter');
      await drawer.getByRole('button', { name: 'Bulleted list' }).click();
      await page.keyboard.type('North gate');
      await page.keyboard.press('Enter');
      await page.keyboard.type('South gate');
      await drawer.getByRole('combobox', { name: 'Shift' }).click();
      await page.getByRole('option', { name: 'Night' }).click();
      await drawer.getByRole('button', { name: 'Save the task' }).click();
      await drawer.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

      const saved = await readTask(task.id);
      expect(saved.description).toContain('<strong>Bring stop sticks</strong>');
      expect(saved.description).toMatch(/<ul><li><p>North gate<\/p><\/li><li><p>South gate<\/p><\/li><\/ul>/);
      expect(saved.custom_fields[space.fields[0]!.id]).toBe('Night');

      await page.reload();
      const again = page.getByRole('dialog', { name: task.title });
      const shown = again.getByRole('textbox', { name: 'Description' });
      await shown.locator('strong', { hasText: 'Bring stop sticks' }).waitFor();
      expect(await shown.locator('ul > li').allInnerTexts()).toEqual(['North gate', 'South gate']);
      expect(await again.getByRole('combobox', { name: 'Shift' }).inputValue()).toBe('Night');
    } finally {
      await page.context().close();
    }
  });

  it('attaches a file with its progress shown and downloads it, and links a vehicle whose screen the link opens', async () => {
    const task = await newTask('Dash camera footage request');
    const { page, drawer } = await openDrawer(task);
    try {
      // The upload is held back a moment so that its progress can be seen.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        (url) => url.pathname === '/storage/v1/object' && url.searchParams.get('purpose') === 'productivity',
        async (route) => {
          await held;
          await route.continue();
        },
        { times: 1 },
      );
      const pdf = Buffer.from('%PDF-1.4\n% request form\n%%EOF\n');
      const chooser = page.waitForEvent('filechooser');
      await drawer.getByRole('button', { name: 'Attach files' }).click();
      await (await chooser).setFiles({ name: 'request-form.pdf', mimeType: 'application/pdf', buffer: pdf });
      await drawer.getByRole('progressbar', { name: 'Uploading request-form.pdf' }).waitFor({ state: 'attached' });
      await drawer
        .getByRole('status')
        .filter({ hasText: /^Uploading… \d+%$/ })
        .waitFor();
      release();
      const download = page.waitForEvent('download');
      await drawer.getByRole('button', { name: 'Download request-form.pdf' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('request-form.pdf');
      const stream = await file.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
      expect((await readTask(task.id)).attachments.map((a) => a.name)).toEqual(['request-form.pdf']);

      await drawer.getByRole('combobox', { name: 'Vehicle' }).click();
      await page.keyboard.type('B-7');
      await page.getByRole('option', { name: /^Unit B-7/ }).click();
      await drawer.getByRole('button', { name: 'Add the link' }).click();
      const link = drawer.getByRole('link', { name: 'Unit B-7 · 2024 Ford Explorer' });
      await link.click();
      await page.getByRole('heading', { name: 'Unit B-7', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/fleet/admin/vehicle/${vehicle.id}`);
    } finally {
      await page.context().close();
    }
  });

  it('makes a copy of a task, then moves it to another list, and the list on screen follows', async () => {
    // Titles of this attempt's own: a retry finds the first attempt's copy in the list too.
    const attempt = attemptTag();
    const copyTitle = `Order barricades ${attempt} for the marathon`;
    const task = await newTask(`Order barricades ${attempt}`, { checklist: ['Call the depot'] });
    const { page, drawer } = await openDrawer(task);
    try {
      await drawer.getByRole('button', { name: 'Duplicate' }).click();
      const copyDialog = page.getByRole('dialog', { name: 'Duplicate the task' });
      await copyDialog.getByRole('textbox', { name: 'Title of the copy' }).fill(copyTitle);
      await copyDialog.getByRole('button', { name: 'Duplicate' }).click();
      await drawer.getByText(`Copied to ${list.name}.`).waitFor();

      await drawer.getByRole('button', { name: 'Move to another list' }).click();
      const moveDialog = page.getByRole('dialog', { name: 'Move the task' });
      await moveDialog.getByRole('combobox', { name: 'List' }).click();
      await page.getByRole('option', { name: otherList.name }).click();
      await moveDialog.getByRole('button', { name: 'Move' }).click();
      await drawer.getByText(`Moved to ${otherList.name} (${space.name}).`).waitFor();
      expect((await readTask(task.id)).list_id).toBe(otherList.id);

      await drawer.getByRole('button', { name: 'Close' }).first().click();
      await page.getByRole('link', { name: copyTitle }).waitFor();
      await expect.poll(() => page.getByRole('link', { name: task.title, exact: true }).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('keeps a comment typed with no connection as waiting to send, and sends it once when the connection is back', async () => {
    const task = await newTask('Check the parade route');
    const { page, drawer } = await openDrawer(task);
    try {
      await page.context().setOffline(true);
      await drawer.getByRole('textbox', { name: 'New comment' }).fill('The bridge is closed on Saturday');
      await drawer.getByRole('button', { name: 'Add the comment' }).click();
      const waiting = drawer.getByTestId('waiting-comment');
      await waiting.getByText('Waiting to send').waitFor();
      await waiting.getByText('The bridge is closed on Saturday').waitFor();
      expect(await drawer.getByRole('textbox', { name: 'New comment' }).inputValue()).toBe('');

      await page.context().setOffline(false);
      await waiting.waitFor({ state: 'detached', timeout: 15_000 });
      await drawer.getByText('The bridge is closed on Saturday').waitFor();
      const comments = await api<Comment[]>(admin.session, 'GET', `/rest/v1/productivity/tasks/${task.id}/comments`);
      expect(comments.map((comment) => comment.body)).toEqual(['The bridge is closed on Saturday']);
    } finally {
      await page.context().close();
    }
  });

  it('puts a comment the server refused after it waited back into the comment box, with the server’s message', async () => {
    // Sam is a member when the comment is typed (a retry finds him removed by the first attempt).
    const before = await api<Space>(admin.session, 'GET', `/rest/v1/productivity/spaces/${space.id}`);
    await api(
      admin.session,
      'PUT',
      `/rest/v1/productivity/spaces/${space.id}/members`,
      { member_ids: [...new Set([...before.members.map((member) => member.id), officer.id])] },
      ifMatch(before.version),
    );
    const task = await newTask('Brief the bike team');
    const { page, drawer } = await openDrawer(task);
    try {
      await page.context().setOffline(true);
      await drawer.getByRole('textbox', { name: 'New comment' }).fill('@Sam Patel can you lead it?');
      await drawer.getByRole('button', { name: 'Add the comment' }).click();
      await drawer.getByTestId('waiting-comment').waitFor();
      // Meanwhile Sam leaves the space, so the mention is refused when the comment goes.
      const current = await api<Space>(admin.session, 'GET', `/rest/v1/productivity/spaces/${space.id}`);
      await api(
        admin.session,
        'PUT',
        `/rest/v1/productivity/spaces/${space.id}/members`,
        { member_ids: current.members.filter((member) => member.name !== 'Sam Patel').map((member) => member.id) },
        ifMatch(current.version),
      );
      await page.context().setOffline(false);
      await drawer.getByText('Not sent: This person cannot see the task; share it with them first').waitFor({ timeout: 15_000 });
      expect(await drawer.getByRole('textbox', { name: 'New comment' }).inputValue()).toBe('@Sam Patel can you lead it?');
      expect(await drawer.getByTestId('waiting-comment').count()).toBe(0);
      await drawer.getByRole('button', { name: 'Discard it' }).click();
      await expect.poll(() => drawer.getByRole('textbox', { name: 'New comment' }).inputValue()).toBe('');
      expect(await api<Comment[]>(admin.session, 'GET', `/rest/v1/productivity/tasks/${task.id}/comments`)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('is axe clean in both themes with custom fields, formatted text and a link on the task', async () => {
    const task = await newTask('Looked at by axe', {
      description: '<p><strong>Bold</strong> and a <a href="https://example.org">link</a></p>',
    });
    await api(admin.session, 'POST', `/rest/v1/productivity/tasks/${task.id}/links`, {
      kind: 'vehicle',
      record_id: vehicle.id,
      label: 'Unit B-7',
    });
    await expectScreensAxeClean([
      [
        admin,
        [
          {
            path: `/productivity/list/${list.id}?task=${task.id}`,
            heading: list.name,
            open: async (page) => {
              await page.getByRole('dialog', { name: task.title }).getByRole('link', { name: 'Unit B-7' }).waitFor();
              await settled(page);
            },
          },
        ],
      ],
    ]);
  });
});
