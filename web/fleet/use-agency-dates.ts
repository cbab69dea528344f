import { formatDate, formatDateTime, formatTime } from '../../core/dates.ts';
import { useProfile } from '../auth/get-profile.ts';

/**
 * Dates as the agency shows them: in its timezone and with its 12/24-hour clock, from the signed-in
 * profile. (The admin area has the same hook; modules do not import each other.)
 */
export function useAgencyDates() {
  const profile = useProfile();
  const agency = profile.data?.agency_info;
  const timeZone = agency?.sys_config.general_settings.timezone || agency?.timezone || undefined;
  const clock = agency?.sys_config.general_settings.clock ?? '12h';
  return {
    date: (value: string | null | undefined) => (value ? formatDate(value, { timeZone }) : ''),
    time: (value: string | null | undefined) => (value ? formatTime(value, { timeZone, clock }) : ''),
    dateTime: (value: string | null | undefined) => (value ? formatDateTime(value, { timeZone, clock }) : ''),
  };
}
