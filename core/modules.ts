import type { SysConfig, SysConfigModuleKey } from './contracts/agency.ts';
import type { AccountType } from './contracts/auth.ts';
import { hasAllPermissions, hasAnyPermission, type Claims, type Permission } from './permissions.ts';

/**
 * The module-access table of spec section 5, kept as data, and the one function that evaluates it.
 * The browser's route guard redirects a blocked navigation to /disabled?module={displayName}; the
 * server answers 403 for a disabled module's API. Both read this file, so they cannot drift apart.
 *
 * Decision: `admin:access` passes the permission rules (through hasPermission), but NOT the
 * module-disabled or limited-account rules. A module the agency switched off is off for everyone,
 * and a limited account stays limited whatever its permissions; an admin who needs the module
 * switches it on or upgrades the account, both visible, audited acts.
 */

export const MODULE_KEYS = ['citations', 'reports', 'productivity', 'schedule', 'fleet', 'fto'] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

/** The names the guard passes to /disabled (spec section 5), exactly. */
export const MODULE_DISPLAY_NAMES = [
  'Citations',
  'Reports',
  'Report Templates',
  'Productivity',
  'Scheduling',
  'Scheduling Admin',
  'Fleet',
  'Service Requests',
  'Squad Checks',
  'Fleet Admin',
  'Field Training',
] as const;
export type ModuleDisplayName = (typeof MODULE_DISPLAY_NAMES)[number];

export type ModuleBlockReason = 'disabled' | 'account_type' | 'permission';

/**
 * One row of a module's rules. A rule with `under` applies only to that path and the paths below
 * it; without `under` it applies to the whole module. Rules run in order and the first one that
 * fails decides the reason and the display name, which is why the order follows the spec's wording
 * (reports checks the account type before the module switch; the others the other way round).
 */
export type ModuleRule =
  | { check: 'module_enabled'; under?: string; displayName: ModuleDisplayName }
  | { check: 'full_account'; under?: string; displayName: ModuleDisplayName }
  | { check: 'all_permissions'; permissions: readonly Permission[]; under?: string; displayName: ModuleDisplayName }
  | { check: 'any_permission'; permissions: readonly Permission[]; under?: string; displayName: ModuleDisplayName };

export type ModuleDefinition = {
  key: ModuleKey;
  /** The module's name in navigation, and the name a disabled module's API gives in its 403. */
  label: ModuleDisplayName;
  /** Where the module's enabled flag lives in the agency's sys_config. */
  settingsKey: SysConfigModuleKey;
  homePath: string;
  rules: readonly ModuleRule[];
};

