import { describe, expect, it } from 'vitest';
import type { ReportContent, ReportPerson } from '../contracts/reports.ts';
import { GENERAL_TEMPLATE } from './general-template.ts';
import { hasChanges, reportChanges } from './report-changes.ts';
import { emptyReportContent } from './report-rules.ts';

const person = (name: string, role: ReportPerson['role'] = 'witness'): ReportPerson => ({
  role,
  name,
  date_of_birth: '',
  address: '',
  phone: '',
  description: '',
});

const before: ReportContent = {
  ...emptyReportContent(),
  occurred_at: '2026-11-20T01:40',
  reported_at: '2026-11-20T02:15',
  location: '1400 N Lake St',
  answers: { offense: 'Retail theft', how_reported: 'Dispatched call' },
  people: [person('Ann Lee'), person('Dana Reyes', 'suspect'), person('Bo Chan')],
  property: [{ description: 'Headphones', serial: '', value: 49.99, disposition: 'recovered' }],
  narrative: '<p>The suspect left the store on foot.</p><p>I found the headphones.</p>',
  attachment_ids: ['a', 'b'],
};

describe('what changed between two revisions of a report', () => {
  it('finds nothing when nothing changed', () => {
    expect(hasChanges(reportChanges(GENERAL_TEMPLATE, before, structuredClone(before)))).toBe(false);
  });

  it('names each changed fact and answer with its value before and after, as it reads', () => {
    const changes = reportChanges(GENERAL_TEMPLATE, before, {
      ...before,
      occurred_at: '2026-11-20T01:45',
      location: '1400 N Lake St (rear lot)',
      answers: { offense: 'Retail theft', how_reported: 'Walk-in' },
    });
    expect(changes.fields).toEqual([
      { path: 'occurred_at', label: 'Occurred at', group: 'When and where', before: '2026-11-20 01:40', after: '2026-11-20 01:45' },
      { path: 'location', label: 'Location', group: 'When and where', before: '1400 N Lake St', after: '1400 N Lake St (rear lot)' },
      { path: 'answers.how_reported', label: 'How it was reported', group: 'Incident', before: 'Dispatched call', after: 'Walk-in' },
    ]);
  });

  it('lines rows up, so removing the first person shows that one removal, not every later person as changed', () => {
    const changes = reportChanges(GENERAL_TEMPLATE, before, {
      ...before,
      people: [person('Dana Reyes', 'suspect'), person('Bo Chan', 'victim'), person('Cy Dunn')],
      property: [{ description: 'Headphones', serial: 'HX-1', value: 59.99, disposition: 'recovered' }],
    });
    expect(changes.rows).toEqual([
      {
        list: 'people',
        kind: 'removed',
        name: 'Person 1 (Ann Lee)',
        fields: [
          { path: 'people.0.role', label: 'Role', before: 'Witness', after: '' },
          { path: 'people.0.name', label: 'Name', before: 'Ann Lee', after: '' },
        ],
      },
      {
        list: 'people',
        kind: 'changed',
        name: 'Person 2 (Bo Chan)',
        fields: [{ path: 'people.1.role', label: 'Role', before: 'Witness', after: 'Victim' }],
      },
      {
        list: 'people',
        kind: 'added',
        name: 'Person 3 (Cy Dunn)',
        fields: [
          { path: 'people.2.role', label: 'Role', before: '', after: 'Witness' },
          { path: 'people.2.name', label: 'Name', before: '', after: 'Cy Dunn' },
        ],
      },
      {
        list: 'property',
        kind: 'changed',
        name: 'Item 1 (Headphones)',
        fields: [
          { path: 'property.0.serial', label: 'Serial number', before: '', after: 'HX-1' },
          { path: 'property.0.value', label: 'Value', before: '$49.99', after: '$59.99' },
        ],
      },
    ]);
  });

  it('marks the words of the narrative added and removed, and the attachments added and removed', () => {
    const changes = reportChanges(GENERAL_TEMPLATE, before, {
      ...before,
      narrative: '<p>The suspect left the store running north.</p><p>I found the headphones.</p>',
      attachment_ids: ['b', 'c'],
    });
    const marked = changes
      .narrative!.parts.map((part) => (part.added ? `+[${part.text}]` : part.removed ? `-[${part.text}]` : part.text))
      .join('');
    expect(marked).toBe('The suspect left the store -[on foot]+[running north].\nI found the headphones.');
    expect(changes.narrative!.label).toBe('Narrative');
    expect(changes.attachments).toEqual({ added: ['c'], removed: ['a'] });
  });
});
