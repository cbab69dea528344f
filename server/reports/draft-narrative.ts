import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AiDraft, AiDraftingStatus, DraftNarrativeInput, Report } from '../../core/contracts/reports.ts';
import { formatDateTime } from '../../core/dates.ts';
import { placeholdersIn } from '../../core/reports/report-rules.ts';
import {
  checkDraft,
  draftNarrativeHtml,
  parseTranscript,
  passageLine,
  TRANSCRIPT_FORMAT_LABELS,
  type Passage,
} from '../../core/reports/transcript.ts';
import { AiProviderError, chatJson, jsonIn, PROVIDER_KEPT_MESSAGE } from '../platform/ai.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { findPerson } from '../platform/people.ts';
import { findReport } from './report-queries.ts';
import { startReport, viewerOf } from './reports.ts';
import { reportAiDrafts } from './schema.ts';
import { reportsSettingsOf } from './settings.ts';

/**
 * Drafting a narrative from a transcript (POST /functions/v1/draft-narrative), and using the draft.
 * The model is asked for sentences that each cite the passages they come from; the server checks
 * every citation and every number and name against the parsed transcript (core/reports/transcript.ts),
 * so what the draft states is in the transcript or is an `[INSERT …]` the officer must replace before
 * the report can be submitted. Every request, answered or not, is in the audit log; the draft is kept
 * with its transcript, and a report made from it carries the officer's signed acknowledgement and a
 * disclosure that AI assisted.
 */

export const NOT_CONFIGURED =
  'Drafting from a transcript is not set up on this server. The operator sets AI_BASE_URL and AI_MODEL (and AI_API_KEY) to turn it on; until then, write the narrative yourself or use a guided template.';

const SYSTEM_PROMPT = [
  'You draft the narrative of a police report from a transcript of body-worn camera audio.',
  'The transcript is given as numbered passages (P1, P2, …), each with its time and speaker when known.',
  'Rules:',
  '1. Write in the first person as the reporting officer, in the past tense, in plain factual language, in the order events happened.',
  '2. Use only what the passages state. Never add facts, names, numbers, times, places, descriptions or conclusions that are not in them. Do not guess what was meant.',
  '3. Every sentence cites the passages it comes from by their ids.',
  '4. Where a report needs a fact the transcript does not give (the date, time and location, names, dates of birth, identifiers, test results), write a placeholder in square brackets beginning with INSERT, such as [INSERT time of the stop]. A sentence that is only a placeholder cites nothing.',
  '5. Group the sentences into paragraphs: what led to the contact, what was said and observed, what was done, the outcome.',
  'Answer with one JSON object and nothing else: {"paragraphs": [[{"text": "…", "passages": ["P1", "P2"]}]]}',
].join('\n');

const Answer = z.object({
  paragraphs: z
    .array(
      z.array(
        z.object({
          text: z.string(),
          passages: z.array(z.union([z.string(), z.number()]).transform((id) => (typeof id === 'number' ? `P${id}` : id))).default([]),
        }),
      ),
    )
    .min(1),
});

type DraftRow = typeof reportAiDrafts.$inferSelect;

function disclosureOf(row: DraftRow, timeZone: string): string | null {
  if (!row.acknowledgement) return null;
  const source = row.fileName ? `the transcript “${row.fileName}”` : 'a pasted transcript';
  const when = formatDateTime(row.createdAt, { timeZone });
  return (
    `AI assisted: the first draft of this narrative was written by an AI model (${row.model}) from ${source} ` +
    `(${row.passages.length} passages) on ${when}. Every statement in the draft was checked against the transcript; ` +
    `${row.acknowledgement.name} reviewed and edited it and signed: “${row.acknowledgement.text}”`
  );
}

