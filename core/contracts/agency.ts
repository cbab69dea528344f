import { z } from 'zod';
import { AuthUser, Timezone } from './auth.ts';

/**
 * An agency's system configuration (spec section 3): one settings object per module, each with an
 * `enabled` flag, and general settings holding the timezone. Module issues add their own settings
 * fields beside `enabled`; unknown fields are kept (passthrough) so an older client never drops them.
 */
const ModuleSettings = z.looseObject({ enabled: z.boolean() });

export const SysConfig = z.object({
  general_settings: z.looseObject({
    timezone: Timezone,
    /** 12- or 24-hour clock for times shown in the app. */
    clock: z.enum(['12h', '24h']).default('12h'),
  }),
  citations_settings: ModuleSettings,
  reports_settings: ModuleSettings,
  productivity_settings: ModuleSettings,
  schedule_settings: ModuleSettings,
  fleet_settings: ModuleSettings,
  field_training_settings: ModuleSettings,
});
export type SysConfig = z.infer<typeof SysConfig>;

export const SYS_CONFIG_MODULE_KEYS = [
  'citations_settings',
  'reports_settings',
  'productivity_settings',
  'schedule_settings',
  'fleet_settings',
  'field_training_settings',
] as const;
export type SysConfigModuleKey = (typeof SYS_CONFIG_MODULE_KEYS)[number];

export const DEFAULT_TIMEZONE = 'America/Chicago';

export function defaultSysConfig(timezone: string = DEFAULT_TIMEZONE): SysConfig {
  return {
    general_settings: { timezone, clock: '12h' },
    citations_settings: { enabled: true },
    reports_settings: { enabled: true },
    productivity_settings: { enabled: true },
    schedule_settings: { enabled: true },
    fleet_settings: { enabled: true },
    field_training_settings: { enabled: true },
  };
}

export const AgencyInfo = z.object({
  id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  ori: z.string().nullable(),
  timezone: z.string(),
  sys_config: SysConfig,
});
export type AgencyInfo = z.infer<typeof AgencyInfo>;

/** GET /rest/v1/profile: the signed-in user with their agency (spec: user_profile → agency_info → sys_config). */
export const UserProfile = z.object({
  user: AuthUser,
  agency_info: AgencyInfo,
});
export type UserProfile = z.infer<typeof UserProfile>;
