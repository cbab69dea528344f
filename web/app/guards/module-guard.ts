import type { SysConfig } from '../../../core/contracts/agency.ts';
import { checkModuleAccess, type ModuleDisplayName } from '../../../core/modules.ts';
import type { Claims } from '../../../core/permissions.ts';

/**
 * The module-access guard's decision (spec section 5) from the table in core/modules.ts: a blocked
 * route goes to /disabled?module=<display name>. It applies only when the claims and the agency's
 * sys_config are both known; the sign-in guard deals with signed-out visitors.
 */
export type ModuleGuardDecision = { action: 'pass' } | { action: 'redirect'; to: '/disabled'; search: { module: ModuleDisplayName } };

export function moduleGuardDecision(input: { path: string; claims: Claims | null; sysConfig: SysConfig | null }): ModuleGuardDecision {
  const access = checkModuleAccess(input);
  if (access.allowed) return { action: 'pass' };
  return { action: 'redirect', to: '/disabled', search: { module: access.displayName } };
}