function presentDraft(row: DraftRow, timeZone: string): AiDraft {
  const text = row.paragraphs.flat().map((sentence) => sentence.text);
  return {
    id: row.id,
    type_key: row.typeKey,
    file_name: row.fileName,
    format: row.format,
    passages: row.passages,
    paragraphs: row.paragraphs,
    placeholders: text.flatMap(placeholdersIn),
    model: row.model,
    prompt_tokens: row.promptTokens,
    completion_tokens: row.completionTokens,
    duration_ms: row.durationMs,
    created_at: row.createdAt.toISOString(),
    report_id: row.reportId,
    acknowledgement: row.acknowledgement,
    disclosure: disclosureOf(row, timeZone),
  };
}

function allowedTypes(ctx: RequestContext) {
  const settings = reportsSettingsOf(ctx.sysConfig);
  return settings.types.filter((type) => settings.ai_type_keys.includes(type.key));
}

export function aiDraftingStatus(ctx: RequestContext): AiDraftingStatus {
  const ai = ctx.services.config.ai;
  return {
    configured: ai !== null,
    model: ai?.model ?? null,
    types: allowedTypes(ctx).map((type) => ({ key: type.key, label: type.label })),
    acknowledgement_text: reportsSettingsOf(ctx.sysConfig).acknowledgement_text,
  };
}

function userMessage(typeLabel: string, officer: string, passages: Passage[]): string {
  return [`Report type: ${typeLabel}`, `Reporting officer: ${officer}`, '', 'Transcript passages:', ...passages.map(passageLine)].join(
    '\n',
  );
}

export async function draftNarrative(ctx: RequestContext, input: DraftNarrativeInput): Promise<AiDraft> {
  const ai = ctx.services.config.ai;
  if (!ai) throw new AppError('unavailable', NOT_CONFIGURED);
  const type = allowedTypes(ctx).find((candidate) => candidate.key === input.type_key);
  if (!type) throw validationError({ type_key: 'Your agency does not allow drafting this report type from a transcript' });
  const parsed = parseTranscript(input.transcript);
  if (!parsed.ok) throw validationError({ transcript: parsed.message });
  const officer = (await inAgency(ctx, (tx) => findPerson(tx, ctx.scope.agencyId, ctx.scope.userId)))?.name ?? '';
  const sha256 = crypto.createHash('sha256').update(input.transcript).digest('hex');
  const what = `${input.file_name ? `“${input.file_name}”` : 'a pasted transcript'} (${TRANSCRIPT_FORMAT_LABELS[parsed.format]}, ${parsed.passages.length} passages, sha256 ${sha256.slice(0, 12)})`;

  // The provider may take a minute: no transaction is held open while it thinks.
  const started = performance.now();
  let answer: Awaited<ReturnType<typeof chatJson>> | undefined;
  let paragraphs: ReturnType<typeof checkDraft> = [];
  try {
    answer = await chatJson(ai, SYSTEM_PROMPT, userMessage(type.label, officer, parsed.passages));
    const proposed = Answer.safeParse(jsonIn(answer.content));
    if (!proposed.success)
      throw new AiProviderError('malformed', `The AI provider's answer was not the draft asked for. ${PROVIDER_KEPT_MESSAGE}`, 502);
    paragraphs = checkDraft(proposed.data.paragraphs, parsed.passages, [officer, type.label]);
    if (paragraphs.length === 0)
      throw new AiProviderError('malformed', `The AI provider answered with no draft. ${PROVIDER_KEPT_MESSAGE}`, 502);
  } catch (error) {
    if (!(error instanceof AiProviderError)) throw error;
    const durationMs = Math.round(performance.now() - started);
    await inAgency(ctx, (tx) =>
      recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
        action: 'reports.ai_failed',
        entityType: 'report_ai_draft',
        summary: `Drafting a ${type.label} narrative from ${what} with ${ai.model} failed after ${durationMs} ms (${error.kind})`,
        after: {
          model: ai.model,
          transcript_sha256: sha256,
          prompt_tokens: answer?.promptTokens ?? null,
          completion_tokens: answer?.completionTokens ?? null,
        },
      }),
    );
    throw error;
  }
  const durationMs = Math.round(performance.now() - started);
  const { model, promptTokens, completionTokens } = answer;
  return inAgency(ctx, async (tx) => {
    const [row] = await tx
      .insert(reportAiDrafts)
      .values({
        agencyId: ctx.scope.agencyId,
        createdBy: ctx.scope.userId,
        typeKey: type.key,
        fileName: input.file_name || null,
        format: parsed.format,
        transcriptSha256: sha256,
        passages: parsed.passages,
        paragraphs,
        model,
        promptTokens,
        completionTokens,
        durationMs,
      })
      .returning();
    const draft = presentDraft(row!, ctx.sysConfig.general_settings.timezone);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'reports.ai_drafted',
      entityType: 'report_ai_draft',
      entityId: row!.id,
      summary:
        `Drafted a ${type.label} narrative from ${what} with ${model}: ` +
        `${promptTokens ?? '?'} prompt and ${completionTokens ?? '?'} completion tokens in ${durationMs} ms, ` +
        `${draft.placeholders.length} placeholders to fill`,
      after: {
        model,
        transcript_sha256: sha256,
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        duration_ms: durationMs,
      },
    });
    return draft;
  });
}

