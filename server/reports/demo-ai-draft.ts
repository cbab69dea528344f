import { and, eq } from 'drizzle-orm';
import type { ReportsSettings, TemplateContent } from '../../core/contracts/reports.ts';
import { emptyReportContent, formatCaseNumber } from '../../core/reports/report-rules.ts';
import { checkDraft, draftNarrativeHtml, parseTranscript } from '../../core/reports/transcript.ts';
import { nextNumber } from '../platform/counters.ts';
import type { Tx } from '../platform/database.ts';
import { insertReport, insertRevision } from './report-queries.ts';
import { searchWords } from './report-search.ts';
import { reportAiDrafts } from './schema.ts';

/**
 * The demo's report drafted from a body-worn camera transcript, waiting for the sergeant's review: its
 * narrative cites the transcript's passages (open it as officer@ after a return, or as sergeant@ to
 * read the disclosure), and the AI draft it came from is kept as a real one is. Drafted here by the
 * same check the server runs on a provider's answer, so every citation holds.
 */

const TRANSCRIPT = [
  'WEBVTT',
  '',
  '00:00:02.000 --> 00:00:06.500',
  '<v Officer Patel>Riverside police. Ma’am, you called about someone in your backyard?',
  '',
  '00:00:07.000 --> 00:00:13.000',
  '<v Linda Okafor>Yes, a man climbed over the fence from the alley about ten minutes ago and was pulling on the shed door.',
  '',
  '00:00:13.500 --> 00:00:18.000',
  '<v Officer Patel>Can you describe him?',
  '',
  '00:00:18.500 --> 00:00:25.000',
  '<v Linda Okafor>White male, maybe thirty, grey hoodie, black backpack. He ran north up the alley when I yelled.',
  '',
  '00:00:26.000 --> 00:00:31.000',
  '<v Officer Patel>Is anything missing from the shed?',
  '',
  '00:00:31.500 --> 00:00:38.000',
  '<v Linda Okafor>No, the padlock held. But the hasp is bent and there are scratches on the door.',
  '',
  '00:01:10.000 --> 00:01:15.000',
  '<v Officer Patel>I see pry marks on the hasp. I’ll photograph them. Do you have cameras?',
  '',
  '00:01:15.500 --> 00:01:20.000',
  '<v Linda Okafor>Just the doorbell camera in front, it won’t see the yard.',
  '',
].join('\n');

const PROPOSED = [
  [
    { text: 'On [INSERT date and time], I responded to a call about a man in the caller’s backyard.', passages: ['P1'] },
    {
      text: 'The caller, Linda Okafor, said a man climbed over the fence from the alley about ten minutes earlier and was pulling on the shed door.',
      passages: ['P2'],
    },
    {
      text: 'She described him as a white male, about thirty, wearing a grey hoodie and a black backpack, who ran north up the alley when she yelled.',
      passages: ['P4'],
    },
  ],
  [
    { text: 'Nothing was missing from the shed; the padlock held, but the hasp was bent and the door was scratched.', passages: ['P6'] },
    { text: 'I saw pry marks on the hasp and photographed them.', passages: ['P7'] },
    { text: 'The only camera is a doorbell camera at the front, which does not cover the yard.', passages: ['P8'] },
    { text: '[INSERT canvass of the alley and neighbours]', passages: [] },
  ],
];

export async function seedDemoAiDraft(
  tx: Tx,
  agencyId: string,
  author: { id: string; name: string },
  settings: ReportsSettings,
  template: { id: string; name: string; content: unknown },
  occurredAt: string,
  submittedAt: Date,
): Promise<void> {
  const parsed = parseTranscript(TRANSCRIPT);
  const type = settings.types.find((candidate) => candidate.key === 'damage') ?? settings.types[0]!;
  if (!parsed.ok) return;
  const paragraphs = checkDraft(PROPOSED, parsed.passages, [author.name]);
  const drafted = new Date(submittedAt.getTime() - 90 * 60_000);
  const [draft] = await tx
    .insert(reportAiDrafts)
    .values({
      agencyId,
      createdBy: author.id,
      typeKey: type.key,
      fileName: 'BWC-Patel-backyard.vtt',
      format: parsed.format,
      transcriptSha256: '8f14e45fceea167a5a36dedd4bea2543c9a6b0f4f1f1d1a6f0b7b1c0e2d3a4b5',
      passages: parsed.passages,
      paragraphs,
      model: 'llama3.1:8b',
      promptTokens: 1184,
      completionTokens: 236,
      durationMs: 9_412,
      acknowledgement: { name: author.name, text: settings.acknowledgement_text, at: drafted.toISOString() },
      createdAt: drafted,
    })
    .returning({ id: reportAiDrafts.id });
  // The officer replaced the placeholders before submitting, as the server insists.
  const narrative = draftNarrativeHtml(paragraphs)
    .replace('[INSERT date and time]', occurredAt.replace('T', ' at '))
    .replace(
      '[INSERT canvass of the alley and neighbours]',
      'I checked the alley to the north and spoke with two neighbours; neither saw the man.',
    );
  const year = Number(occurredAt.slice(0, 4));
  const counterName = settings.case_number_format.includes('{YYYY}') ? `reports.case.${year}` : 'reports.case';
  const caseNumber = formatCaseNumber(settings.case_number_format, year, await nextNumber(tx, agencyId, counterName));
  const content = {
    ...emptyReportContent(),
    occurred_at: occurredAt,
    reported_at: occurredAt,
    location: '1842 Birch Lane (backyard shed)',
    answers: { offense: 'Attempted burglary to a shed', how_reported: 'Called in by the resident' },
    people: [
      {
        role: 'complainant' as const,
        name: 'Linda Okafor',
        date_of_birth: '1968-09-14',
        address: '1842 Birch Lane',
        phone: '555-0148',
        description: '',
      },
      {
        role: 'suspect' as const,
        name: 'Unknown male',
        date_of_birth: '',
        address: '',
        phone: '',
        description: 'White male, about 30, grey hoodie, black backpack',
      },
    ],
    narrative,
  };
  const report = (await insertReport(tx, {
    agencyId,
    caseNumber,
    typeKey: type.key,
    typeLabel: type.label,
    templateId: template.id,
    templateName: template.name,
    template: template.content as TemplateContent,
    status: 'submitted',
    authorId: author.id,
    aiDraftId: draft!.id,
    content,
    occurredAt: content.occurred_at,
    location: content.location,
    people: content.people.map((p) => p.name),
    searchText: searchWords(caseNumber, [content.location, ...content.people.map((p) => p.name)]),
    submittedAt,
    createdAt: drafted,
    updatedAt: submittedAt,
  }))!;
  await tx
    .update(reportAiDrafts)
    .set({ reportId: report.id })
    .where(and(eq(reportAiDrafts.agencyId, agencyId), eq(reportAiDrafts.id, draft!.id)));
  await insertRevision(tx, {
    agencyId,
    reportId: report.id,
    revision: 1,
    event: 'submitted',
    actorId: author.id,
    comment: null,
    content,
    at: submittedAt,
  });
}
