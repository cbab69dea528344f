import type { ReportContent } from '../../core/contracts/reports.ts';
import { formatCaseNumber } from '../../core/reports/report-rules.ts';
import { lockSysConfig, writeSysConfig } from '../platform/agency-settings.ts';
import type { Tx } from '../platform/database.ts';
import type { BenchAgency } from '../platform/modules.ts';
import { roleFromTemplate } from '../platform/people.ts';
import { searchWords } from './report-search.ts';
import { reportsSettingsOf } from './settings.ts';
import { templatesByIds } from './template-queries.ts';

/**
 * The reports module's part of the bench dataset: a year of incident reports at a patrol division's
 * rate (about eight a day for an agency of a hundred people), each officer writing their share, the
 * sergeants reviewing them. Reports older than a few days are approved (each with its submitted and
 * approved revisions, one in twelve returned once on the way); the last days hold drafts, submissions
 * waiting for review and returns.
 */

const DAY = 86_400_000;
const REPORTS_PER_DAY = 8;
const STREETS = ['Maple Ave', 'Lake St', 'Harlem Ave', 'Forest Ave', 'Burling Rd', 'Oak Ct', 'Longcommon Rd', 'Delaplaine Rd'];
const SURNAMES = ['Hoffman', 'Gonzalez', 'Reilly', 'Brown', 'Wu', 'Ortiz', 'Nguyen', 'Kowalski', 'Adeyemi', 'Larsen', 'Patel', 'Moreau'];
const GIVEN = ['Gerald', 'Maria', 'Tom', 'Aisha', 'Janet', 'Kevin', 'Linh', 'Piotr', 'Tunde', 'Ingrid', 'Ravi', 'Claire'];

type Row = Record<string, unknown>;

function stamp(date: Date): string {
  return date.toISOString().slice(0, 16);
}

export async function seedBenchReports(tx: Tx, bench: BenchAgency): Promise<void> {
  const { agencyId, now, days, activity } = bench;
  const rand = bench.random;
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const active = bench.people.filter((p) => p.status === 'active');
  const writers = active.filter((p) => p.role === 'officer' || p.role === 'field-training-officer' || p.role === 'trainee');
  const reviewers = active.filter((p) => p.role === 'sergeant');
  const sergeantRole = await roleFromTemplate(tx, agencyId, 'sergeant');
  if (writers.length === 0 || reviewers.length === 0 || !sergeantRole) return;

  const sysConfig = await lockSysConfig(tx, agencyId);
  await writeSysConfig(tx, agencyId, {
    ...sysConfig,
    reports_settings: { ...sysConfig.reports_settings, reviewer_role_id: sergeantRole.id },
  });
  const settings = reportsSettingsOf(sysConfig);
  const templates = new Map(
    (
      await templatesByIds(
        tx,
        agencyId,
        settings.types.flatMap((t) => (t.template_id ? [t.template_id] : [])),
      )
    ).map((t) => [t.id, t]),
  );
  const types = settings.types.filter((t) => t.template_id && templates.has(t.template_id));
  if (types.length === 0) return;

  const count = Math.round(days * REPORTS_PER_DAY * activity);
  const reports: Row[] = [];
  const revisions: Row[] = [];
  const counters = new Map<number, number>();
  // Oldest first, so case numbers climb with the dates within each year.
  const instants = Array.from({ length: count }, () => now.getTime() - rand() * days * DAY).sort((a, b) => a - b);
  for (const at of instants) {
    const occurred = new Date(at);
    const year = occurred.getUTCFullYear();
    const number = (counters.get(year) ?? 0) + 1;
    counters.set(year, number);
    const caseNumber = formatCaseNumber(settings.case_number_format, year, number);
    const type = pick(types);
    const template = templates.get(type.template_id!)!;
    const author = pick(writers);
    const reviewer = pick(reviewers);
    const ageDays = (now.getTime() - at) / DAY;
    const status =
      ageDays > 4 ? 'approved' : ageDays > 2 ? pick(['submitted', 'approved', 'returned'] as const) : pick(['draft', 'submitted'] as const);
    const victim = `${pick(GIVEN)} ${pick(SURNAMES)}`;
    const location = `${100 + Math.floor(rand() * 2800)} ${pick(STREETS)}`;
    const content: ReportContent = {
      occurred_at: stamp(occurred),
      reported_at: stamp(new Date(at + 40 * 60_000)),
      location,
      answers: { offense: type.label },
      people: [{ role: 'victim', name: victim, date_of_birth: '', address: location, phone: '', description: '' }],
      vehicles: [],
      property: [],
      narrative: `<p>I responded to ${location} where ${victim} reported a ${type.label.toLowerCase()}.</p><p>I took the report and advised them of the case number.</p>`,
      attachment_ids: [],
    };
    const id = crypto.randomUUID();
    const submitted = status === 'draft' ? null : new Date(at + 3 * 3_600_000);
    const reviewed = status === 'approved' || status === 'returned' ? new Date(at + 18 * 3_600_000) : null;
    reports.push({
      agency_id: agencyId,
      id,
      case_number: caseNumber,
      supplement: 0,
      type_key: type.key,
      type_label: type.label,
      template_id: template.id,
      template_name: template.name,
      template: template.content,
      status,
      author_id: author.id,
      reviewer_id: reviewed ? reviewer.id : null,
      content,
      occurred_at: content.occurred_at,
      location,
      people: [victim],
      search_text: searchWords(caseNumber, [location, victim]),
      review:
        status === 'returned' ? { comment: 'Add the point of entry.', fields: {}, by: reviewer.name, at: reviewed!.toISOString() } : null,
      submitted_at: submitted,
      approved_at: status === 'approved' ? reviewed : null,
      version: 1,
      created_at: occurred,
      updated_at: reviewed ?? submitted ?? occurred,
    });
    let revision = 0;
    const keep = (event: string, actor: string, when: Date, comment: string | null) =>
      revisions.push({ agency_id: agencyId, report_id: id, revision: ++revision, event, actor_id: actor, comment, content, at: when });
    if (submitted) keep('submitted', author.id, submitted, null);
    if (status === 'approved' && rand() < 1 / 12) {
      keep('returned', reviewer.id, new Date(at + 8 * 3_600_000), 'Add the point of entry.');
      keep('submitted', author.id, new Date(at + 12 * 3_600_000), null);
    }
    if (status === 'returned') keep('returned', reviewer.id, reviewed!, 'Add the point of entry.');
    if (status === 'approved') keep('approved', reviewer.id, reviewed!, null);
    if (status !== 'draft')
      bench.audit({
        at: submitted!,
        actor: author,
        action: 'reports.submitted',
        entityType: 'report',
        entityId: id,
        summary: `Submitted report ${caseNumber} for review`,
        after: null,
      });
  }
  for (let i = 0; i < reports.length; i += 2000) await bench.insert('reports', reports.slice(i, i + 2000));
  for (let i = 0; i < revisions.length; i += 4000) await bench.insert('report_revisions', revisions.slice(i, i + 4000));
  for (const [year, value] of counters) await bench.setCounter(`reports.case.${year}`, value);
}