async function draftRow(tx: Tx, agencyId: string, id: string, lock = false): Promise<DraftRow | undefined> {
  const query = tx
    .select()
    .from(reportAiDrafts)
    .where(and(eq(reportAiDrafts.agencyId, agencyId), eq(reportAiDrafts.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A draft its maker, or anyone who may see the report made from it, opens. */
export function getAiDraft(ctx: RequestContext, id: string): Promise<AiDraft> {
  return inAgency(ctx, async (tx) => {
    const row = await draftRow(tx, ctx.scope.agencyId, id);
    const visible =
      row &&
      (row.createdBy === ctx.scope.userId ||
        (row.reportId !== null && (await findReport(tx, ctx.scope.agencyId, row.reportId, await viewerOf(tx, ctx))) !== undefined));
    if (!visible) throw new AppError('not_found', 'There is no such draft');
    return presentDraft(row, ctx.sysConfig.general_settings.timezone);
  });
}

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The officer signs the agency's acknowledgement with their name and starts a report of the draft's
 * type whose narrative is the draft (each sentence still citing its passages).
 */
export function useAiDraft(ctx: RequestContext, id: string, signature: string): Promise<Report> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const row = await draftRow(tx, agencyId, id, true);
    if (!row || row.createdBy !== ctx.scope.userId) throw new AppError('not_found', 'There is no such draft');
    if (row.reportId) throw new AppError('conflict', 'This draft is already in a report: open it from your drafts');
    if (!allowedTypes(ctx).some((type) => type.key === row.typeKey))
      throw validationError({ type_key: 'Your agency no longer allows drafting this report type from a transcript' });
    const me = await findPerson(tx, agencyId, ctx.scope.userId);
    if (!me || !sameName(signature, me.name))
      throw validationError({ signature: `Type your name as your account has it: ${me?.name ?? ''}` });
    const report = await startReport(
      tx,
      ctx,
      { type_key: row.typeKey, content: { narrative: draftNarrativeHtml(row.paragraphs) } },
      row.id,
    );
    const acknowledgement = { name: me.name, text: reportsSettingsOf(ctx.sysConfig).acknowledgement_text, at: new Date().toISOString() };
    await tx
      .update(reportAiDrafts)
      .set({ reportId: report.id, acknowledgement })
      .where(and(eq(reportAiDrafts.agencyId, agencyId), eq(reportAiDrafts.id, id)));
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'reports.ai_used',
      entityType: 'report',
      entityId: report.id,
      summary: `Signed the AI acknowledgement and used the ${row.model} draft in report ${report.case_number}`,
    });
    return report;
  });
}
