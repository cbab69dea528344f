import { authApi } from '../../core/contracts/auth-api.ts';
import { productivityApi } from '../../core/contracts/productivity.ts';
import { storageApi } from '../../core/contracts/storage.ts';
import type { EndpointCaller } from '../platform/modules.ts';
import { solidPng } from '../platform/sample-images.ts';

/**
 * Records of agency B for the tenant sweep (server/platform/sweeps.test.ts), made through the API as its
 * administrator: a space with a list, a task with a checklist item, a comment, a file, a link to nothing
 * of A and a template.
 */
const PNG = solidPng(2, 2, [30, 90, 200]);

export async function productivitySweepFixtures(call: EndpointCaller): Promise<string[]> {
  const key = () => ({ 'idempotency-key': crypto.randomUUID() });
  const me = await call(authApi.getUser);
  const space = await call(productivityApi.createSpace, { body: { name: 'Sweep space' }, headers: key() });
  const list = await call(productivityApi.createList, { params: { id: space.id }, body: { name: 'Sweep list' }, headers: key() });
  const task = await call(productivityApi.createTask, {
    params: { id: list.id },
    body: { title: 'Sweep task', assignee_ids: [me.id], due_on: '2027-01-04', checklist: ['Sweep step'] },
    headers: key(),
  });
  await call(productivityApi.addComment, { params: { id: task.id }, body: { body: 'Sweep comment' }, headers: key() });
  const file = await call(storageApi.upload, { query: { purpose: 'productivity' }, body: PNG, headers: { 'content-type': 'image/png' } });
  const withFile = await call(productivityApi.addAttachment, { params: { id: task.id }, body: { file_id: file.id } });
  const template = await call(productivityApi.saveTemplate, { params: { id: task.id }, body: { name: 'Sweep template' }, headers: key() });
  // The ids a route takes (a comment's and a file's are taken by none of the module's routes; storage's file reads are fleet's fixture's).
  return [space.id, list.id, task.id, withFile.checklist[0]!.id, template.id];
}
