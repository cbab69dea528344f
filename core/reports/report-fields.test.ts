import { describe, expect, it } from 'vitest';
import type { ReportContent } from '../contracts/reports.ts';
import { GENERAL_TEMPLATE } from './general-template.ts';
import { reportFields, rowName, unknownFieldComments } from './report-fields.ts';
import { emptyReportContent } from './report-rules.ts';

const content: ReportContent = {
  ...emptyReportContent(),
  people: [{ role: 'suspect', name: 'Dana Reyes', date_of_birth: '', address: '', phone: '', description: '' }],
  property: [{ description: 'Trek mountain bike, blue', serial: 'WTU1', value: 1450, disposition: 'stolen' }],
};

describe('a report’s fields by path', () => {
  it('lists every field in the order the form shows them, each row’s fields under the row’s name', () => {
    const fields = reportFields(GENERAL_TEMPLATE, content);
    expect(fields.map((field) => field.path)).toEqual([
      'occurred_at',
      'reported_at',
      'location',
      'answers.offense',
      'answers.how_reported',
      'people',
      'people.0.role',
      'people.0.name',
      'people.0.date_of_birth',
      'people.0.address',
      'people.0.phone',
      'people.0.description',
      'vehicles',
      'property',
      'property.0.description',
      'property.0.serial',
      'property.0.value',
      'property.0.disposition',
      'narrative',
      'attachment_ids',
    ]);
    expect(fields.find((field) => field.path === 'people.0.name')).toEqual({
      path: 'people.0.name',
      label: 'Name',
      group: 'Person 1 (Dana Reyes)',
    });
    expect(fields.find((field) => field.path === 'answers.offense')).toMatchObject({ label: 'Offense or incident', group: 'Incident' });
  });

  it('names a row by what tells it apart, shortened, or by its number alone', () => {
    expect(rowName('vehicles', 1, { plate: '', make: 'Ford', model: 'Focus' })).toBe('Vehicle 2 (Ford Focus)');
    expect(rowName('people', 0, { name: '' })).toBe('Person 1');
    expect(rowName('property', 2, { description: 'x'.repeat(60) })).toBe(`Item 3 (${'x'.repeat(39)}…)`);
  });

  it('refuses a reviewer’s comment on a path the report does not have, and accepts one on each field it has', () => {
    expect(
      unknownFieldComments(GENERAL_TEMPLATE, content, { location: 'Which corner?', 'people.0.name': 'Full name', narrative: 'More' }),
    ).toEqual({});
    expect(unknownFieldComments(GENERAL_TEMPLATE, content, { 'people.3.name': 'Who?', 'answers.bac': '0.08?' })).toEqual({
      'fields.people.3.name': 'This report has no field “people.3.name” to comment on',
      'fields.answers.bac': 'This report has no field “answers.bac” to comment on',
    });
  });
});
