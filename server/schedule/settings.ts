import type { SysConfig } from '../../core/contracts/agency.ts';
import { ScheduleSettings, type UpdateScheduleSettingsInput } from '../../core/contracts/schedule.ts';
import { zonedDateParts } from '../../core/dates.ts';
import { lockSysConfig, writeSysConfig } from '../platform/agency-settings.ts';
import { recordAudit } from '../platform/audit.ts';
import { inAgency, type RequestContext } from '../platform/context.ts';
import type { Tx } from '../platform/database.ts';
import { validationError } from '../platform/errors.ts';

/** The scheduling settings of an agency (its sys_config's schedule_settings), with defaults for what it never set. */

export const DEFAULT_POSITIONS = ['Sergeant', 'Corporal', 'Patrol', 'K9', 'Traffic', 'Field training officer', 'Trainee'];
export const DEFAULT_RULES: ScheduleSettings['rules'] = {
  overlap: { action: 'block' },
  min_rest: { action: 'warn', hours: 8 },
  max_hours: { action: 'approve', hours: 60, days: 7 },
};

export function scheduleSettingsOf(sysConfig: SysConfig): ScheduleSettings {
  const stored = (sysConfig.schedule_settings ?? {}) as Partial<ScheduleSettings>;
  return {
    enabled: stored.enabled === true,
    positions: stored.positions?.length ? stored.positions : DEFAULT_POSITIONS,
    week_starts_on: stored.week_starts_on ?? 0,
    rules: {
      overlap: stored.rules?.overlap ?? DEFAULT_RULES.overlap,
      min_rest: stored.rules?.min_rest ?? DEFAULT_RULES.min_rest,
      max_hours: stored.rules?.max_hours ?? DEFAULT_RULES.max_hours,
    },
    time_off: { daily_cap: stored.time_off?.daily_cap ?? 0, blocked_dates: stored.time_off?.blocked_dates ?? [] },
    overtime: {
      rule: stored.overtime?.rule ?? 'fewest_hours',
      offer_wait_minutes: stored.overtime?.offer_wait_minutes ?? 30,
      period: stored.overtime?.period ?? 'quarter',
    },
  };
}

export function timezoneOf(ctx: Pick<RequestContext, 'sysConfig'>): string {
  return ctx.sysConfig.general_settings.timezone;
}

/** Today's date in the agency's time zone. */
export function agencyToday(ctx: Pick<RequestContext, 'sysConfig'>, now = new Date()): string {
  const parts = zonedDateParts(now, timezoneOf(ctx))!;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${parts.year}-${two(parts.month)}-${two(parts.day)}`;
}

export function getScheduleSettings(ctx: RequestContext): ScheduleSettings {
  return scheduleSettingsOf(ctx.sysConfig);
}

export function updateScheduleSettings(ctx: RequestContext, input: UpdateScheduleSettingsInput): Promise<ScheduleSettings> {
  return inAgency(ctx, async (tx) => {
    const agencyId = ctx.scope.agencyId;
    const sysConfig = await lockSysConfig(tx, agencyId);
    const before = scheduleSettingsOf(sysConfig);
    const next = ScheduleSettings.parse({ ...before, ...input, enabled: before.enabled });
    const problems: Record<string, string> = {};
    const seen = new Set<string>();
    next.positions.forEach((position, index) => {
      if (seen.has(position.toLowerCase())) problems[`positions.${index}`] = 'This position is already in the list';
      seen.add(position.toLowerCase());
    });
    const dates = new Set<string>();
    next.time_off.blocked_dates.forEach((blocked, index) => {
      if (dates.has(blocked.date)) problems[`time_off.blocked_dates.${index}.date`] = 'This date is already blocked';
      dates.add(blocked.date);
    });
    if (Object.keys(problems).length) throw validationError(problems);
    await writeSysConfig(tx, agencyId, { ...sysConfig, schedule_settings: { ...sysConfig.schedule_settings, ...next } });
    await recordAudit(tx, agencyId, ctx.actor, {
      action: 'schedule.settings_changed',
      entityType: 'module',
      entityId: 'schedule',
      summary: 'Changed the scheduling settings',
      before,
      after: next,
    });
    return next;
  });
}

/** What a new agency starts with: the default positions and rules, and the usual time-off types. */
export async function seedScheduleSettings(tx: Tx, agencyId: string): Promise<void> {
  const sysConfig = await lockSysConfig(tx, agencyId);
  const current = scheduleSettingsOf(sysConfig);
  await writeSysConfig(tx, agencyId, {
    ...sysConfig,
    schedule_settings: { ...sysConfig.schedule_settings, ...current, enabled: sysConfig.schedule_settings.enabled },
  });
}
