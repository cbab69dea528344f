import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AgencyInfo } from '../../core/contracts/agency.ts';
import { formatDate, formatDateTime, formatTime, runtimeTimeZone, type Clock } from '../../core/dates.ts';

/**
 * Dates as the agency shows them (spec section 1): in its timezone and with its 12/24-hour clock.
 *
 * The shell, which has the signed-in profile, puts the agency's settings here (AgencyDatesProvider in
 * the app frame); every module reads them with useAgencyDates() without loading the profile itself. A change
 * of the agency's timezone shows everywhere as soon as the profile reloads. Until the profile has
 * loaded, and outside the app frame, dates are shown in the browser's timezone.
 */

export type AgencyDateSettings = { timeZone: string; clock: Clock };

/** The agency's timezone and clock: general_settings first, then the agency's own timezone, else the browser's. */
export function agencyDateSettings(agency: Pick<AgencyInfo, 'timezone' | 'sys_config'> | null | undefined): AgencyDateSettings {
  const timeZone = agency?.sys_config.general_settings.timezone || agency?.timezone || runtimeTimeZone();
  return { timeZone, clock: agency?.sys_config.general_settings.clock ?? '12h' };
}

const AgencyDatesContext = createContext<AgencyDateSettings | null>(null);

/** Gives everything below it the agency's date settings (null while the profile loads: the browser's). */
export function AgencyDatesProvider({
  agency,
  children,
}: {
  agency: Pick<AgencyInfo, 'timezone' | 'sys_config'> | null | undefined;
  children: ReactNode;
}) {
  const { timeZone, clock } = agencyDateSettings(agency);
  const value = useMemo(() => ({ timeZone, clock }), [timeZone, clock]);
  return <AgencyDatesContext.Provider value={value}>{children}</AgencyDatesContext.Provider>;
}

export type AgencyDates = AgencyDateSettings & {
  /** mm/dd/yy; '' for no value. */
  date: (value: string | null | undefined) => string;
  /** 2:05 PM or 14:05; '' for no value. */
  time: (value: string | null | undefined) => string;
  /** mm/dd/yy and the time; '' for no value. */
  dateTime: (value: string | null | undefined) => string;
};

export function agencyDates(settings: AgencyDateSettings): AgencyDates {
  const { timeZone, clock } = settings;
  return {
    timeZone,
    clock,
    date: (value) => (value ? formatDate(value, { timeZone }) : ''),
    time: (value) => (value ? formatTime(value, { timeZone, clock }) : ''),
    dateTime: (value) => (value ? formatDateTime(value, { timeZone, clock }) : ''),
  };
}

/** The agency's dates, from the nearest AgencyDatesProvider (the browser's timezone without one). */
export function useAgencyDates(): AgencyDates {
  const settings = useContext(AgencyDatesContext);
  return useMemo(() => agencyDates(settings ?? agencyDateSettings(null)), [settings]);
}
