import { formatDate, formatDateTime } from '../../../core/dates.ts';
import { useProfile } from '../../auth/get-profile.ts';

/** Dates as the agency shows them: in its timezone and with its 12/24-hour clock, from the signed-in profile. */
export function useFleetDates() {
  const profile = useProfile();
  const agency = profile.data?.agency_info;
  const timeZone = agency?.sys_config.general_settings.timezone || agency?.timezone || 'UTC';
  const clock = agency?.sys_config.general_settings.clock ?? '12h';
  return {
    timeZone,
    date: (value: string | null | undefined) => (value ? formatDate(value, { timeZone }) : ''),
    dateTime: (value: string | null | undefined) => (value ? formatDateTime(value, { timeZone, clock }) : ''),
  };
}
