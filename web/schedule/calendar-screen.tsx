import { Button, Stack, Tabs, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { IconArrowsExchange, IconCalendar, IconCalendarShare, IconSettings, IconUmbrella, IconUsersGroup } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { SCHEDULING_ADMIN_PERMISSIONS } from '../../core/contracts/schedule.ts';
import { hasAllPermissions, hasPermission } from '../../core/permissions.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { errorMessage } from '../lib/api-error.ts';
import { importWithReload } from '../lib/chunk-reload.ts';
import { useAuthState } from '../lib/session/session.ts';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { MyAllcallsPanel } from './allcall/my-allcalls-panel.tsx';
import { RosterView, type RosterState } from './roster-view.tsx';
import { useScheduleSetup } from './schedule-calls.ts';
import type { CalendarSearch, CalendarTab } from './schedule-search.ts';
import { SchedulePage } from './schedule-ui.tsx';

// The calendar is what the screen opens on: the other tabs' forms and lists load when they are chosen (issue 13).
const TimeOffPanel = lazy(importWithReload(() => import('./time-off-panel.tsx').then((m) => ({ default: m.TimeOffPanel }))));
const TimeOffDecisions = lazy(
  importWithReload(() => import('./admin/time-off-decisions.tsx').then((m) => ({ default: m.TimeOffDecisions }))),
);
const FeedPanel = lazy(importWithReload(() => import('./feed-panel.tsx').then((m) => ({ default: m.FeedPanel }))));

const TAB_LABELS: Record<CalendarTab, string> = { calendar: 'Calendar', time_off: 'Time off', feed: 'Calendar feed' };
const TAB_ICONS = { calendar: IconCalendar, time_off: IconUmbrella, feed: IconCalendarShare } as const;

/**
 * /schedule: the calendar (my schedule or the whole roster, by day, week or month, with staffing at a
 * glance, day notes and the officer in charge), my time off and my calendar feed. Everything shown is
 * in the URL; times are the agency's wall clock.
 */
export function CalendarScreen() {
  const state = useSearch({ from: '/_app/schedule' });
  const navigate = useNavigate();
  const go = (next: CalendarSearch) => void navigate({ to: '/schedule', search: next });
  const setup = useScheduleSetup();
  const dates = useAgencyDates();
  const { claims } = useAuthState();
  const scheduler = claims ? hasAllPermissions(claims, [...SCHEDULING_ADMIN_PERMISSIONS]) : false;
  const admin = claims ? hasPermission(claims, 'admin:access') : false;
  // Whoever decides time off (a lieutenant may hold only that) decides it here, beside their own; the scheduler also has it in /schedule/admin.
  const decidesTimeOff = claims ? hasPermission(claims, 'scheduling:pto.manage') : false;
  const [decisionsPage, setDecisionsPage] = useState(1);

  return (
    <SchedulePage
      title="Schedule"
      description="Shifts in the agency’s time zone. Choose a day to see its roster by group and position."
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconArrowsExchange size={16} aria-hidden />}
            renderRoot={(props) => <Link {...props} to="/schedule/trades" />}
          >
            Trades
          </Button>
          {scheduler ? (
            <Button
              variant="default"
              leftSection={<IconUsersGroup size={16} aria-hidden />}
              renderRoot={(props) => <Link {...props} to="/schedule/admin" />}
            >
              Scheduler
            </Button>
          ) : null}
          {admin ? (
            <Button
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden />}
              renderRoot={(props) => <Link {...props} to="/admin/modules/schedule" />}
            >
              Set-up
            </Button>
          ) : null}
        </>
      }
    >
      <MyAllcallsPanel />
      <Tabs value={state.tab} onChange={(tab) => go({ ...state, tab: (tab ?? 'calendar') as CalendarTab })} keepMounted={false}>
        <Tabs.List mb="md">
          {(Object.keys(TAB_LABELS) as CalendarTab[]).map((tab) => {
            const Icon = TAB_ICONS[tab];
            return (
              <Tabs.Tab key={tab} value={tab} leftSection={<Icon size={16} aria-hidden />}>
                {TAB_LABELS[tab]}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="calendar">
          {setup.isPending ? (
            <LoadingState label="Loading the schedule…" />
          ) : setup.isError ? (
            <ErrorState message={errorMessage(setup.error)} onRetry={() => void setup.refetch()} />
          ) : (
            <RosterView
              setup={setup.data}
              views={['mine', 'all']}
              state={state}
              onChange={(next: RosterState) => go({ ...state, ...next })}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="time_off">
          <Suspense fallback={<LoadingState label="Loading your time off…" />}>
            <Stack gap="xl">
              <TimeOffPanel timeZone={setup.data?.timezone ?? dates.timeZone} outboxId={state.outbox} />
              {decidesTimeOff ? (
                <Stack gap="sm" component="section" aria-labelledby="decide-heading">
                  <Title order={2} fz="lg" id="decide-heading">
                    Requests to decide
                  </Title>
                  <TimeOffDecisions page={decisionsPage} onPage={setDecisionsPage} />
                </Stack>
              ) : null}
            </Stack>
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="feed">
          <Suspense fallback={<LoadingState label="Loading your calendar feed…" />}>
            <FeedPanel />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </SchedulePage>
  );
}
