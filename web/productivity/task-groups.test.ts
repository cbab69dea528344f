import { describe, expect, it } from 'vitest';
import type { Space, TaskPage, TaskSummary } from '../../core/contracts/productivity.ts';
import { listSearch } from './productivity-search.ts';
import { agencyWeek, sectionKeysOf, taskSections } from './task-groups.ts';

const space = { statuses: [{ key: 'todo', label: 'To do', colour: 'gray', closed: false }] } as unknown as Space;
const task = (id: string, fields: Partial<TaskSummary>) =>
  ({ id, status: 'todo', priority: 'normal', due_on: null, assignees: [], ...fields }) as TaskSummary;
const page = (groups: TaskPage['groups'], items: TaskSummary[] = []) => ({ items, groups, total: items.length, page: 1, page_size: 25 });

describe("a grouped list's sections", () => {
  // Wednesday 11 March 2026, 22:30 in Chicago (already Thursday in UTC).
  const week = agencyWeek(new Date('2026-03-12T03:30:00Z'), 'America/Chicago');

  it('counts from the agency’s today and ends the week on Saturday', () => {
    expect(week).toEqual({ today: '2026-03-11', endOfWeek: '2026-03-14' });
  });

  it('gathers due dates into overdue, today, this week, later and no date, in that order, with their counts summed', () => {
    const groups = [
      { key: '', label: 'No due date', count: 2 },
      { key: '2026-03-02', label: '2026-03-02', count: 1 },
      { key: '2026-03-10', label: '2026-03-10', count: 3 },
      { key: '2026-03-11', label: '2026-03-11', count: 1 },
      { key: '2026-03-14', label: '2026-03-14', count: 1 },
      { key: '2026-03-15', label: '2026-03-15', count: 4 },
    ];
    expect(taskSections('due', page(groups), space, week).map((s) => [s.label, s.count])).toEqual([
      ['Overdue', 4],
      ['Today', 1],
      ['This week', 1],
      ['Later', 4],
      ['No due date', 2],
    ]);
  });

  it('puts the unassigned last and a task with two assignees under each', () => {
    const groups = [
      { key: '', label: 'Unassigned', count: 1 },
      { key: 'z', label: 'Zoe Young', count: 1 },
      { key: 'a', label: 'Adam Abbott', count: 1 },
    ];
    expect(taskSections('assignee', page(groups), space, week).map((s) => s.label)).toEqual(['Adam Abbott', 'Zoe Young', 'Unassigned']);
    const both = task('t', {
      assignees: [
        { id: 'a', name: 'Adam Abbott' },
        { id: 'z', name: 'Zoe Young' },
      ],
    } as Partial<TaskSummary>);
    expect(sectionKeysOf('assignee', both, week)).toEqual(['a', 'z']);
    expect(sectionKeysOf('assignee', task('u', {}), week)).toEqual(['']);
  });

  it('gives a row the counts do not name yet a section of its own', () => {
    const sections = taskSections(
      'priority',
      page([{ key: 'low', label: 'Low', count: 1 }], [task('t', { priority: 'urgent' })]),
      space,
      week,
    );
    expect(sections.map((s) => [s.label, s.count])).toEqual([
      ['Low', 1],
      ['Urgent', 1],
    ]);
  });

  it('takes every grouping the server offers from the URL', () => {
    for (const group of ['status', 'priority', 'assignee', 'due'] as const) expect(listSearch.parse({ group }).group).toBe(group);
  });
});
