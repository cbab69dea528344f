import { defaultSysConfig, type SysConfig } from './contracts/agency.ts';
import type { AccountType } from './contracts/auth.ts';
import {
  checkModuleAccess,
  MODULE_LIST,
  MODULES,
  type ModuleDefinition,
  type ModuleDisplayName,
  type ModuleKey,
  type ModuleRule,
} from './modules.ts';
import { ADMIN_PERMISSION, hasPermission, isPermission, PERMISSIONS, type Claims, type Permission } from './permissions.ts';

/**
 * "Explain access" for the admin's user drawer: what a person may do and why, worked out with the
 * very rules the web's route guard and the server apply (core/modules.ts, core/permissions.ts), so
 * the explanation cannot say yes where the guard says no.
 */

export type ExplainAccessInput = {
  account_type: AccountType;
  /** The person's roles with the permissions each grants. */
  roles: ReadonlyArray<{ name: string; permissions: readonly string[] }>;
  /** The modules the agency has switched on. */
  enabledModules: readonly ModuleKey[];
};

export type GrantedPermission = { permission: Permission; label: string; grantedBy: string[] };

export type ScreenAccess = {
  module: ModuleKey;
  /** The screen's path: a module's home, or the part of it a rule guards (/fleet/admin). */
  path: string;
  /** The name the guard shows on /disabled for this screen. */
  name: ModuleDisplayName;
  allowed: boolean;
  /** Why the guard refuses it, in words; null when allowed. */
  why: string | null;
};

export type AccessExplanation = {
  /** Holds admin:access, which passes every permission rule (never a switched-off module or a limited account). */
  admin: boolean;
  permissions: GrantedPermission[];
  modulesOff: Array<{ key: ModuleKey; label: string }>;
  screens: ScreenAccess[];
};

function labelOf(permission: Permission): string {
  return PERMISSIONS[permission].label;
}

function listOf(words: string[], joiner: 'and' | 'or'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${joiner} ${words.at(-1)!}`;
}

/** The screens the guard tells apart: each module's home, then every path one of its rules guards. */
function screensOf(module: ModuleKey): Array<{ path: string; name: ModuleDisplayName }> {
  const definition: ModuleDefinition = MODULES[module];
  const screens: Array<{ path: string; name: ModuleDisplayName }> = [{ path: definition.homePath, name: definition.label }];
  for (const rule of definition.rules as readonly ModuleRule[])
    if (rule.under !== undefined && !screens.some((s) => s.path === rule.under)) screens.push({ path: rule.under, name: rule.displayName });
  return screens;
}

/** The rule that refused `path` for `reason` (the first applicable one of its kind), to name what is missing. */
function refusingRule(module: ModuleKey, path: string, claims: Claims): ModuleRule | undefined {
  return (MODULES[module].rules as readonly ModuleRule[]).find(
    (rule) =>
      (rule.under === undefined || path === rule.under || path.startsWith(`${rule.under}/`)) &&
      (rule.check === 'all_permissions' || rule.check === 'any_permission') &&
      !(rule.check === 'all_permissions'
        ? rule.permissions.every((p) => hasPermission(claims, p))
        : rule.permissions.some((p) => hasPermission(claims, p))),
  );
}

export function explainAccess(input: ExplainAccessInput): AccessExplanation {
  const grantedBy = new Map<Permission, string[]>();
  for (const role of input.roles)
    for (const permission of role.permissions)
      if (isPermission(permission)) grantedBy.set(permission, [...(grantedBy.get(permission) ?? []), role.name]);
  const held = [...grantedBy.keys()];
  const claims: Claims = {
    agency_id: '',
    account_type: input.account_type,
    roles: input.roles.map((r) => r.name),
    permissions: held,
  };
  const sysConfig: SysConfig = defaultSysConfig();
  for (const module of MODULE_LIST) sysConfig[module.settingsKey] = { enabled: input.enabledModules.includes(module.key) };

  const screens: ScreenAccess[] = [];
  for (const module of MODULE_LIST) {
    for (const screen of screensOf(module.key)) {
      const decision = checkModuleAccess({ path: screen.path, claims, sysConfig });
      let why: string | null = null;
      if (!decision.allowed) {
        if (decision.reason === 'disabled') why = `The agency has switched ${module.label} off.`;
        else if (decision.reason === 'account_type') why = `${decision.displayName} needs a full account; this one is limited.`;
        else {
          const rule = refusingRule(module.key, screen.path, claims);
          const permissions = rule && 'permissions' in rule ? [...rule.permissions] : [];
          const missing = permissions.filter((p) => !hasPermission(claims, p)).map((p) => `“${labelOf(p)}”`);
          why =
            rule?.check === 'any_permission'
              ? `Needs one of ${listOf(
                  permissions.map((p) => `“${labelOf(p)}”`),
                  'or',
                )}, which none of their roles grants.`
              : `Needs ${listOf(missing, 'and')}, which none of their roles grants.`;
        }
      }
      screens.push({ module: module.key, path: screen.path, name: screen.name, allowed: decision.allowed, why });
    }
  }

  return {
    admin: grantedBy.has(ADMIN_PERMISSION),
    permissions: held
      .map((permission) => ({ permission, label: labelOf(permission), grantedBy: grantedBy.get(permission)! }))
      .sort((a, b) => a.permission.localeCompare(b.permission)),
    modulesOff: MODULE_LIST.filter((m) => !input.enabledModules.includes(m.key)).map((m) => ({ key: m.key, label: m.label })),
    screens,
  };
}
