/**
 * Productivity in the browser: a space, a list and a task made on screen; a task dragged across the
 * board and another moved by keyboard; three tasks changed at once; a recurring task closed and its
 * next occurrence shown; a task shared with someone outside the space, who sees that task and nothing
 * else; two tasks printed one a page; the screens axe clean in both themes and usable at 360 px. The
 * agency, its people, the space the later tests use and their tasks are set up through the API.
 */
import { attemptTag } from '../support/names.ts';
import type { Locator, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateTaskInput, Space, Task, TaskListSummary } from '../../core/contracts/productivity.ts';
import {
  agencyWithAdmin,
  api,
  callApi,
  expectScreensAxeClean,
  inviteAndAccept,
  roleIdByName,
  settled,
  type Person,
} from '../admin/support.ts';
import { openAs, PHONE } from '../schedule/support.ts';
import { ifMatch, moveRightByKeyboard, newList, newSpace, newTask as addTask } from './support.ts';
import { transitionsDone } from '../support/browser.ts';

let admin: Person & { id?: string };
let officer: Person & { id: string };
let outsider: Person & { id: string };
let space: Space;
let list: TaskListSummary;

const today = new Date().toISOString().slice(0, 10);

async function newTask(title: string, extra: CreateTaskInput = {}): Promise<Task> {
  return addTask(admin.session, list.id, { title, ...extra });
}

const readTask = (id: string) => api<Task>(admin.session, 'GET', `/rest/v1/productivity/tasks/${id}`);

/** Waits until the server has the task in `status` (a move is sent after the drop). */
async function expectStatus(id: string, status: string): Promise<void> {
  await expect.poll(async () => (await readTask(id)).status, { timeout: 10_000 }).toBe(status);
}

async function listPage(path = `/productivity/list/${list.id}`, options = {}): Promise<Page> {
  const page = await openAs(admin, path, options);
  await page.getByRole('heading', { name: list.name, level: 1 }).waitFor();
  await settled(page);
  return page;
}

/** Someone else changes the task meanwhile: the version the screen holds is stale after this. */
const changeMeanwhile = (task: Task, body: Record<string, unknown>) =>
  api(admin.session, 'PATCH', `/rest/v1/productivity/tasks/${task.id}`, body, ifMatch(task.version));

/** Runs `steps` on the list with `task` open in its drawer, closing the page after. */
async function inDrawer(task: Task, steps: (drawer: Locator, page: Page) => Promise<void>): Promise<void> {
  const page = await listPage(`/productivity/list/${list.id}?task=${task.id}`);
  try {
    await steps(page.getByRole('dialog', { name: task.title }), page);
  } finally {
    await page.context().close();
  }
}

beforeAll(async () => {
  admin = await agencyWithAdmin('productivity');
  const officerRole = await roleIdByName(admin.session, 'Officer');
  [officer, outsider] = await Promise.all([
    inviteAndAccept(admin.session, { name: 'Sam Patel', roleIds: [officerRole], accountType: 'full', prefix: 'officer' }),
    inviteAndAccept(admin.session, { name: 'Jo Rivera', roleIds: [officerRole], accountType: 'full', prefix: 'outsider' }),
  ]);
  space = await newSpace(admin.session, { name: 'Traffic unit', member_ids: [officer.id] });
  list = await newList(admin.session, space.id, 'Speed enforcement');
}, 120_000);