export const MODULES = {
  citations: {
    key: 'citations',
    label: 'Citations',
    settingsKey: 'citations_settings',
    homePath: '/citations',
    rules: [
      { check: 'module_enabled', displayName: 'Citations' },
      { check: 'full_account', displayName: 'Citations' },
      { check: 'all_permissions', permissions: ['citations:access'], displayName: 'Citations' },
    ],
  },
  reports: {
    key: 'reports',
    label: 'Reports',
    settingsKey: 'reports_settings',
    homePath: '/reports',
    rules: [
      { check: 'full_account', displayName: 'Reports' },
      { check: 'module_enabled', displayName: 'Reports' },
      { check: 'all_permissions', permissions: ['reports:editor'], displayName: 'Reports' },
      {
        check: 'all_permissions',
        under: '/reports/templates',
        permissions: ['reports:templates.use'],
        displayName: 'Report Templates',
      },
      {
        check: 'all_permissions',
        under: '/reports/templates/create',
        permissions: ['reports:templates.create_user', 'reports:templates.create_agency'],
        displayName: 'Report Templates',
      },
    ],
  },
  productivity: {
    key: 'productivity',
    label: 'Productivity',
    settingsKey: 'productivity_settings',
    homePath: '/productivity',
    rules: [
      { check: 'module_enabled', displayName: 'Productivity' },
      { check: 'full_account', displayName: 'Productivity' },
      { check: 'all_permissions', permissions: ['productivity:access'], displayName: 'Productivity' },
    ],
  },
  schedule: {
    key: 'schedule',
    label: 'Scheduling',
    settingsKey: 'schedule_settings',
    homePath: '/schedule',
    rules: [
      { check: 'module_enabled', displayName: 'Scheduling' },
      { check: 'all_permissions', permissions: ['scheduling:view'], displayName: 'Scheduling' },
      {
        check: 'all_permissions',
        under: '/schedule/admin',
        permissions: [
          'scheduling:ot.manage',
          'scheduling:ot.create',
          'scheduling:pto.manage',
          'scheduling:modification.manage',
          'scheduling:allcall',
        ],
        displayName: 'Scheduling Admin',
      },
    ],
  },
  fleet: {
    key: 'fleet',
    label: 'Fleet',
    settingsKey: 'fleet_settings',
    homePath: '/fleet',
    rules: [
      { check: 'module_enabled', displayName: 'Fleet' },
      {
        check: 'all_permissions',
        under: '/fleet/request',
        permissions: ['fleet:servicerequest.submit'],
        displayName: 'Service Requests',
      },
      {
        check: 'all_permissions',
        under: '/fleet/squadcheck',
        permissions: ['fleet:squadcheck.submit'],
        displayName: 'Squad Checks',
      },
      // Logging fuel takes what a squad check does: an officer at the car.
      { check: 'all_permissions', under: '/fleet/fuel', permissions: ['fleet:squadcheck.submit'], displayName: 'Squad Checks' },
      { check: 'all_permissions', under: '/fleet/admin', permissions: ['fleet:admin'], displayName: 'Fleet Admin' },
    ],
  },
  fto: {
    key: 'fto',
    label: 'Field Training',
    settingsKey: 'field_training_settings',
    homePath: '/fto',
    rules: [
      { check: 'module_enabled', displayName: 'Field Training' },
      {
        check: 'any_permission',
        permissions: ['fto:user', 'fto:trainer', 'fto:admin'],
        displayName: 'Field Training',
      },
    ],
  },
} as const satisfies { [K in ModuleKey]: ModuleDefinition & { key: K } };

export const MODULE_LIST: readonly ModuleDefinition[] = MODULE_KEYS.map((key) => MODULES[key]);

export function isModuleKey(value: unknown): value is ModuleKey {
  return typeof value === 'string' && (MODULE_KEYS as readonly string[]).includes(value);
}

/**
 * The path's segments with the query string and hash removed, empty segments (doubled or trailing
 * slashes) dropped, percent-escapes decoded, `.` and `..` resolved, and lower-cased: the router
 * matches paths case-insensitively, so the guard must not be dodged by `/Fleet/Admin`.
 */
