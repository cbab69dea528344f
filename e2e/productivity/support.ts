/**
 * Set-up for the productivity browser tests: spaces, lists and tasks made through the API, each
 * request a new one (its own idempotency key), as the person whose session is given.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Session } from '../../core/contracts/auth.ts';
import type { CreateSpaceInput, CreateTaskInput, Space, Task, TaskListSummary } from '../../core/contracts/productivity.ts';
import { api } from '../admin/support.ts';

/** A new idempotency key: the request is a new one, not a retry. */
export const created = () => ({ 'idempotency-key': randomUUID() });

/** Sends an edit at the version the test read. */
export const ifMatch = (version: number) => ({ 'if-match': `"${version}"` });

export const newSpace = (session: Session, body: CreateSpaceInput) =>
  api<Space>(session, 'POST', '/rest/v1/productivity/spaces', body, created());

export const newList = (session: Session, spaceId: string, name: string) =>
  api<TaskListSummary>(session, 'POST', `/rest/v1/productivity/spaces/${spaceId}/lists`, { name }, created());

export const newTask = (session: Session, listId: string, body: CreateTaskInput) =>
  api<Task>(session, 'POST', `/rest/v1/productivity/lists/${listId}/tasks`, body, created());

/**
 * Moves a card one column to the right on the board by keyboard, as a keyboard user does: its handle,
 * Space, the right arrow, Space. Each step waits for the board's announcement. dnd-kit's keyboard sensor
 * starts listening for the arrows on a timer after the pick-up, and Chromium runs input ahead of timers, so
 * on a busy machine an arrow pressed as soon as the pick-up is announced could arrive before anyone
 * listens: the move waits one turn of the page's timers first.
 */
export async function moveRightByKeyboard(page: Page, title: string, from: string, to: string): Promise<void> {
  await page.getByRole('button', { name: `Move ${title}` }).focus();
  await page.keyboard.press('Space');
  await page.getByText(`${title} is over ${from}.`).waitFor({ state: 'attached' });
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  await page.keyboard.press('ArrowRight');
  await page.getByText(`${title} is over ${to}.`).waitFor({ state: 'attached' });
  await page.keyboard.press('Space');
}
