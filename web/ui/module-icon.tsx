import { IconCalendarTime, IconCar, IconChecklist, IconFileText, IconSchool, IconTicket } from '@tabler/icons-react';
import type { ModuleKey } from '../../core/modules.ts';

const ICONS = {
  citations: IconTicket,
  reports: IconFileText,
  productivity: IconChecklist,
  schedule: IconCalendarTime,
  fleet: IconCar,
  fto: IconSchool,
} as const satisfies Record<ModuleKey, unknown>;

/** A module's icon; decorative, since the module's name always stands beside it. */
export function ModuleIcon({ module, size = 20 }: { module: ModuleKey; size?: number }) {
  const Icon = ICONS[module];
  return <Icon aria-hidden size={size} stroke={1.7} />;
}

/** One line on what each module is for, for tiles and the landing page. */
export const MODULE_SUMMARIES: Record<ModuleKey, string> = {
  citations: 'Write, validate and issue citations and written warnings from the roadside.',
  reports: 'Write incident reports from templates and move them through review.',
  productivity: 'Spaces, lists and tasks for the work that is not a call for service.',
  schedule: 'Shifts, overtime, trades and all-calls.',
  fleet: 'Vehicles, service requests and squad checks.',
  fto: 'Field training binders, daily observation reports, tasksheets and policies.',
};
