import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CreateListInput,
  CreateSpaceInput,
  CustomField,
  CustomFieldInput,
  Space,
  SpaceMembersInput,
  SpaceSummary,
  TaskListSummary,
  TaskTemplate,
  UpdateListInput,
  UpdateSpaceInput,
} from '../../core/contracts/productivity.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { findPerson } from '../platform/people.ts';
import { updateAtVersion } from '../platform/versioned-update.ts';
import { staleVersion } from '../platform/versioning.ts';
import * as q from './queries.ts';
import { mayCreateSpaces } from './settings.ts';
import { productivityLists, productivitySpaces, productivityTemplates } from './schema.ts';
import { isAdmin, personSeesTask, visibleList, visibleSpace } from './visibility.ts';

/** Spaces (with their members, statuses and custom fields), their lists, and the space's task templates. */

function toListSummary(row: { list: q.ListRow; openTasks: number }): TaskListSummary {
  const { list } = row;
  return {
    id: list.id,
    space_id: list.spaceId,
    name: list.name,
    position: list.position,
    archived: list.archived,
    open_tasks: row.openTasks,
    version: list.version,
  };
}

function toSummary(space: q.SpaceRow, counts: { memberCount: number; openTasks: number }, member: boolean): SpaceSummary {
  return {
    id: space.id,
    name: space.name,
    description: space.description,
    archived: space.archived,
    member_count: counts.memberCount,
    open_tasks: counts.openTasks,
    member,
    version: space.version,
  };
}

export async function describeSpace(tx: Tx, ctx: RequestContext, space: q.SpaceRow): Promise<Space> {
  const agencyId = ctx.scope.agencyId;
  const members = await q.membersOf(tx, agencyId, space.id);
  const lists = await q.listsOf(tx, agencyId, space.id);
  return {
    ...toSummary(
      space,
      { memberCount: members.length, openTasks: lists.reduce((sum, list) => sum + list.openTasks, 0) },
      members.some((m) => m.id === ctx.scope.userId),
    ),
    statuses: space.statuses,
    fields: space.fields,
    members,
    lists: lists.map(toListSummary),
    created_at: space.createdAt.toISOString(),
  };
}

function audited(space: q.SpaceRow) {
  return { name: space.name, description: space.description, statuses: space.statuses, fields: space.fields, archived: space.archived };
}

/** The spaces the caller is a member of (an administrator: every space), open ones first, by name. */
export function listSpaces(ctx: RequestContext): Promise<SpaceSummary[]> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const mine = await q.spaceIdsOf(tx, agencyId, ctx.scope.userId);
    const rows = await q.listSpaces(tx, agencyId, isAdmin(ctx) ? null : mine);
    return rows.map((row) => toSummary(row.space, row, mine.includes(row.space.id)));
  });
}

/** Each id must be a person of the agency: the problems by field. */
async function checkPeople(tx: Tx, agencyId: string, ids: string[], field: string): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  for (const [index, id] of ids.entries())
    if (!(await findPerson(tx, agencyId, id))) problems[`${field}.${index}`] = 'This person is not in your agency';
  return problems;
}

/** New fields get their id; a choice field needs its options. */
function withFieldIds(fields: Array<z.output<typeof CustomFieldInput>>): { fields: CustomField[]; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  const result = fields.map((field, index) => {
    if (field.type === 'choice' && field.options.length === 0) problems[`fields.${index}.options`] = 'Give a choice field its options';
    const id = field.id ?? randomUUID();
    if (seen.has(id)) problems[`fields.${index}.id`] = 'This field is listed twice';
    seen.add(id);
    return { ...field, id };
  });
  return { fields: result, problems };
}

