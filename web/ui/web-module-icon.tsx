import { IconSettings } from '@tabler/icons-react';
import { isModuleKey } from '../../core/modules.ts';
import type { WebModuleKey } from '../lib/web-modules.tsx';
import { MODULE_SUMMARIES, ModuleIcon } from './module-icon.tsx';

/**
 * The icon and one-line summary of a web module's entry in the navigation and on the home screen: a
 * module's own (module-icon.tsx), or the admin area's. Kept apart from module-icon.tsx so that the
 * signed-out landing page, which lists the modules only, does not carry the admin area's.
 */
export function WebModuleIcon({ module, size = 20 }: { module: WebModuleKey; size?: number }) {
  if (isModuleKey(module)) return <ModuleIcon module={module} size={size} />;
  return <IconSettings aria-hidden size={size} stroke={1.7} />;
}

export function webModuleSummary(module: WebModuleKey): string {
  return isModuleKey(module) ? MODULE_SUMMARIES[module] : 'Users, roles, modules and the agency’s settings.';
}