function pathSegments(path: string): string[] {
  const pathOnly = path.split(/[?#]/, 1)[0] ?? '';
  const segments: string[] = [];
  for (const raw of pathOnly.split('/')) {
    const segment = decodeSegment(raw).toLowerCase();
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** True when `segments` is the path `base` or lies below it. */
function isAtOrBelow(segments: readonly string[], base: string): boolean {
  const baseSegments = pathSegments(base);
  return baseSegments.every((segment, index) => segments[index] === segment);
}

/** The module a path belongs to, chosen by its first segment; null for paths of no module. */
export function moduleForPath(path: string): ModuleKey | null {
  const first = pathSegments(path)[0];
  return isModuleKey(first) ? first : null;
}

/**
 * Whether the agency has the module switched on. A sys_config that lacks the module's settings
 * counts as switched off: access fails closed.
 */
export function isModuleEnabled(sysConfig: SysConfig, moduleKey: ModuleKey): boolean {
  const settings: { enabled?: unknown } | undefined = sysConfig[MODULES[moduleKey].settingsKey];
  return settings?.enabled === true;
}

export type ModuleAccess =
  { allowed: true } | { allowed: false; module: ModuleKey; displayName: ModuleDisplayName; reason: ModuleBlockReason };

type RuleContext = { claims: Claims; sysConfig: SysConfig; module: ModuleKey };

/** Null when the rule passes, otherwise why it failed. */
function failedReason(rule: ModuleRule, context: RuleContext): ModuleBlockReason | null {
  switch (rule.check) {
    case 'module_enabled':
      return isModuleEnabled(context.sysConfig, context.module) ? null : 'disabled';
    case 'full_account':
      return isFullAccount(context.claims.account_type) ? null : 'account_type';
    case 'all_permissions':
      return hasAllPermissions(context.claims, rule.permissions) ? null : 'permission';
    case 'any_permission':
      return hasAnyPermission(context.claims, rule.permissions) ? null : 'permission';
  }
}

/** Only a full account passes the limited-account rule; an unknown account type is treated as limited. */
function isFullAccount(accountType: AccountType): boolean {
  return accountType === 'full';
}

function evaluateRules(segments: readonly string[], module: ModuleKey, claims: Claims, sysConfig: SysConfig): ModuleAccess {
  for (const rule of MODULES[module].rules as readonly ModuleRule[]) {
    if (rule.under !== undefined && !isAtOrBelow(segments, rule.under)) continue;
    const reason = failedReason(rule, { claims, sysConfig, module });
    if (reason !== null) return { allowed: false, module, displayName: rule.displayName, reason };
  }
  return { allowed: true };
}

/**
 * The route guard's decision for one navigation (spec section 5). It applies only when a user is
 * signed in and the agency's sys_config is loaded; otherwise navigation passes (the sign-in guard
 * deals with signed-out visitors).
 */
export function checkModuleAccess(input: {
  path: string;
  claims: Claims | null | undefined;
  sysConfig: SysConfig | null | undefined;
}): ModuleAccess {
  const { path, claims, sysConfig } = input;
  if (claims == null || sysConfig == null) return { allowed: true };
  const segments = pathSegments(path);
  const module = moduleForPath(path);
  if (module === null) return { allowed: true };
  return evaluateRules(segments, module, claims, sysConfig);
}

/**
 * For each module, whether the user may open its home screen: what navigation tiles and menus show.
 * Nothing is shown until both the claims and the sys_config are known.
 */
export function moduleAccessForUser(
  claims: Claims | null | undefined,
  sysConfig: SysConfig | null | undefined,
): Record<ModuleKey, boolean> {
  const access = {} as Record<ModuleKey, boolean>;
  for (const module of MODULE_KEYS) {
    access[module] =
      claims != null && sysConfig != null && evaluateRules(pathSegments(MODULES[module].homePath), module, claims, sysConfig).allowed;
  }
  return access;
}

/** Where the guard sends a blocked navigation. */
export function disabledModulePath(displayName: ModuleDisplayName): string {
  return `/disabled?module=${encodeURIComponent(displayName)}`;
}

export type ModuleApiAccess =
  { allowed: true } | { allowed: false; module: ModuleKey; displayName: ModuleDisplayName; reason: 'disabled' | 'account_type' };

/**
 * Whether a module's API may be used at all: the module's switch and, when `accountType` is given,
 * its limited-account rule (in the table's order). Route permissions are checked separately, per
 * route. `displayName` is the module's label, for the 403 message.
 */
export function checkModuleApiAccess(input: { module: ModuleKey; sysConfig: SysConfig; accountType?: AccountType }): ModuleApiAccess {
  const { module, sysConfig, accountType } = input;
  const definition: ModuleDefinition = MODULES[module];
  for (const rule of definition.rules) {
    if (rule.check === 'module_enabled' && !isModuleEnabled(sysConfig, module)) {
      return { allowed: false, module, displayName: definition.label, reason: 'disabled' };
    }
    if (rule.check === 'full_account' && accountType !== undefined && !isFullAccount(accountType)) {
      return { allowed: false, module, displayName: definition.label, reason: 'account_type' };
    }
  }
  return { allowed: true };
}