export function createSpace(ctx: RequestContext, input: z.output<typeof CreateSpaceInput>): Promise<Space> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    if (!(await mayCreateSpaces(tx, ctx)))
      throw new AppError('forbidden', 'Your agency lets only some people create spaces; ask your administrator');
    const memberIds = [...new Set([ctx.scope.userId, ...input.member_ids])];
    const { fields, problems } = withFieldIds(input.fields);
    Object.assign(problems, await checkPeople(tx, agencyId, input.member_ids, 'member_ids'));
    if (Object.keys(problems).length) throw validationError(problems);
    const space = await q.insertSpace(tx, {
      agencyId,
      name: input.name,
      description: input.description,
      statuses: input.statuses,
      fields,
      createdBy: ctx.scope.userId,
    });
    await q.replaceMembers(tx, agencyId, space.id, memberIds, ctx.scope.userId);
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'productivity.space_created',
      entityType: 'productivity_space',
      entityId: space.id,
      summary: `Created the space ${space.name}`,
      after: { ...audited(space), member_ids: memberIds },
    });
    return describeSpace(tx, ctx, space);
  });
}

export function getSpace(ctx: RequestContext, id: string): Promise<Space> {
  return inAgency(ctx, async (tx) => describeSpace(tx, ctx, await visibleSpace(tx, ctx, id)));
}

export function updateSpace(ctx: RequestContext, id: string, version: number, input: z.output<typeof UpdateSpaceInput>): Promise<Space> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const before = await visibleSpace(tx, ctx, id, { lock: true });
    if (before.version !== version) throw staleVersion('space');
    const problems: Record<string, string> = {};
    let fields: CustomField[] | undefined;
    if (input.fields) {
      const checked = withFieldIds(input.fields);
      fields = checked.fields;
      Object.assign(problems, checked.problems);
    }
    if (input.statuses) {
      const kept = new Set(input.statuses.map((s) => s.key));
      const dropped = before.statuses.map((s) => s.key).filter((key) => !kept.has(key));
      for (const row of await q.tasksInStatuses(tx, agencyId, id, dropped))
        problems.statuses = `${row.count} task${row.count === 1 ? ' is' : 's are'} still in ${before.statuses.find((s) => s.key === row.status)?.label ?? row.status}; move ${row.count === 1 ? 'it' : 'them'} first`;
      // A status that changes between open and closed would leave its tasks' closed date and their
      // assignees' open flag saying otherwise: refused while tasks are in it, as dropping it is.
      const flipped = input.statuses
        .filter((status) => before.statuses.some((old) => old.key === status.key && old.closed !== status.closed))
        .map((status) => status.key);
      for (const row of await q.tasksInStatuses(tx, agencyId, id, flipped)) {
        const label = before.statuses.find((s) => s.key === row.status)?.label ?? row.status;
        problems.statuses = `${row.count} task${row.count === 1 ? ' is' : 's are'} still in ${label}; move ${row.count === 1 ? 'it' : 'them'} to another status before making ${label} ${before.statuses.find((s) => s.key === row.status)?.closed ? 'open' : 'closed'}`;
      }
    }
    if (Object.keys(problems).length) throw validationError(problems);
    const after = await updateAtVersion(
      tx,
      productivitySpaces,
      and(eq(productivitySpaces.agencyId, agencyId), eq(productivitySpaces.id, id)),
      version,
      {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.statuses !== undefined ? { statuses: input.statuses } : {}),
        ...(fields !== undefined ? { fields } : {}),
        ...(input.archived !== undefined ? { archived: input.archived } : {}),
      },
    );
    if (!after) throw staleVersion('space');
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'productivity.space_changed',
      entityType: 'productivity_space',
      entityId: id,
      summary: `Changed the space ${after.name}`,
      before: audited(before),
      after: audited(after),
    });
    return describeSpace(tx, ctx, after);
  });
}

export function setMembers(ctx: RequestContext, id: string, version: number, input: z.output<typeof SpaceMembersInput>): Promise<Space> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const space = await visibleSpace(tx, ctx, id, { lock: true });
    if (space.version !== version) throw staleVersion('space');
    const ids = [...new Set(input.member_ids)];
    const problems = await checkPeople(tx, agencyId, ids, 'member_ids');
    if (ids.length === 0) problems.member_ids = 'Keep at least one member';
    if (Object.keys(problems).length) throw validationError(problems);
    const before = (await q.membersOf(tx, agencyId, id)).map((m) => m.id);
    await q.replaceMembers(tx, agencyId, id, ids, ctx.scope.userId);
    // Those dropped stop watching the space's tasks they no longer see (unless shared with them, or administrators).
    const dropped = before.filter((userId) => !ids.includes(userId));
    for (const row of await q.watchingIn(tx, agencyId, id, dropped))
      if (!(await personSeesTask(tx, agencyId, { id: row.taskId, spaceId: id }, row.userId)))
        await q.removeWatcher(tx, agencyId, row.taskId, row.userId);
    const after = await updateAtVersion(
      tx,
      productivitySpaces,
      and(eq(productivitySpaces.agencyId, agencyId), eq(productivitySpaces.id, id)),
      version,
      {},
    );
    if (!after) throw staleVersion('space');
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'productivity.space_members_changed',
      entityType: 'productivity_space',
      entityId: id,
      summary: `Changed who is in the space ${space.name}`,
      before: { member_ids: before },
      after: { member_ids: ids },
    });
    return describeSpace(tx, ctx, after);
  });
}

