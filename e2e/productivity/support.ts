/**
 * Set-up for the productivity browser tests: spaces, lists and tasks made through the API, each
 * request a new one (its own idempotency key), as the person whose session is given.
 */
import { randomUUID } from 'node:crypto';
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
