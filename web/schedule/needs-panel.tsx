import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SCHEDULING_ADMIN_PERMISSIONS } from '../../core/contracts/schedule.ts';
import { hasAllPermissions } from '../../core/permissions.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { useAuthState } from '../lib/session/session.ts';
import { useScheduleHome } from './schedule-calls.ts';
import { hoursText, shortDate } from './schedule-times.ts';

/**
 * Scheduling on the home screen: my next shifts and my requests waiting for a decision; for whoever
 * decides time off, the requests waiting; for the scheduler, the shifts below minimum in the next two
 * weeks; the trades waiting for my answer or (a supervisor’s) decision; overtime offered to me and the open shifts I may sign
 * up for. Nothing when nothing is there, or while loading.
 */
export function ScheduleNeedsPanel() {
  const home = useScheduleHome();
  const dates = useAgencyDates();
  const { claims } = useAuthState();
  // The scheduler's view needs all five scheduling admin permissions; whoever decides time off without them reads the count.
  const scheduler = hasAllPermissions(claims, [...SCHEDULING_ADMIN_PERMISSIONS]);
  if (!home.data) return null;
  // All-calls sent to me that still wait for my answer: first, and urgent.
  const urgent = home.data.open_allcalls_for_me;
  const { next_shifts: next, my_pending_time_off: pending, time_off_to_decide: toDecide, gaps_ahead: gaps } = home.data;
  const trades = home.data.trades_waiting;
  const overtime = home.data.overtime_for_me;
  if (
    next.length === 0 &&
    pending === 0 &&
    toDecide === 0 &&
    gaps === 0 &&
    trades.to_answer === 0 &&
    trades.to_decide === 0 &&
    urgent === 0 &&
    overtime.open === 0 &&
    overtime.offers === 0
  )
    return null;
  return (
    <Card withBorder radius="md" padding="md" aria-labelledby="needs-schedule" data-testid="schedule-needs">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="needs-schedule">
          Schedule
        </Title>
        {urgent > 0 ? (
          <Anchor renderRoot={(props) => <Link {...props} to="/schedule" />} fw={700} className="precinct-tap">
            {urgent} urgent {urgent === 1 ? 'call asks' : 'calls ask'} for my answer
          </Anchor>
        ) : null}
        {next.length > 0 ? (
          <Stack gap={2}>
            <Anchor renderRoot={(props) => <Link {...props} to="/schedule" />} fw={650} className="precinct-tap">
              My next shifts
            </Anchor>
            {next.slice(0, 3).map((shift) => (
              <Text key={shift.id} fz="sm">
                {shortDate(shift.date)} · {shift.code} {dates.time(shift.starts_at)}–{dates.time(shift.ends_at)} ({hoursText(shift.hours)})
                {shift.status !== 'scheduled' ? ` · ${shift.status === 'time_off' ? 'time off' : shift.status}` : ''}
              </Text>
            ))}
          </Stack>
        ) : null}
        {pending > 0 ? (
          <Anchor renderRoot={(props) => <Link {...props} to="/schedule" search={{ tab: 'time_off' }} />} fz="sm" className="precinct-tap">
            {pending} of my time-off {pending === 1 ? 'request is' : 'requests are'} waiting for a decision
          </Anchor>
        ) : null}
        {overtime.offers > 0 ? (
          <Anchor renderRoot={(props) => <Link {...props} to="/schedule/overtime" />} fw={650} fz="sm" className="precinct-tap">
            {overtime.offers === 1 ? 'An overtime offer is' : `${overtime.offers} overtime offers are`} waiting for my answer
          </Anchor>
        ) : null}
        {overtime.open > 0 ? (
          <Anchor renderRoot={(props) => <Link {...props} to="/schedule/overtime" />} fz="sm" className="precinct-tap">
            {overtime.open} open overtime {overtime.open === 1 ? 'shift' : 'shifts'} I can sign up for
          </Anchor>
        ) : null}
        {trades.to_answer > 0 ? (
          <Anchor renderRoot={(props) => <Link {...props} to="/schedule/trades" />} fw={650} fz="sm" className="precinct-tap">
            {trades.to_answer} {trades.to_answer === 1 ? 'trade is' : 'trades are'} waiting for my answer
          </Anchor>
        ) : null}
        {trades.to_decide > 0 ? (
          <Anchor
            renderRoot={(props) => <Link {...props} to="/schedule/trades" search={{ box: 'to_decide' }} />}
            fw={650}
            fz="sm"
            className="precinct-tap"
          >
            {trades.to_decide} {trades.to_decide === 1 ? 'trade' : 'trades'} to decide
          </Anchor>
        ) : null}
        <Group gap="md" wrap="wrap">
          {toDecide > 0 && !scheduler ? (
            <Text fz="sm" fw={650}>
              {toDecide} time-off {toDecide === 1 ? 'request' : 'requests'} to decide
            </Text>
          ) : null}
          {toDecide > 0 && scheduler ? (
            <Anchor
              renderRoot={(props) => <Link {...props} to="/schedule/admin" search={{ tab: 'time_off' }} />}
              fw={650}
              className="precinct-tap"
            >
              {toDecide} time-off {toDecide === 1 ? 'request' : 'requests'} to decide
            </Anchor>
          ) : null}
          {gaps > 0 && scheduler ? (
            <Anchor renderRoot={(props) => <Link {...props} to="/schedule/admin" />} fw={650} className="precinct-tap">
              {gaps} {gaps === 1 ? 'shift' : 'shifts'} below minimum in the next two weeks
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
