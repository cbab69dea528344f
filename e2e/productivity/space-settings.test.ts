/**
 * A space's settings and a task's sharing in the browser: a sergeant renames a status (and is told why
 * a status holding tasks cannot be closed), adds a custom field and a member in the space's settings,
 * and the list uses them; a member shares a task with someone outside the space, found by name, who
 * then sees that task and nothing else; the settings axe clean in both themes and usable at 360 px.
 * The agency, its people, the space and its tasks are set up through the API.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Space, Task, TaskListSummary } from '../../core/contracts/productivity.ts';
import { agencyWithAdmin, api, callApi, expectScreensAxeClean, inviteAndAccept, roleIdByName, type Person } from '../admin/support.ts';
import { openAs, PHONE } from '../schedule/support.ts';
import { ifMatch, newList, newSpace, newTask } from './support.ts';

let sergeant: Person & { id: string };
let officer: Person & { id: string };
let outsider: Person & { id: string };

/** A space of the sergeant's (the officer and the outsider not in it) with a list and a task in "To do". */
async function spaceWithTask(name: string, title: string): Promise<{ space: Space; list: TaskListSummary; task: Task }> {
  const space = await newSpace(sergeant.session, { name });
  const list = await newList(sergeant.session, space.id, 'Cases');
  const task = await newTask(sergeant.session, list.id, { title });
  return { space, list, task };
}

/** Picks the one option a person search shows for what was typed, with the keyboard, as a person would. */
async function chooseOnlyOption(page: Page, input: Locator, name: string): Promise<void> {
  await expect.poll(() => page.getByRole('option').allInnerTexts()).toEqual([name]);
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(name);
}

beforeAll(async () => {
  const admin = await agencyWithAdmin('settings');
  const [sergeantRole, officerRole] = await Promise.all([roleIdByName(admin.session, 'Sergeant'), roleIdByName(admin.session, 'Officer')]);
  [sergeant, officer, outsider] = await Promise.all([
    inviteAndAccept(admin.session, { name: 'Dana Sergeant', roleIds: [sergeantRole], accountType: 'full', prefix: 'sergeant' }),
    inviteAndAccept(admin.session, { name: 'Rob Kowalski', roleIds: [officerRole], accountType: 'full', prefix: 'officer' }),
    inviteAndAccept(admin.session, { name: 'Jo Rivera', roleIds: [officerRole], accountType: 'full', prefix: 'outsider' }),
  ]);
}, 120_000);

