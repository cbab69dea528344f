import type { FastifyInstance } from 'fastify';
import { productivityApi } from '../../core/contracts/productivity.ts';
import { csvFile, registerApi } from '../platform/endpoints.ts';
import type { Services } from '../platform/services.ts';
import { searchProductivityPeople } from './people.ts';
import { getProductivitySettings, updateProductivitySettings } from './settings.ts';
import {
  archiveTemplate,
  createList,
  createSpace,
  getList,
  getSpace,
  listSpaces,
  listTemplates,
  setMembers,
  updateList,
  updateSpace,
} from './spaces.ts';
import {
  addAttachment,
  addChecklistItem,
  addComment,
  addLink,
  listComments,
  removeAttachment,
  removeChecklistItem,
  removeLink,
  share,
  unshare,
  updateChecklistItem,
  watch,
} from './task-parts.ts';
import {
  bulkUpdate,
  closeTask,
  createTask,
  duplicateTask,
  exportTasks,
  getTask,
  linkedTasks,
  listTasks,
  moveTask,
  myTasks,
  productivityHome,
  reopenTask,
  saveTemplate,
  updateTask,
} from './tasks.ts';

/** The handlers of productivityApi (core/contracts/productivity.ts): one use case each (a change to a task's files, links or shares answers the task as it is then). */
export async function productivityRoutes(app: FastifyInstance, services: Services) {
  await registerApi(app, services, productivityApi, {
    home: (ctx) => productivityHome(ctx),
    getSettings: (ctx) => getProductivitySettings(ctx),
    updateSettings: (ctx, { body }) => updateProductivitySettings(ctx, body),
    myTasks: (ctx) => myTasks(ctx),

    listSpaces: (ctx) => listSpaces(ctx),
    createSpace: (ctx, { body }) => createSpace(ctx, body),
    getSpace: (ctx, { params }) => getSpace(ctx, params.id),
    updateSpace: (ctx, { params, version, body }) => updateSpace(ctx, params.id, version, body),
    setMembers: (ctx, { params, version, body }) => setMembers(ctx, params.id, version, body),
    listTemplates: (ctx, { params }) => listTemplates(ctx, params.id),
    archiveTemplate: (ctx, { params }) => archiveTemplate(ctx, params.id),

    createList: (ctx, { params, body }) => createList(ctx, params.id, body),
    getList: (ctx, { params }) => getList(ctx, params.id),
    updateList: (ctx, { params, version, body }) => updateList(ctx, params.id, version, body),
    listTasks: (ctx, { params, query }) => listTasks(ctx, params.id, query),
    exportTasks: async (ctx, { params, query }) => csvFile('tasks', await exportTasks(ctx, params.id, query)),
    createTask: (ctx, { params, body }) => createTask(ctx, params.id, body),

    bulkUpdate: (ctx, { body }) => bulkUpdate(ctx, body),
    linked: (ctx, { query }) => linkedTasks(ctx, query),
    getTask: (ctx, { params }) => getTask(ctx, params.id),
    updateTask: (ctx, { params, version, body }) => updateTask(ctx, params.id, version, body),
    closeTask: (ctx, { params, version }) => closeTask(ctx, params.id, version),
    reopenTask: (ctx, { params, version }) => reopenTask(ctx, params.id, version),
    moveTask: (ctx, { params, version, body }) => moveTask(ctx, params.id, version, body),
    duplicateTask: (ctx, { params, body }) => duplicateTask(ctx, params.id, body),
    saveTemplate: (ctx, { params, body }) => saveTemplate(ctx, params.id, body),

    addChecklistItem: (ctx, { params, body }) => addChecklistItem(ctx, params.id, body.text),
    updateChecklistItem: (ctx, { params, version, body }) => updateChecklistItem(ctx, params.id, version, body),
    removeChecklistItem: (ctx, { params }) => removeChecklistItem(ctx, params.id),
    listComments: (ctx, { params }) => listComments(ctx, params.id),
    addComment: (ctx, { params, body }) => addComment(ctx, params.id, body),
    watch: (ctx, { params }) => watch(ctx, params.id, true),
    unwatch: (ctx, { params }) => watch(ctx, params.id, false),

    addAttachment: async (ctx, { params, body }) => getTask(ctx, (await addAttachment(ctx, params.id, body.file_id)).id),
    removeAttachment: async (ctx, { params }) => getTask(ctx, (await removeAttachment(ctx, params.id, params.file_id)).id),
    addLink: async (ctx, { params, body }) => getTask(ctx, (await addLink(ctx, params.id, body)).id),
    removeLink: (ctx, { params }) => removeLink(ctx, params.id),
    share: async (ctx, { params, body }) => getTask(ctx, (await share(ctx, params.id, body.user_id)).id),
    unshare: async (ctx, { params }) => getTask(ctx, (await unshare(ctx, params.id, params.user_id)).id),

    searchPeople: (ctx, { query }) => searchProductivityPeople(ctx, query),
  });
}
