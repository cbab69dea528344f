import type { SysConfig } from '../../core/contracts/agency.ts';
import { CitationsSettings, type CitationsSetup, type Court, type UpdateCitationsSettingsInput } from '../../core/contracts/citations.ts';
import { formatCitationNumber } from '../../core/citations/citation-rules.ts';
import { zonedDateParts } from '../../core/dates.ts';
import { lockSysConfig, writeSysConfig } from '../platform/agency-settings.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import { advanceCounter, currentNumber } from '../platform/counters.ts';
import type { Tx } from '../platform/database.ts';
import { validationError } from '../platform/errors.ts';

/** The citations settings of an agency (in its sys_config), the numbering and the stop form's setup. */

/** The agency's citation sequence (agency_counters): never restarted, so a number is never given twice. */
export const CITATION_COUNTER = 'citations';
export const DEFAULT_NUMBER_FORMAT = '{YYYY}-{NNNNNN}';
export const DEFAULT_VIOLATOR_TEXT =
  'You must answer this citation by the appearance date shown: pay the amount shown, or appear in court to plead. If you do not, a judgment may be entered against you and your driving privilege may be suspended.';

export function citationsSettingsOf(sysConfig: SysConfig): CitationsSettings {
  const stored = (sysConfig.citations_settings ?? {}) as Partial<CitationsSettings>;
  return {
    enabled: stored.enabled === true,
    number_format: stored.number_format || DEFAULT_NUMBER_FORMAT,
    courts: stored.courts ?? [],
    holidays: stored.holidays ?? [],
    violator_copy_text: stored.violator_copy_text ?? DEFAULT_VIOLATOR_TEXT,
  };
}

/** Today and this year in the agency's time zone. */
export function agencyToday(ctx: Pick<RequestContext, 'sysConfig'>, now = new Date()): { today: string; year: number } {
  const parts = zonedDateParts(now, ctx.sysConfig.general_settings.timezone)!;
  const two = (n: number) => String(n).padStart(2, '0');
  return { today: `${parts.year}-${two(parts.month)}-${two(parts.day)}`, year: parts.year };
}

export function getCitationsSettings(ctx: RequestContext): CitationsSettings {
  return citationsSettingsOf(ctx.sysConfig);
}

/** What the stop form and the settings page need: courts, holidays, the violator's text and the next number. */
export function citationsSetup(ctx: RequestContext): Promise<CitationsSetup> {
  return inAgency(ctx, async (tx) => {
    const settings = citationsSettingsOf(ctx.sysConfig);
    const next = (await currentNumber(tx, ctx.scope.agencyId, CITATION_COUNTER)) + 1;
    return {
      courts: settings.courts,
      holidays: settings.holidays,
      violator_copy_text: settings.violator_copy_text,
      number_format: settings.number_format,
      next_number: next,
      next_number_preview: formatCitationNumber(settings.number_format, next, agencyToday(ctx).year),
    };
  });
}

function courtProblems(courts: readonly Court[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const keys = new Set<string>();
  courts.forEach((court, index) => {
    if (keys.has(court.key)) problems[`courts.${index}.key`] = 'Another court has this key';
    keys.add(court.key);
  });
  return problems;
}

function holidayProblems(holidays: CitationsSettings['holidays']): Record<string, string> {
  const problems: Record<string, string> = {};
  const dates = new Set<string>();
  holidays.forEach((holiday, index) => {
    if (dates.has(holiday.date)) problems[`holidays.${index}.date`] = 'This date is already a holiday';
    dates.add(holiday.date);
  });
  return problems;
}

/** Stores the settings and, when asked, moves the sequence on (never back). */
export function updateCitationsSettings(ctx: RequestContext, input: UpdateCitationsSettingsInput): Promise<CitationsSettings> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const sysConfig = await lockSysConfig(tx, agencyId);
    const before = citationsSettingsOf(sysConfig);
    const { next_number: nextNumber, ...changes } = input;
    const next = CitationsSettings.parse({ ...before, ...changes, enabled: before.enabled });
    const problems = { ...courtProblems(next.courts), ...holidayProblems(next.holidays) };
    if (Object.keys(problems).length) throw validationError(problems);
    const lastGiven = await currentNumber(tx, agencyId, CITATION_COUNTER);
    if (nextNumber !== undefined && nextNumber !== lastGiven + 1) {
      if (nextNumber <= lastGiven || !(await advanceCounter(tx, agencyId, CITATION_COUNTER, nextNumber)))
        throw validationError({
          next_number: `Numbers up to ${lastGiven} were already given: use ${lastGiven + 1} or more, a number is never given twice`,
        });
    }
    await writeSysConfig(tx, agencyId, { ...sysConfig, citations_settings: { ...sysConfig.citations_settings, ...next } });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'citations.settings_changed',
      entityType: 'module',
      entityId: 'citations',
      summary: nextNumber !== undefined ? `Changed the citations settings (next number ${nextNumber})` : 'Changed the citations settings',
      before: { ...before, next_number: lastGiven + 1 },
      after: { ...next, next_number: nextNumber ?? lastGiven + 1 },
    });
    return next;
  });
}

/** What a new agency starts with: the default number format and text, no courts yet. */
export async function seedCitationsSettings(tx: Tx, agencyId: string): Promise<void> {
  const sysConfig = await lockSysConfig(tx, agencyId);
  const current = citationsSettingsOf(sysConfig);
  await writeSysConfig(tx, agencyId, {
    ...sysConfig,
    citations_settings: { ...sysConfig.citations_settings, ...current, enabled: sysConfig.citations_settings.enabled },
  });
}