describe("a space's settings and a task's sharing", () => {
  it('lets a sergeant rename a status, add a custom field and a member in the space’s settings, and the list uses them', async () => {
    const { space, list, task } = await spaceWithTask('Burglary squad', 'Canvass Elm Street');
    const page = await openAs(sergeant, `/productivity/space/${space.id}`);
    try {
      await page.getByRole('button', { name: 'Space settings' }).click();
      const drawer = page.getByRole('dialog', { name: 'Space settings' });
      // Someone else renames the space meanwhile: the save says so, and what was typed stays.
      await drawer.getByRole('textbox', { name: 'Description' }).fill('Break-ins on the east side');
      await api(sergeant.session, 'PATCH', `/rest/v1/productivity/spaces/${space.id}`, { name: 'Burglary unit' }, ifMatch(space.version));
      await drawer.getByRole('button', { name: 'Save the name and description' }).click();
      await drawer.getByText('This space was changed by someone else').waitFor();
      await expect(drawer.getByRole('textbox', { name: 'Description' }).inputValue()).resolves.toBe('Break-ins on the east side');
      await drawer.getByRole('button', { name: 'Load the current version' }).click();
      await expect.poll(() => drawer.getByRole('textbox', { name: 'Space name' }).inputValue()).toBe('Burglary unit');

      await drawer.getByRole('tab', { name: 'Workflow' }).click();
      expect(new URL(page.url()).searchParams.get('settings')).toBe('workflow');

      const todo = drawer.getByRole('group', { name: 'To do' });
      await todo.getByRole('textbox', { name: 'Name' }).fill('Open lead');
      // The task is in it: the server refuses closing it, and says so on that box.
      const closed = drawer.getByRole('group', { name: 'Open lead' }).getByRole('checkbox', { name: 'Closed (done)' });
      await closed.check();
      await drawer.getByRole('button', { name: 'Save the workflow' }).click();
      await drawer
        .getByRole('group', { name: 'Open lead' })
        .getByText(/1 task is still in To do; move it to another status before making To do closed/)
        .waitFor();
      await closed.uncheck();
      await drawer.getByRole('button', { name: 'Save the workflow' }).click();
      await drawer.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

      await drawer.getByRole('tab', { name: 'Custom fields' }).click();
      await drawer.getByRole('button', { name: 'Add a field' }).click();
      await drawer.getByRole('group', { name: 'Field 1' }).getByRole('textbox', { name: 'Field name' }).fill('Case number');
      await drawer.getByRole('button', { name: 'Save the fields' }).click();
      await drawer.getByRole('tabpanel', { name: 'Custom fields' }).getByRole('status').filter({ hasText: 'Saved' }).waitFor();

      await drawer.getByRole('tab', { name: 'Members' }).click();
      const memberPicker = drawer.getByLabel('Add a member', { exact: true }).first();
      await memberPicker.fill('kowal');
      await chooseOnlyOption(page, memberPicker, 'Rob Kowalski');
      await drawer.getByRole('button', { name: 'Add to the space' }).click();
      await drawer.getByRole('button', { name: 'Remove Rob Kowalski from the space' }).waitFor();

      const saved = await api<Space>(sergeant.session, 'GET', `/rest/v1/productivity/spaces/${space.id}`);
      expect(saved.statuses.map((status) => [status.key, status.label, status.closed])).toEqual([
        ['todo', 'Open lead', false],
        ['in_progress', 'In progress', false],
        ['done', 'Done', true],
      ]);
      expect(saved.fields.map((field) => [field.name, field.type])).toEqual([['Case number', 'text']]);
      expect(saved.members.map((person) => person.name).sort()).toEqual(['Dana Sergeant', 'Rob Kowalski']);
      expect((await api<Space[]>(officer.session, 'GET', '/rest/v1/productivity/spaces')).map((mine) => mine.name)).toContain(
        'Burglary unit',
      );

      // Closed with its button: an Escape may first close the member picker's list, if it is open again.
      await drawer.getByRole('button', { name: 'Close the space settings' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await page.getByRole('link', { name: 'Cases' }).click();
      await page.getByRole('heading', { name: 'Cases', level: 1 }).waitFor();
      await expect(page.getByRole('combobox', { name: `Status of ${task.title}` }).inputValue()).resolves.toBe('Open lead');
      await page.getByRole('combobox', { name: 'Assignee' }).click();
      await page.getByRole('option', { name: 'Rob Kowalski' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: task.title }).click();
      await page.getByRole('dialog', { name: task.title }).getByRole('textbox', { name: 'Case number' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/productivity/list/${list.id}`);
    } finally {
      await page.context().close();
    }
  });

  it('lets a member share a task with someone outside the space, found by name, who then sees that task and nothing else', async () => {
    const { space, list, task } = await spaceWithTask('Fraud desk', 'Call the bank about the cheques');
    const other = await newTask(sergeant.session, list.id, { title: 'Not for Jo' });
    const page = await openAs(sergeant, `/productivity/list/${list.id}?task=${task.id}`);
    try {
      const drawer = page.getByRole('dialog', { name: task.title });
      const sharing = drawer.getByRole('region', { name: 'Sharing' });
      await sharing.getByText('Not shared with anyone.').waitFor();
      const sharePicker = sharing.getByLabel('Share with', { exact: true }).first();
      await sharePicker.fill('riv');
      await chooseOnlyOption(page, sharePicker, 'Jo Rivera');
      await sharing.getByRole('button', { name: 'Share', exact: true }).click();
      await sharing.getByRole('button', { name: 'Stop sharing with Jo Rivera' }).waitFor();
      expect((await api<Task>(sergeant.session, 'GET', `/rest/v1/productivity/tasks/${task.id}`)).shared_with.map((p) => p.name)).toEqual([
        'Jo Rivera',
      ]);

      const theirs = await openAs(outsider, `/productivity?task=${task.id}`);
      try {
        await theirs
          .getByRole('dialog', { name: task.title })
          .getByText(/shared with you/)
          .waitFor();
        // Nothing else of the space: not the space, not its list, not its other task, and no one to look up.
        expect(await api<Space[]>(outsider.session, 'GET', '/rest/v1/productivity/spaces')).toEqual([]);
        for (const path of [`/spaces/${space.id}`, `/lists/${list.id}`, `/tasks/${other.id}`])
          expect((await callApi(outsider.session, 'GET', `/rest/v1/productivity${path}`)).status, path).toBe(404);
        expect((await callApi(outsider.session, 'GET', '/rest/v1/productivity/people?q=rob')).status).toBe(403);
      } finally {
        await theirs.context().close();
      }

      await sharing.getByRole('button', { name: 'Stop sharing with Jo Rivera' }).click();
      await sharing.getByText('Not shared with anyone.').waitFor();
      expect((await callApi(outsider.session, 'GET', `/rest/v1/productivity/tasks/${task.id}`)).status).toBe(404);
    } finally {
      await page.context().close();
    }
  });

  it('keeps every tab of the space’s settings axe clean in both themes, and fits a 360 px phone', async () => {
    const { space } = await spaceWithTask('Axe squad', 'Looked at by axe');
    const tabs = ['Name', 'Workflow', 'Custom fields', 'Members'];
    await expectScreensAxeClean([
      [
        sergeant,
        tabs.map((tab) => ({
          path: `/productivity/space/${space.id}`,
          heading: space.name,
          open: async (page) => {
            await page.getByRole('button', { name: 'Space settings' }).click();
            const drawer = page.getByRole('dialog', { name: 'Space settings' });
            await drawer.getByRole('tab', { name: tab }).click();
            await drawer.getByRole('tabpanel', { name: tab }).waitFor();
          },
        })),
      ],
    ]);
    const phone = await openAs(sergeant, `/productivity/space/${space.id}?settings=workflow`, { viewport: PHONE });
    try {
      await phone.getByRole('dialog', { name: 'Space settings' }).getByRole('group', { name: 'To do' }).waitFor();
      const overflow = await phone.evaluate(() => {
        const body = document.querySelector('.mantine-Drawer-body');
        return body ? body.scrollWidth - body.clientWidth : 1;
      });
      expect(overflow, 'the settings scroll sideways').toBeLessThanOrEqual(0);
    } finally {
      await phone.context().close();
    }
  });
});
