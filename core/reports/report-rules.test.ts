import { describe, expect, it } from 'vitest';
import type { ReportContent, TemplateContent } from '../contracts/reports.ts';
import { emptyReportContent, fillSkeleton, formatCaseNumber, narrativeText, reportProblems, supplementCaseNumber } from './report-rules.ts';

const template: TemplateContent = {
  sections: [
    {
      key: 'stop',
      title: 'The stop',
      fields: [
        { key: 'reason', label: 'Reason for the stop', kind: 'long_text', required: true, help: '', options: [] },
        { key: 'bac', label: 'Breath test result', kind: 'number', required: false, help: '', options: [] },
        { key: 'test', label: 'Chemical test', kind: 'choice', required: true, help: '', options: ['Blood', 'Breath', 'Refused'] },
        { key: 'driver', label: 'Driver', kind: 'person', required: true, help: '', options: [] },
      ],
    },
  ],
  narrative_skeleton: 'On {occurred_at} at {location} I stopped the vehicle for {reason}.\nThe driver chose a {test} test.',
};

function complete(extra: Partial<ReportContent> = {}): ReportContent {
  return {
    ...emptyReportContent(),
    occurred_at: '2026-11-20T01:40',
    reported_at: '2026-11-20T03:10',
    location: 'Main St and 4th Ave',
    answers: { reason: 'weaving across the centre line', test: 'Breath' },
    people: [{ role: 'suspect', name: 'Dana Reyes', date_of_birth: '1990-04-02', address: '', phone: '', description: '' }],
    narrative: '<p>I stopped the vehicle.</p>',
    ...extra,
  };
}

describe('what a report needs before it is submitted', () => {
  it('lets a complete report go', () => {
    expect(reportProblems(template, complete())).toEqual({});
  });

  it('names each missing answer, a wrong number and a choice that is not offered, beside its field', () => {
    const problems = reportProblems(template, complete({ answers: { bac: 'high', test: 'Urine' }, location: ' ' }));
    expect(problems).toMatchObject({
      location: 'Say where it happened',
      'answers.reason': 'Answer “Reason for the stop”',
      'answers.bac': 'Use a number',
      'answers.test': 'Choose one of: Blood, Breath, Refused',
    });
  });

  it('asks for a person when the template requires one, and for the name of each person added', () => {
    expect(reportProblems(template, complete({ people: [] })).people).toBe('Add at least one person (Driver)');
    const unnamed = complete({ people: [{ role: 'witness', name: '', date_of_birth: '', address: '', phone: '', description: '' }] });
    expect(reportProblems(template, unnamed)['people.0.name']).toBe('Give the person’s name, or “Unknown”');
  });

  it('refuses a narrative that still holds an [INSERT …] placeholder, quoting it', () => {
    const problems = reportProblems(template, complete({ narrative: '<p>The driver blew [INSERT result].</p>' }));
    expect(problems.narrative).toBe('Replace every placeholder before submitting: [INSERT result]');
  });

  it('refuses a report said to be reported before it happened', () => {
    expect(reportProblems(template, complete({ reported_at: '2026-11-19T23:00' })).reported_at).toBe(
      'It cannot have been reported before it happened',
    );
  });
});

describe('case numbers', () => {
  it('fills the year and pads the counter to the format’s width, without cutting a longer one', () => {
    expect(formatCaseNumber('{YYYY}-{NNNNNN}', 2026, 123)).toBe('2026-000123');
    expect(formatCaseNumber('RPD{YYYY}{NNN}', 2026, 12345)).toBe('RPD202612345');
  });

  it('numbers supplements after the report’s case number', () => {
    expect(supplementCaseNumber('2026-000123', 1)).toBe('2026-000123-S1');
  });
});

describe('the narrative a template writes from the answers', () => {
  it('fills each answer into the skeleton, one paragraph a line, and marks a blank one as a placeholder', () => {
    const html = fillSkeleton(template, {
      answers: { reason: 'speeding <80 in a 50>' },
      location: 'Main St',
      occurred_at: '2026-11-20T01:40',
    });
    expect(html).toBe(
      '<p>On 2026-11-20 at 01:40 at Main St I stopped the vehicle for speeding &lt;80 in a 50&gt;.</p><p>The driver chose a [INSERT chemical test] test.</p>',
    );
    expect(narrativeText(html)).toContain('[INSERT chemical test]');
  });
});