describe('a unit runs its work in productivity', () => {
  it('creates a space, a list in it and a task in the list on screen, each field problem shown at once', async () => {
    const page = await openAs(admin, '/productivity');
    try {
      await page.getByRole('heading', { name: 'My tasks', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'New space' }).click();
      const spaceDialog = page.getByRole('dialog', { name: 'New space' });
      await spaceDialog.getByRole('button', { name: 'Create the space' }).click();
      await spaceDialog.getByText('Give it a name').first().waitFor();
      await spaceDialog.getByRole('textbox', { name: 'Name' }).fill('Community policing');
      await spaceDialog.getByRole('button', { name: 'Create the space' }).click();
      await page.getByRole('heading', { name: 'Community policing', level: 1 }).waitFor();

      await page.getByRole('textbox', { name: 'List name' }).fill('School visits');
      await page.getByRole('button', { name: 'Create the list' }).click();
      await page.getByRole('link', { name: 'School visits' }).click();
      await page.getByRole('heading', { name: 'School visits', level: 1 }).waitFor();

      await page.getByRole('button', { name: 'New task' }).click();
      const taskDialog = page.getByRole('dialog', { name: 'New task' });
      await taskDialog.getByRole('combobox', { name: 'Repeats' }).click();
      await page.getByRole('option', { name: 'Weekly' }).click();
      await taskDialog.getByRole('button', { name: 'Create the task' }).click();
      // Both problems at once: no title, and a repeating task with no due date.
      await taskDialog.getByText('Give the task a title').waitFor();
      await taskDialog.getByText('A repeating task needs a due date').waitFor();
      await taskDialog.getByRole('textbox', { name: 'Title' }).fill('Visit Lincoln Elementary');
      await taskDialog.getByLabel('Due date').fill(today);
      await taskDialog.getByRole('button', { name: 'Create the task' }).click();
      await page.getByRole('link', { name: 'Visit Lincoln Elementary' }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('moves one task across the board by dragging and another by keyboard, each saved on the server', async () => {
    // Names of this attempt's own: a retry finds the first attempt's cards on the board too.
    const attempt = attemptTag();
    const draggedName = `Radar calibration ${attempt}`;
    const keyedName = `Order new cones ${attempt}`;
    const dragged = await newTask(draggedName);
    const keyed = await newTask(keyedName);
    const page = await listPage(`/productivity/list/${list.id}?view=board`);
    try {
      const handle = page.getByRole('button', { name: `Move ${draggedName}` });
      const target = page.getByTestId('column-in_progress');
      await handle.scrollIntoViewIfNeeded();
      await transitionsDone(page);
      const from = await handle.boundingBox();
      const to = await target.boundingBox();
      if (!from || !to) throw new Error('The board has no handle or column to drag between');
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
      await page.mouse.move(to.x + to.width / 2, to.y + 40, { steps: 15 });
      await page.getByText(`${draggedName} is over In progress.`).waitFor({ state: 'attached' });
      await page.mouse.up();
      await expectStatus(dragged.id, 'in_progress');
      await target.getByRole('button', { name: draggedName, exact: true }).waitFor();

      // Picked up, the card is over its own column; the announcements say where it is at each step.
      await moveRightByKeyboard(page, keyedName, 'To do', 'In progress');
      await expectStatus(keyed.id, 'in_progress');
    } finally {
      await page.context().close();
    }
  });

  it("changes a task's status in its row of the table", async () => {
    // A title of this attempt's own: a retry finds the first attempt's task in the list too.
    const task = await newTask(`Sweep the evidence locker ${attemptTag()}`);
    const page = await listPage();
    try {
      await page.getByRole('combobox', { name: `Status of ${task.title}` }).click();
      await page.getByRole('option', { name: 'In progress' }).click();
      await expectStatus(task.id, 'in_progress');
    } finally {
      await page.context().close();
    }
  });

  it('lets an administrator say that only administrators may create spaces', async () => {
    const page = await openAs(admin, '/admin/modules/productivity');
    try {
      await page.getByRole('radio', { name: 'Administrators only' }).check();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      expect((await api<{ space_creators: string }>(admin.session, 'GET', '/rest/v1/productivity/settings')).space_creators).toBe('admins');
      await api(admin.session, 'PUT', '/rest/v1/productivity/settings', { space_creators: 'everyone', creator_role_ids: [] });
    } finally {
      await page.context().close();
    }
  });

  it('changes the status and assignee of three selected tasks at once', async () => {
    // Titles of this attempt's own: a retry finds the first attempt's tasks in the list too.
    const attempt = attemptTag();
    const tasks = await Promise.all(
      ['Check speed signs', 'Update the crash map', 'Brief the night shift'].map((title) => newTask(`${title} ${attempt}`)),
    );
    const page = await listPage();
    try {
      for (const task of tasks) await page.getByRole('checkbox', { name: `Select ${task.title}` }).check();
      const bar = page.getByRole('region', { name: 'Change the selected tasks' });
      await bar.getByRole('combobox', { name: 'New status' }).click();
      await page.getByRole('option', { name: 'In progress' }).click();
      await bar.getByRole('combobox', { name: 'New assignee' }).click();
      await page.getByRole('option', { name: 'Sam Patel' }).click();
      await bar.getByRole('button', { name: 'Change 3 tasks' }).click();
      await page.getByText('3 tasks were changed').waitFor();
      for (const task of tasks) {
        const saved = await readTask(task.id);
        expect(saved.status).toBe('in_progress');
        expect(saved.assignees.map((person) => person.name)).toEqual(['Sam Patel']);
      }
    } finally {
      await page.context().close();
    }
  });

  it('changes none of the selected tasks when one was changed since, and names it', async () => {
    // Titles of this attempt's own: a retry finds the first attempt's tasks in the list too.
    const attempt = attemptTag();
    const [kept, changed] = await Promise.all([
      newTask(`Restock the citation books ${attempt}`),
      newTask(`Renew the radar licence ${attempt}`),
    ]);
    const page = await listPage();
    try {
      for (const task of [kept, changed]) await page.getByRole('checkbox', { name: `Select ${task.title}` }).check();
      await changeMeanwhile(changed, { priority: 'urgent' });
      const bar = page.getByRole('region', { name: 'Change the selected tasks' });
      await bar.getByLabel('New due date').fill(today);
      await bar.getByRole('button', { name: 'Change 2 tasks' }).click();
      const refusal = bar.getByRole('alert');
      await refusal.getByText('Nothing was changed').waitFor();
      await refusal.getByText(new RegExp(`^${changed.title}: `)).waitFor();
      expect((await readTask(kept.id)).due_on).toBeNull();
    } finally {
      await page.context().close();
    }
  });

  it('adds a comment that mentions a member of the space by name', async () => {
    const task = await newTask('Plan the bike rodeo');
    await inDrawer(task, async (drawer) => {
      await drawer.getByRole('textbox', { name: 'New comment' }).fill('@Sam Patel can you book the lot?');
      await drawer.getByRole('button', { name: 'Add the comment' }).click();
      await drawer.getByText('@Sam Patel can you book the lot?').waitFor();
      const comments = await api<{ mentions: { name: string }[] }[]>(
        admin.session,
        'GET',
        `/rest/v1/productivity/tasks/${task.id}/comments`,
      );
      expect(comments[0]?.mentions.map((person) => person.name)).toEqual(['Sam Patel']);
    });
  });

  it('closes a recurring task and shows its next occurrence', async () => {
    const task = await newTask('Weekly radar log', { due_on: today, recurrence: { freq: 'weekly' } });
    await inDrawer(task, async (drawer) => {
      await drawer.getByRole('button', { name: 'Close the task' }).click();
      await drawer.getByText('The next occurrence is there').waitFor();
      await drawer.getByRole('link', { name: 'Open the next occurrence' }).waitFor();
      expect((await readTask(task.id)).closed).toBe(true);
    });
  });

  it('ticks a checklist item at its version, and says so when someone renamed it meanwhile', async () => {
    const task = await newTask('Ready the speed trailer', { checklist: ['Charge the battery', 'Check the sign'] });
    const [first, second] = task.checklist;
    await inDrawer(task, async (drawer, page) => {
      // A slow connection: the drawer's reads of the task do not come back until the tick has gone, so
      // the rename (which the live stream announces at once) has not reached the screen when it is ticked.
      const held: Route[] = [];
      const taskUrl = `**/rest/v1/productivity/tasks/${task.id}`;
      await page.route(taskUrl, (route) => (route.request().method() === 'GET' ? void held.push(route) : route.continue()));
      // The box follows the server's answer, so it is clicked, not checked (Playwright expects an immediate change).
      await drawer.getByRole('checkbox', { name: first!.text }).click();
      await expect.poll(async () => (await readTask(task.id)).checklist[0]!.done).toBe(true);
      await api(
        admin.session,
        'PATCH',
        `/rest/v1/productivity/checklist/${second!.id}`,
        { text: 'Check the sign and its lamps' },
        ifMatch(second!.version),
      );
      await drawer.getByRole('checkbox', { name: second!.text }).click();
      await drawer.getByText('This checklist item was changed by someone else').waitFor();
      await page.route(taskUrl, (route) => route.continue());
      for (const route of held.splice(0)) await route.continue();
      // The task reads again: the renamed item, still not ticked.
      await drawer.getByRole('checkbox', { name: 'Check the sign and its lamps' }).waitFor();
      expect((await readTask(task.id)).checklist[1]!.done).toBe(false);
    });
  });

  it('says a task was changed by someone else on a stale save, and keeps what was typed', async () => {
    const task = await newTask('Count the flares');
    await inDrawer(task, async (drawer) => {
      await drawer.getByRole('textbox', { name: 'Title' }).fill('Count the flares in every car');
      await changeMeanwhile(task, { priority: 'high' });
      await drawer.getByRole('button', { name: 'Save the task' }).click();
      await drawer.getByText('This task was changed by someone else').waitFor();
      await expect(drawer.getByRole('textbox', { name: 'Title' }).inputValue()).resolves.toBe('Count the flares in every car');
    });
  });

  it('shares a task with someone outside the space, who sees that task and not the list', async () => {
    const task = await newTask('Return the borrowed lidar');
    await api(admin.session, 'POST', `/rest/v1/productivity/tasks/${task.id}/shares`, { user_id: outsider.id });
    const page = await openAs(outsider, `/productivity?task=${task.id}`);
    try {
      const drawer = page.getByRole('dialog', { name: 'Return the borrowed lidar' });
      await drawer.getByText(/shared with you/).waitFor();
      await drawer.getByRole('textbox', { name: 'New comment' }).waitFor();
      expect((await callApi(outsider.session, 'GET', `/rest/v1/productivity/lists/${list.id}`)).status).toBe(404);
      await page.goto(`/productivity/list/${list.id}`);
      await page
        .getByRole('alert')
        .getByText(/not found|could not be loaded/i)
        .first()
        .waitFor();
      await expect(page.getByRole('link', { name: 'Radar calibration' }).count()).resolves.toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('prints two selected tasks, one a page', async () => {
    // Titles of this attempt's own: a retry finds the first attempt's tasks in the list too.
    const attempt = attemptTag();
    const [first, second] = await Promise.all([newTask(`Print me first ${attempt}`), newTask(`Print me second ${attempt}`)]);
    const page = await listPage();
    try {
      for (const task of [first, second]) await page.getByRole('checkbox', { name: `Select ${task!.title}` }).check();
      const href = await page.getByRole('link', { name: 'Print the selected tasks' }).getAttribute('href');
      await page.goto(href ?? '');
      await page.getByRole('heading', { name: second!.title, level: 1 }).waitFor();
      const breaks = await page
        .getByTestId('printed-task')
        .evaluateAll((articles) => articles.map((article) => getComputedStyle(article).breakBefore));
      expect(breaks).toEqual(['auto', 'page']);
    } finally {
      await page.context().close();
    }
  });

  it('fits a 360 px phone without scrolling sideways, table and board', async () => {
    for (const view of ['table', 'board']) {
      const page = await listPage(`/productivity/list/${list.id}?view=${view}`, { viewport: PHONE });
      try {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${view} scrolls sideways`).toBeLessThanOrEqual(0);
      } finally {
        await page.context().close();
      }
    }
  });

  it("shows the officer's overdue and due tasks on home", async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    // A title of this attempt's own: a retry finds the first attempt's task on home too.
    const task = await newTask(`Assigned to the officer ${attemptTag()}`, { due_on: yesterday, assignee_ids: [officer.id] });
    const page = await openAs(officer, '/');
    try {
      const panel = page.getByTestId('productivity-needs');
      await panel.getByRole('link', { name: /overdue|due today/ }).waitFor();
      await panel.getByRole('link', { name: task.title }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('keeps My tasks, the space, the list, its board, a task and the new task form axe clean in both themes', async () => {
    const task = await newTask('Looked at by axe', { due_on: today, assignee_ids: [officer.id] });
    await expectScreensAxeClean([
      [
        admin,
        [
          { path: `/productivity/space/${space.id}`, heading: space.name },
          { path: `/productivity/list/${list.id}`, heading: list.name },
          { path: `/productivity/list/${list.id}?view=board`, heading: list.name },
          {
            path: `/productivity/list/${list.id}?task=${task.id}`,
            heading: list.name,
            open: (page) => page.getByRole('dialog', { name: task.title }).getByRole('button', { name: 'Save the task' }).waitFor(),
          },
          {
            path: `/productivity/list/${list.id}`,
            heading: list.name,
            open: (page) => page.getByRole('button', { name: 'New task' }).click(),
          },
        ],
      ],
      [officer, [{ path: '/productivity', heading: 'My tasks' }]],
    ]);
  });
});
