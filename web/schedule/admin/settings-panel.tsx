import type { SettingsPanelProps } from '../../lib/web-modules.tsx';

export function ScheduleSettingsPanel(_props: SettingsPanelProps) {
  return null;
}