// ---------------------------------------------------------------- lists

export function createList(ctx: RequestContext, spaceId: string, input: z.output<typeof CreateListInput>): Promise<TaskListSummary> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const space = await visibleSpace(tx, ctx, spaceId);
    const lists = await q.listsOf(tx, agencyId, spaceId);
    const list = await q.insertList(tx, {
      agencyId,
      spaceId,
      name: input.name,
      position: lists.length,
      createdBy: ctx.scope.userId,
    });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'productivity.list_created',
      entityType: 'productivity_list',
      entityId: list.id,
      summary: `Created the list ${list.name} in ${space.name}`,
      after: { space_id: spaceId, name: list.name },
    });
    return toListSummary({ list, openTasks: 0 });
  });
}

export function getList(ctx: RequestContext, id: string): Promise<TaskListSummary> {
  return inAgency(ctx, async (tx) => toListSummary(await visibleList(tx, ctx, id)));
}

export function updateList(
  ctx: RequestContext,
  id: string,
  version: number,
  input: z.output<typeof UpdateListInput>,
): Promise<TaskListSummary> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const found = await visibleList(tx, ctx, id);
    if (found.list.version !== version) throw staleVersion('list');
    const after = await updateAtVersion(
      tx,
      productivityLists,
      and(eq(productivityLists.agencyId, agencyId), eq(productivityLists.id, id)),
      version,
      {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
        ...(input.archived !== undefined ? { archived: input.archived } : {}),
      },
    );
    if (!after) throw staleVersion('list');
    const pick = (list: q.ListRow) => ({ name: list.name, position: list.position, archived: list.archived });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'productivity.list_changed',
      entityType: 'productivity_list',
      entityId: id,
      summary: `Changed the list ${after.name}`,
      before: pick(found.list),
      after: pick(after),
    });
    return toListSummary({ list: after, openTasks: found.openTasks });
  });
}

// ---------------------------------------------------------------- templates

export function toTemplate(row: { template: typeof productivityTemplates.$inferSelect; createdByName: string }): TaskTemplate {
  const { template } = row;
  return {
    id: template.id,
    space_id: template.spaceId,
    name: template.name,
    content: template.content,
    created_by: { id: template.createdBy, name: row.createdByName },
    created_at: template.createdAt.toISOString(),
    version: template.version,
  };
}

export function listTemplates(ctx: RequestContext, spaceId: string): Promise<TaskTemplate[]> {
  return inAgency(ctx, async (tx) => {
    await visibleSpace(tx, ctx, spaceId);
    return (await q.templatesOf(tx, ctx.scope.agencyId, spaceId)).map(toTemplate);
  });
}

export function archiveTemplate(ctx: RequestContext, id: string): Promise<void> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const found = await q.findTemplate(tx, agencyId, id);
    if (!found) throw new AppError('not_found', 'The template was not found');
    await visibleSpace(tx, ctx, found.template.spaceId).catch(() => {
      throw new AppError('not_found', 'The template was not found');
    });
    await updateAtVersion(
      tx,
      productivityTemplates,
      and(eq(productivityTemplates.agencyId, agencyId), eq(productivityTemplates.id, id)),
      null,
      {
        archived: true,
      },
    );
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'productivity.template_archived',
      entityType: 'productivity_template',
      entityId: id,
      summary: `Archived the task template ${found.template.name}`,
      before: { archived: found.template.archived },
      after: { archived: true },
    });
  });
}
