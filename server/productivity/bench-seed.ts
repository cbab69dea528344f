import { DEFAULT_STATUSES, TASK_PRIORITIES } from '../../core/contracts/productivity.ts';
import { readSysConfig } from '../platform/agency-settings.ts';
import type { Tx } from '../platform/database.ts';
import type { BenchAgency } from '../platform/modules.ts';
import { dueInstant } from './recurrence.ts';

/**
 * The productivity part of the bench dataset: three spaces (patrol, investigations, administration)
 * holding every active person, four lists each, and a year of tasks at about six a working day (the
 * other agencies of the query-plan test get their share of it): those of the past mostly closed, those
 * ahead open, each assigned to one or two members and watched by its maker, some with a checklist, a
 * comment, a share, a link to a vehicle or a file (whose bytes the bench does not need).
 */

type Row = Record<string, unknown>;
const TASKS_PER_DAY = 6;

export async function seedBenchProductivity(tx: Tx, bench: BenchAgency): Promise<void> {
  const { agencyId, random: rand } = bench;
  const zone = (await readSysConfig(tx, agencyId))?.general_settings.timezone ?? 'America/Chicago';
  const people = bench.people.filter((p) => p.status === 'active');
  if (people.length === 0) return;
  const creator = people.find((p) => p.role === 'sergeant') ?? people[0]!;
  const now = bench.now.getTime();
  const dateOf = (offsetDays: number) => new Date(now + offsetDays * 86_400_000).toISOString().slice(0, 10);

  const spaces = ['Patrol', 'Investigations', 'Administration'].map((name) => ({
    agency_id: agencyId,
    id: crypto.randomUUID(),
    name,
    description: `${name} work`,
    statuses: DEFAULT_STATUSES,
    fields: [],
    created_by: creator.id,
  }));
  await bench.insert('productivity_spaces', spaces);
  await bench.insert(
    'productivity_space_members',
    spaces.flatMap((space) => people.map((p) => ({ agency_id: agencyId, space_id: space.id, user_id: p.id, added_by: creator.id }))),
  );
  const lists = spaces.flatMap((space) =>
    ['Backlog', 'This week', 'Follow-ups', 'Recurring'].map((name, position) => ({
      agency_id: agencyId,
      id: crypto.randomUUID(),
      space_id: space.id,
      name,
      position,
      created_by: creator.id,
    })),
  );
  await bench.insert('productivity_lists', lists);

  const tasks: Row[] = [];
  const assignees: Row[] = [];
  const checklist: Row[] = [];
  const comments: Row[] = [];
  const watchers: Row[] = [];
  const shares: Row[] = [];
  const links: Row[] = [];
  const attachments: Row[] = [];
  const count = Math.max(20, Math.round(bench.days * TASKS_PER_DAY * bench.activity));
  for (let i = 0; i < count; i += 1) {
    const list = lists[Math.floor(rand() * lists.length)]!;
    // From a year back to two months ahead; a few have no date.
    const offset = Math.round(-bench.days + rand() * (bench.days + 60));
    const dueOn = rand() < 0.08 ? null : dateOf(offset);
    const dueTime = dueOn && rand() < 0.3 ? `${String(8 + Math.floor(rand() * 10)).padStart(2, '0')}:00` : null;
    const past = offset < -2;
    const closed = past ? rand() < 0.9 : rand() < 0.1;
    const status = closed ? 'done' : rand() < 0.6 ? 'todo' : 'in_progress';
    const created = new Date(now + (offset - 7 - Math.floor(rand() * 14)) * 86_400_000);
    const id = crypto.randomUUID();
    tasks.push({
      agency_id: agencyId,
      id,
      space_id: list.space_id,
      list_id: list.id,
      title: `Task ${i + 1}`,
      description: '<p>Bench task.</p>',
      status,
      priority: TASK_PRIORITIES[Math.floor(rand() * TASK_PRIORITIES.length)],
      due_on: dueOn,
      due_time: dueTime,
      due_at: dueInstant(dueOn, dueTime, zone)?.toISOString() ?? null,
      labels: rand() < 0.3 ? ['follow-up'] : [],
      position: (i + 1) * 1024,
      custom_fields: {},
      closed_at: closed ? new Date(now + Math.min(offset, 0) * 86_400_000).toISOString() : null,
      created_by: creator.id,
      created_at: created.toISOString(),
      updated_at: created.toISOString(),
    });
    const first = people[Math.floor(rand() * people.length)]!;
    const second = rand() < 0.25 ? people[Math.floor(rand() * people.length)]! : null;
    for (const person of second && second.id !== first.id ? [first, second] : [first])
      assignees.push({ agency_id: agencyId, task_id: id, user_id: person.id, due_on: dueOn, open: !closed });
    if (rand() < 0.3)
      for (let n = 0; n < 3; n += 1)
        checklist.push({
          agency_id: agencyId,
          id: crypto.randomUUID(),
          task_id: id,
          text: `Step ${n + 1}`,
          done: closed || n === 0,
          position: n,
        });
    watchers.push({ agency_id: agencyId, task_id: id, user_id: creator.id });
    if (rand() < 0.15)
      shares.push({ agency_id: agencyId, task_id: id, user_id: people[Math.floor(rand() * people.length)]!.id, shared_by: creator.id });
    if (rand() < 0.15)
      links.push({
        agency_id: agencyId,
        id: crypto.randomUUID(),
        task_id: id,
        kind: 'vehicle',
        record_id: crypto.randomUUID(),
        label: 'Unit',
        created_by: creator.id,
      });
    if (rand() < 0.15) attachments.push({ agency_id: agencyId, task_id: id, file_id: crypto.randomUUID(), added_by: first.id });
    if (rand() < 0.2)
      comments.push({
        agency_id: agencyId,
        id: crypto.randomUUID(),
        task_id: id,
        author_id: first.id,
        body: 'On it.',
        mention_ids: [],
        created_at: created.toISOString(),
      });
  }
  await bench.insert('productivity_tasks', tasks);
  await bench.insert('productivity_task_assignees', assignees);
  if (checklist.length) await bench.insert('productivity_checklist_items', checklist);
  if (comments.length) await bench.insert('productivity_comments', comments);
  await bench.insert('productivity_task_watchers', watchers);
  for (const [table, rows] of [
    ['productivity_task_shares', shares],
    ['productivity_task_links', links],
    ['productivity_attachments', attachments],
  ] as const)
    if (rows.length) await bench.insert(table, rows);
}
