import * as z from 'zod/mini';
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
    clock: z._default(z.enum(['12h', '24h']), '12h'),
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

export const AgencyAddress = z.object({
  street: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Use at most 200 characters'))),
  city: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Use at most 100 characters'))),
  state: z.optional(z.string().check(z.trim(), z.maxLength(50, 'Use at most 50 characters'))),
  postal_code: z.optional(z.string().check(z.trim(), z.maxLength(20, 'Use at most 20 characters'))),
});
export type AgencyAddress = z.infer<typeof AgencyAddress>;

export const MFA_REQUIREMENTS = ['none', 'admins', 'everyone'] as const;
export const DEFAULT_INACTIVITY_MINUTES = 30;
export const MIN_PASSWORD_LENGTH_FLOOR = 8;

/** An agency's sign-in rules (CJIS 5.9.5: 30 minutes idle at most; passwords of 8 or more). */
export const SecurityPolicy = z.object({
  mfa_required: z.optional(z.enum(MFA_REQUIREMENTS)),
  inactivity_minutes: z.optional(
    z
      .number({ error: 'Enter a number of minutes' })
      .check(
        z.int('Use whole minutes'),
        z.gte(1, 'Use at least 1 minute'),
        z.lte(DEFAULT_INACTIVITY_MINUTES, `CJIS allows at most ${DEFAULT_INACTIVITY_MINUTES} minutes`),
      ),
  ),
  min_password_length: z.optional(
    z
      .number({ error: 'Enter a number of characters' })
      .check(
        z.int('Use a whole number'),
        z.gte(MIN_PASSWORD_LENGTH_FLOOR, `Use at least ${MIN_PASSWORD_LENGTH_FLOOR} characters`),
        z.lte(64, 'Use at most 64 characters'),
      ),
  ),
  self_unlock: z.optional(z.boolean()),
});
export type SecurityPolicy = z.infer<typeof SecurityPolicy>;
/** The policy with every rule present (as the agency's profile answers it). */
export const CompleteSecurityPolicy = z.required(SecurityPolicy);

/** The policy with every default filled in. */
export function effectiveSecurityPolicy(policy: SecurityPolicy): Required<SecurityPolicy> {
  return {
    mfa_required: policy.mfa_required ?? 'none',
    inactivity_minutes: policy.inactivity_minutes ?? DEFAULT_INACTIVITY_MINUTES,
    min_password_length: policy.min_password_length ?? MIN_PASSWORD_LENGTH_FLOOR,
    self_unlock: policy.self_unlock ?? true,
  };
}

export const AgencyInfo = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  ori: z.nullable(z.string()),
  timezone: z.string(),
  sys_config: SysConfig,
  /** The rules the browser needs to know: when an idle session ends, whether a second factor is required. */
  security: z.object({ inactivity_minutes: z.int(), mfa_required: z.enum(MFA_REQUIREMENTS) }),
});
export type AgencyInfo = z.infer<typeof AgencyInfo>;

/** GET /rest/v1/profile: the signed-in user with their agency (spec: user_profile → agency_info → sys_config). */
export const UserProfile = z.object({
  user: AuthUser,
  agency_info: AgencyInfo,
});
export type UserProfile = z.infer<typeof UserProfile>;
