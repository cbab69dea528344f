import { randomUUID } from 'node:crypto';
import {
  DEFAULT_STATUSES,
  type CustomField,
  type Recurrence,
  type SpaceStatus,
  type TaskPriority,
} from '../../core/contracts/productivity.ts';
import { readSysConfig } from '../platform/agency-settings.ts';
import type { Tx } from '../platform/database.ts';
import type { DemoAgency } from '../platform/modules.ts';
import { peopleOf } from '../platform/people.ts';
import * as q from './queries.ts';
import { agencyCalendar, dueInstant } from './recurrence.ts';

/**
 * Riverside's productivity demo: two spaces, Patrol (the sergeant's unit: shift work, community
 * policing, equipment) and Investigations (cases waiting on the lab, in review, closed), about sixty
 * tasks in every status of each workflow, due from last week to next month, with recurring ones (a
 * daily 09:00 briefing check, a weekly armory inventory), checklists, custom fields and comments.
 * sergeant@ and officer@ have tasks overdue, due today and this week. The small demo agency has none.
 */

const day = (today: string, offset: number) => new Date(Date.parse(`${today}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

interface DemoTask {
  title: string;
  list: number;
  status: string;
  priority?: TaskPriority;
  due?: number;
  time?: string;
  who: string[];
  labels?: string[];
  fields?: Record<string, string | number | boolean>;
  checklist?: Array<[string, boolean]>;
  comments?: Array<[string, string]>;
  recurrence?: Recurrence;
  description?: string;
}

export async function seedDemoProductivity(tx: Tx, { agencyId, size }: DemoAgency): Promise<void> {
  if (size !== 'large') return;
  const sysConfig = await readSysConfig(tx, agencyId);
  if (!sysConfig) return;
  const zone = sysConfig.general_settings.timezone;
  const { today } = agencyCalendar(zone);
  const people = await peopleOf(tx, agencyId);
  const id = (prefix: string) => people.find((p) => p.email.startsWith(prefix))?.id;
  const who: Record<string, string | undefined> = {
    sergeant: id('sergeant@'),
    officer: id('officer@'),
    admin: id('admin@'),
    fto: id('fto@'),
    trainee: id('trainee@'),
    records: id('records@'),
    fleet: id('fleet@'),
    scheduler: id('scheduler@'),
  };
  const sergeant = who.sergeant;
  if (!sergeant || !who.officer) return;

  const beat: CustomField = { id: randomUUID(), name: 'Beat', type: 'choice', options: ['North', 'South', 'East', 'West'] };
  const hours: CustomField = { id: randomUUID(), name: 'Hours spent', type: 'number', options: [] };
  const caseNumber: CustomField = { id: randomUUID(), name: 'Case number', type: 'text', options: [] };
  const courtDate: CustomField = { id: randomUUID(), name: 'Court date', type: 'date', options: [] };
  const evidence: CustomField = { id: randomUUID(), name: 'Evidence logged', type: 'yes_no', options: [] };
  const patrolStatuses: SpaceStatus[] = [
    DEFAULT_STATUSES[0]!,
    DEFAULT_STATUSES[1]!,
    { key: 'blocked', label: 'Blocked', color: '#e03131', closed: false },
    DEFAULT_STATUSES[2]!,
  ];
  const investigationStatuses: SpaceStatus[] = [
    { key: 'open', label: 'Open', color: '#868e96', closed: false },
    { key: 'waiting_lab', label: 'Waiting on lab', color: '#f08c00', closed: false },
    { key: 'in_review', label: 'In review', color: '#1c7ed6', closed: false },
    { key: 'closed', label: 'Closed', color: '#2f9e44', closed: true },
    { key: 'cancelled', label: 'Cancelled', color: '#495057', closed: true },
  ];

  const spaces = [
    {
      name: 'Patrol',
      description: 'Day-to-day work of the patrol division: shift tasks, community policing and equipment.',
      statuses: patrolStatuses,
      fields: [beat, hours],
      members: ['sergeant', 'officer', 'admin', 'fto', 'trainee', 'fleet', 'scheduler'],
      lists: ['Shift tasks', 'Community policing', 'Equipment'],
    },
    {
      name: 'Investigations',
      description: 'Follow-ups and case work handed to investigators.',
      statuses: investigationStatuses,
      fields: [caseNumber, courtDate, evidence],
      members: ['sergeant', 'officer', 'admin', 'records'],
      lists: ['Open cases', 'Follow-ups'],
    },
  ];

  const patrolTasks: DemoTask[] = [
    {
      title: 'Check the briefing board before roll call',
      list: 0,
      status: 'todo',
      priority: 'high',
      due: 0,
      time: '09:00',
      who: ['sergeant'],
      labels: ['briefing'],
      recurrence: { freq: 'daily', interval: 1, weekdays: [], until: null },
      checklist: [
        ['BOLOs updated', false],
        ['Warrants list printed', false],
        ['Special attention addresses', false],
      ],
    },
    {
      title: 'Inventory the armory',
      list: 2,
      status: 'todo',
      due: 3,
      time: '14:00',
      who: ['sergeant', 'officer'],
      labels: ['equipment'],
      recurrence: { freq: 'weekly', interval: 1, weekdays: [1], until: null },
      checklist: [
        ['Rifles counted', false],
        ['Less-lethal launchers', false],
        ['Ammunition log signed', false],
      ],
    },
    {
      title: 'Monthly radio battery swap',
      list: 2,
      status: 'todo',
      due: 12,
      who: ['fleet'],
      recurrence: { freq: 'monthly', interval: 1, weekdays: [], until: null },
    },
    {
      title: 'Write up the Elm Street noise complaint follow-up',
      list: 0,
      status: 'in_progress',
      due: -2,
      who: ['officer'],
      fields: { [beat.id]: 'North' },
    },
    { title: 'Return the borrowed speed trailer to county', list: 2, status: 'blocked', due: -1, who: ['officer'], priority: 'high' },
    {
      title: 'Call back Mrs. Alvarez about the abandoned car',
      list: 0,
      status: 'todo',
      due: 0,
      time: '15:30',
      who: ['officer'],
      fields: { [beat.id]: 'East' },
    },
    { title: 'Review body-camera footage of Tuesday’s stop', list: 0, status: 'todo', due: 0, who: ['sergeant'], priority: 'urgent' },
    {
      title: 'Plan the school crossing detail for next week',
      list: 1,
      status: 'in_progress',
      due: 4,
      who: ['sergeant', 'officer'],
      fields: { [hours.id]: 2 },
    },
    {
      title: 'Coffee with a Cop: book the venue',
      list: 1,
      status: 'todo',
      due: 9,
      who: ['officer'],
      labels: ['community'],
      checklist: [
        ['Ask the library for the meeting room', true],
        ['Flyer to the city', false],
      ],
      comments: [
        ['sergeant', 'The library has Thursdays free in the morning.'],
        ['officer', 'I’ll ask for the 9th.'],
      ],
    },
    { title: 'Neighbourhood watch meeting, Ridgeview', list: 1, status: 'todo', due: 16, who: ['officer'], fields: { [beat.id]: 'South' } },
    { title: 'Replace the cracked light bar lens on 2214', list: 2, status: 'in_progress', due: 1, who: ['fleet'], priority: 'high' },
    { title: 'Trainee: ride-along write-up', list: 0, status: 'todo', due: 2, who: ['trainee', 'fto'] },
    { title: 'Update the beat map for the new subdivision', list: 1, status: 'blocked', due: 20, who: ['scheduler'] },
    { title: 'Collect the holiday toy drive boxes', list: 1, status: 'done', due: -6, who: ['officer'], labels: ['community'] },
    { title: 'Test the new in-car printers', list: 2, status: 'done', due: -8, who: ['fleet', 'officer'] },
    { title: 'Shift report template feedback', list: 0, status: 'done', due: -4, who: ['sergeant'] },
    {
      title: 'Traffic complaint: Oak and 5th speeding',
      list: 0,
      status: 'in_progress',
      due: 5,
      who: ['officer'],
      fields: { [beat.id]: 'West', [hours.id]: 3 },
    },
    { title: 'Order replacement flares', list: 2, status: 'todo', due: 7, who: ['fleet'], priority: 'low' },
    { title: 'Bike patrol schedule for the summer', list: 1, status: 'todo', who: ['sergeant'], priority: 'low' },
    {
      title: 'Recertify the AEDs in every car',
      list: 2,
      status: 'todo',
      due: 25,
      who: ['fleet'],
      checklist: [
        ['Units 2201–2206', false],
        ['Units 2207–2212', false],
      ],
    },
  ];
  const investigationTasks: DemoTask[] = [
    {
      title: 'Burglary on Birch Lane: canvass the block again',
      list: 0,
      status: 'open',
      due: -3,
      who: ['officer'],
      priority: 'high',
      fields: { [caseNumber.id]: 'RPD-2026-01184', [evidence.id]: true },
      comments: [
        ['sergeant', '@Officer the neighbour at 412 has a doorbell camera.'],
        ['officer', 'Going back this afternoon.'],
      ],
    },
    {
      title: 'Fingerprints from the pharmacy break-in',
      list: 0,
      status: 'waiting_lab',
      due: 6,
      who: ['records'],
      fields: { [caseNumber.id]: 'RPD-2026-01192', [evidence.id]: true },
    },
    {
      title: 'Witness statement: Riverside Mall theft',
      list: 1,
      status: 'open',
      due: 0,
      time: '11:00',
      who: ['officer'],
      fields: { [caseNumber.id]: 'RPD-2026-01201' },
    },
    {
      title: 'Prepare the court packet for Hanley',
      list: 0,
      status: 'in_review',
      due: 2,
      who: ['sergeant'],
      fields: { [caseNumber.id]: 'RPD-2026-01077', [courtDate.id]: day(today, 14) },
    },
    {
      title: 'Catalytic converter thefts: pattern summary',
      list: 0,
      status: 'open',
      due: 10,
      who: ['sergeant', 'records'],
      priority: 'normal',
    },
    { title: 'Return property to the Garcia family', list: 1, status: 'closed', due: -5, who: ['records'] },
    { title: 'Duplicate report: cancel RPD-2026-01150', list: 1, status: 'cancelled', due: -7, who: ['records'] },
    {
      title: 'Subpoena phone records (Main St. robbery)',
      list: 0,
      status: 'waiting_lab',
      due: 18,
      who: ['sergeant'],
      fields: { [caseNumber.id]: 'RPD-2026-01166' },
    },
    {
      title: 'Follow up with the victim of the vehicle break-in',
      list: 1,
      status: 'open',
      due: 1,
      who: ['officer'],
      fields: { [caseNumber.id]: 'RPD-2026-01210' },
    },
    { title: 'Lab results for the DUI blood draw', list: 1, status: 'waiting_lab', due: -1, who: ['officer'], priority: 'high' },
  ];

  // More ordinary work to fill the lists, spread over the weeks around today and every status.
  const people2 = ['sergeant', 'officer', 'fto', 'fleet', 'scheduler', 'trainee'];
  const filler = ['Follow-up call', 'Paperwork check', 'Site visit', 'Equipment check', 'Training note', 'Records request'];
  for (let i = 0; i < 20; i += 1)
    patrolTasks.push({
      title: `${filler[i % filler.length]} #${i + 1}`,
      list: i % 3,
      status: patrolStatuses[i % patrolStatuses.length]!.key,
      priority: (['normal', 'low', 'high', 'normal', 'urgent'] as const)[i % 5],
      ...(i % 4 === 3 ? {} : { due: ((i * 5) % 31) - 10 }),
      who: [people2[i % people2.length]!],
      fields: { [beat.id]: beat.options[i % 4]! },
    });
  for (let i = 0; i < 10; i += 1)
    investigationTasks.push({
      title: `Case follow-up ${i + 1}`,
      list: i % 2,
      status: investigationStatuses[i % investigationStatuses.length]!.key,
      due: ((i * 7) % 29) - 8,
      who: [(['officer', 'records', 'sergeant'] as const)[i % 3]!],
      fields: { [caseNumber.id]: `RPD-2026-0${1220 + i}` },
    });

  for (const [index, spec] of spaces.entries()) {
    const memberIds = spec.members.map((m) => who[m]).filter((m): m is string => Boolean(m));
    const space = await q.insertSpace(tx, {
      agencyId,
      name: spec.name,
      description: spec.description,
      statuses: spec.statuses,
      fields: spec.fields,
      createdBy: sergeant,
    });
    await q.replaceMembers(tx, agencyId, space.id, memberIds, sergeant);
    const lists = [];
    for (const [position, name] of spec.lists.entries())
      lists.push(await q.insertList(tx, { agencyId, spaceId: space.id, name, position, createdBy: sergeant }));
    const tasks = index === 0 ? patrolTasks : investigationTasks;
    for (const [n, t] of tasks.entries()) {
      const closed = spec.statuses.find((s) => s.key === t.status)?.closed === true;
      const dueOn = t.due === undefined ? null : day(today, t.due);
      const task = await q.insertTask(tx, {
        agencyId,
        spaceId: space.id,
        listId: lists[t.list]!.id,
        title: t.title,
        description: t.description ?? `<p>${t.title}.</p>`,
        status: t.status,
        priority: t.priority ?? 'normal',
        dueOn,
        dueTime: t.time ?? null,
        dueAt: dueInstant(dueOn, t.time ?? null, zone),
        labels: t.labels ?? [],
        position: (n + 1) * 1024,
        customFields: t.fields ?? {},
        recurrence: t.recurrence ?? null,
        closedAt: closed ? new Date(Date.parse(`${dueOn ?? today}T18:00:00Z`)) : null,
        createdBy: sergeant,
      });
      const assignees = t.who.map((w) => who[w]).filter((w): w is string => Boolean(w) && memberIds.includes(w!));
      await q.replaceAssignees(tx, task, assignees);
      await q.addWatcher(tx, agencyId, task.id, sergeant);
      await q.insertChecklistItems(
        tx,
        (t.checklist ?? []).map(([text, done], position) => ({
          agencyId,
          taskId: task.id,
          text,
          done,
          position,
          doneBy: done ? (assignees[0] ?? sergeant) : null,
        })),
      );
      for (const [author, body] of t.comments ?? []) {
        const authorId = who[author] ?? sergeant;
        const mentions = body.includes('@Officer') && who.officer ? [who.officer] : [];
        await q.insertComment(tx, { agencyId, taskId: task.id, authorId, body, mentionIds: mentions });
      }
    }
  }
}
