/**
 * Productivity without reloading: two people on the same board, one moves a task and the other sees it
 * move; and a space's settings ask before dropping what was typed when the drawer is closed. The
 * agency, its people, the space and its tasks are set up through the API.
 */
import { attemptTag } from '../support/names.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Space, TaskListSummary } from '../../core/contracts/productivity.ts';
import { agencyWithAdmin, api, inviteAndAccept, roleIdByName, type Person } from '../admin/support.ts';
import { openAs } from '../schedule/support.ts';
import { moveRightByKeyboard, newList, newSpace, newTask } from './support.ts';

let admin: Person;
let officer: Person & { id: string };
let space: Space;
let list: TaskListSummary;

beforeAll(async () => {
  admin = await agencyWithAdmin('live');
  const officerRole = await roleIdByName(admin.session, 'Officer');
  officer = await inviteAndAccept(admin.session, { name: 'Sam Patel', roleIds: [officerRole], accountType: 'full', prefix: 'officer' });
  space = await newSpace(admin.session, { name: 'Traffic unit', member_ids: [officer.id] });
  list = await newList(admin.session, space.id, 'Speed enforcement');
}, 120_000);

describe('productivity, live', () => {
  it('shows a task moved on the board by one member on another member’s board, without reloading', async () => {
    // A title of this attempt's own: a retry finds the first attempt's card on the board too.
    const task = await newTask(admin.session, list.id, { title: `Radar calibration ${attemptTag()}` });
    const board = `/productivity/list/${list.id}?view=board`;
    const [mover, watcher] = await Promise.all([openAs(admin, board), openAs(officer, board)]);
    try {
      const card = (column: string) => watcher.getByTestId(`column-${column}`).getByRole('button', { name: task.title, exact: true });
      await card('todo').waitFor();
      await moveRightByKeyboard(mover, task.title, 'To do', 'In progress');
      // The officer's board, open all along, follows within a moment (it polls only every 30 s otherwise).
      await card('in_progress').waitFor({ timeout: 5000 });
      expect(await card('todo').count()).toBe(0);
    } finally {
      await Promise.all([mover.context().close(), watcher.context().close()]);
    }
  });

  it('counts a task another member adds on the space’s screen, without reloading', async () => {
    const page = await openAs(officer, `/productivity/space/${space.id}`);
    try {
      const { open_tasks: before } = await api<TaskListSummary>(admin.session, 'GET', `/rest/v1/productivity/lists/${list.id}`);
      const shown = (count: number) => page.getByText(`${count} open ${count === 1 ? 'task' : 'tasks'}`);
      await shown(before).waitFor();
      await newTask(admin.session, list.id, { title: 'Count the cones' });
      await shown(before + 1).waitFor({ timeout: 5000 });
    } finally {
      await page.context().close();
    }
  });

  it('asks before the browser’s back button leaves a space’s settings with a change not saved', async () => {
    const page = await openAs(admin, `/productivity/space/${space.id}`);
    try {
      await page.getByRole('button', { name: 'Space settings' }).click();
      const drawer = page.getByRole('dialog', { name: 'Space settings' });
      await drawer.getByRole('textbox', { name: 'Description' }).fill('Radar and lidar');
      const ask = page.getByRole('dialog', { name: 'Discard your unsaved changes?' });

      await page.goBack();
      await ask.getByText('Your changes to Name have not been saved.').waitFor();
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).searchParams.get('settings')).toBe('general');
      await expect(drawer.getByRole('textbox', { name: 'Description' }).inputValue()).resolves.toBe('Radar and lidar');

      await page.goBack();
      await ask.getByRole('button', { name: 'Discard and leave' }).click();
      await drawer.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).searchParams.get('settings')).toBeNull();
    } finally {
      await page.context().close();
    }
  });

  it('asks before closing a space’s settings over a change not saved, and keeps it when the person goes back', async () => {
    const page = await openAs(admin, `/productivity/space/${space.id}?settings=general`);
    try {
      const drawer = page.getByRole('dialog', { name: 'Space settings' });
      await drawer.getByRole('textbox', { name: 'Description' }).fill('Speed and signal enforcement');
      // Another tab and back: what was typed is still there.
      await drawer.getByRole('tab', { name: 'Workflow' }).click();
      await drawer.getByRole('tab', { name: /^Name/ }).click();
      await expect(drawer.getByRole('textbox', { name: 'Description' }).inputValue()).resolves.toBe('Speed and signal enforcement');

      await drawer.getByRole('button', { name: 'Close the space settings' }).click();
      const ask = page.getByRole('dialog', { name: 'Discard your unsaved changes?' });
      await ask.getByText('Your changes to Name have not been saved.').waitFor();
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor({ state: 'hidden' });
      await expect(drawer.getByRole('textbox', { name: 'Description' }).inputValue()).resolves.toBe('Speed and signal enforcement');

      // Back in the form, Escape asks again; this time the change goes.
      await drawer.getByRole('textbox', { name: 'Description' }).press('Escape');
      await ask.getByRole('button', { name: 'Discard and close' }).click();
      await drawer.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).searchParams.get('settings')).toBeNull();
      expect((await api<Space>(admin.session, 'GET', `/rest/v1/productivity/spaces/${space.id}`)).description).toBe('');
    } finally {
      await page.context().close();
    }
  });
});
