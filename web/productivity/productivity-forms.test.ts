import { describe, expect, it } from 'vitest';
import { listSearch, listTasksQuery } from './productivity-search.ts';
import { mentionsIn, taskFieldsInput, textToHtml } from './task-fields.tsx';

const ID = '5B0B8E4E-4F1E-4F57-9C57-8B1A3B0F6F11';

describe("a list's URL state as the API's query", () => {
  it('asks for open tasks in their order by default', () => {
    expect(listTasksQuery(listSearch.defaults)).toEqual({
      page: 1,
      page_size: 25,
      sort: 'position',
      order: 'asc',
      include_closed: 'false',
      group: 'none',
    });
  });

  it('keeps the sort when grouped (the server orders by the group first), and includes closed tasks when a status is chosen', () => {
    const state = listSearch.parse({ group: 'status', sort: 'due', status: 'done', assignee_id: ID, label: 'court', q: ' radar ' });
    expect(listTasksQuery(state)).toMatchObject({
      sort: 'due',
      status: 'done',
      assignee_id: ID.toLowerCase(),
      label: 'court',
      q: 'radar',
      include_closed: 'true',
      group: 'status',
    });
  });

  it('falls back to the defaults for what a hand-edited URL gets wrong', () => {
    expect(listSearch.parse({ view: 'kanban', sort: 'colour', task: 'not-an-id', page: '0' })).toEqual(listSearch.defaults);
  });
});

describe("a task's form as the API's body", () => {
  const values = {
    title: '  Count the flares ',
    description: 'Every car\nTrunk <and> glovebox',
    status: '',
    priority: 'high' as const,
    assignee_ids: [],
    due_on: '',
    due_time: '09:00',
    labels: [],
  };

  it('keeps the description as escaped paragraphs, leaves out an unchosen status and a time without a date', () => {
    expect(taskFieldsInput(values)).toEqual({
      title: 'Count the flares',
      description: '<p>Every car</p><p>Trunk &lt;and&gt; glovebox</p>',
      priority: 'high',
      assignee_ids: [],
      due_on: null,
      due_time: null,
      labels: [],
    });
    expect(textToHtml('   ')).toBe('');
  });

  it('mentions the people named with @ and their whole name', () => {
    const people = [
      { id: 'a', name: 'Sam Patel' },
      { id: 'b', name: 'Jo Rivera' },
    ];
    expect(mentionsIn('@Sam Patel please check with Jo', people)).toEqual(['a']);
  });
});
