import { TASK_PRIORITY_LABELS, type Space, type TASK_GROUPS, type TaskPage, type TaskSummary } from '../../core/contracts/productivity.ts';
import { zonedDateParts } from '../../core/dates.ts';

/**
 * The sections of a grouped list's table: the server counts the whole filtered list per status,
 * priority, assignee or due date and sends the page's rows in the groups' order; this names the
 * sections in that order and says which section(s) a row goes under. Due dates are gathered into
 * overdue, today, this week (to Saturday), later and no date, counted from the agency's today, as
 * "My tasks" does. A task with two assignees is under each.
 */

export type TaskGroupBy = (typeof TASK_GROUPS)[number];

export const GROUP_BY_LABELS: Record<TaskGroupBy, string> = {
  none: 'No grouping',
  status: 'Status',
  priority: 'Priority',
  assignee: 'Assignee',
  due: 'Due date',
};

export type TaskSection = { key: string; label: string; count: number };

/** The agency's today and the last day (Saturday) of its week, as ISO dates. */
export type AgencyWeek = { today: string; endOfWeek: string };

export function agencyWeek(now: Date, timeZone: string): AgencyWeek {
  const parts = zonedDateParts(now, timeZone)!;
  const iso = (offset: number) => new Date(Date.UTC(parts.year, parts.month - 1, parts.day + offset)).toISOString().slice(0, 10);
  return { today: iso(0), endOfWeek: iso(6 - parts.weekday) };
}

const DUE_SECTIONS = [
  { key: 'overdue', label: 'Overdue' },
  { key: 'today', label: 'Today' },
  { key: 'this_week', label: 'This week' },
  { key: 'later', label: 'Later' },
  { key: 'no_date', label: 'No due date' },
] as const;

export function dueSection(dueOn: string | null, week: AgencyWeek): string {
  if (!dueOn) return 'no_date';
  if (dueOn < week.today) return 'overdue';
  if (dueOn === week.today) return 'today';
  return dueOn <= week.endOfWeek ? 'this_week' : 'later';
}

/** The keys of the sections a task goes under. */
export function sectionKeysOf(group: TaskGroupBy, task: TaskSummary, week: AgencyWeek): string[] {
  switch (group) {
    case 'none':
      return [];
    case 'status':
      return [task.status];
    case 'priority':
      return [task.priority];
    case 'assignee':
      return task.assignees.length > 0 ? task.assignees.map((person) => person.id) : [''];
    case 'due':
      return [dueSection(task.due_on, week)];
  }
}

/** A section the counts do not name yet (the task changed since they were counted), named from the task. */
function sectionOf(group: TaskGroupBy, key: string, task: TaskSummary, space: Space): TaskSection {
  const label =
    group === 'status'
      ? (space.statuses.find((status) => status.key === key)?.label ?? key)
      : group === 'priority'
        ? TASK_PRIORITY_LABELS[task.priority]
        : group === 'assignee'
          ? (task.assignees.find((person) => person.id === key)?.name ?? 'Unassigned')
          : (DUE_SECTIONS.find((section) => section.key === key)?.label ?? key);
  return { key, label, count: 1 };
}

/** The sections of a page, in order, with their counts in the whole filtered list. */
export function taskSections(group: TaskGroupBy, page: TaskPage, space: Space, week: AgencyWeek): TaskSection[] {
  let sections: TaskSection[];
  if (group === 'due') {
    const counts = new Map<string, number>();
    for (const { key, count } of page.groups) {
      const section = dueSection(key || null, week);
      counts.set(section, (counts.get(section) ?? 0) + count);
    }
    sections = DUE_SECTIONS.flatMap(({ key, label }) => (counts.has(key) ? [{ key, label, count: counts.get(key)! }] : []));
  } else if (group === 'assignee') {
    // By name, the unassigned last.
    sections = [...page.groups].sort((a, b) => Number(a.key === '') - Number(b.key === '') || a.label.localeCompare(b.label));
  } else if (group === 'status') {
    sections = page.groups.map((section) => ({
      ...section,
      label: space.statuses.find((status) => status.key === section.key)?.label ?? section.label,
    }));
  } else sections = [...page.groups];
  for (const task of page.items)
    for (const key of sectionKeysOf(group, task, week))
      if (!sections.some((section) => section.key === key)) sections.push(sectionOf(group, key, task, space));
  return sections;
}
