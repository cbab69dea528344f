import type { ReportContent } from '../../core/contracts/reports.ts';
import { emptyReportContent } from '../../core/reports/report-rules.ts';

/** A complete report of the general form, as an officer submits it (a retail theft), with `extra` over it. */
export function completeReport(extra: Partial<ReportContent> = {}): ReportContent {
  return {
    ...emptyReportContent(),
    occurred_at: '2026-11-20T01:40',
    reported_at: '2026-11-20T02:15',
    location: '1400 N Lake St',
    answers: { offense: 'Retail theft', how_reported: 'Dispatched call' },
    people: [{ role: 'suspect', name: 'Dana Reyes', date_of_birth: '1990-04-02', address: '', phone: '', description: '' }],
    narrative: '<p>I responded to Riverside Market for a retail theft.</p>',
    ...extra,
  };
}
