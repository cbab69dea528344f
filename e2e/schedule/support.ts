import type { Page } from 'playwright-core';
import { settled, signInWithSession, type Person } from '../admin/support.ts';
import { newPage, type NewPageOptions } from '../support/browser.ts';

/** What the scheduling browser tests share: the phone they read on, the scheduler's role, a signed-in page. */

export const PHONE = { width: 360, height: 740 };

/** The five scheduling admin permissions (the /schedule/admin guard) and scheduling:view. */
export const SCHEDULER_PERMISSIONS = [
  'scheduling:view',
  'scheduling:ot.manage',
  'scheduling:ot.create',
  'scheduling:pto.manage',
  'scheduling:modification.manage',
  'scheduling:allcall',
];

/** A new browser context signed in as `person`, on `path`, settled. */
export async function openAs(person: Pick<Person, 'session'>, path: string, options: NewPageOptions = {}): Promise<Page> {
  const page = await newPage(options);
  await signInWithSession(page, person.session);
  await page.goto(path);
  await settled(page);
  return page;
}
