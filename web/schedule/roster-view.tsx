import { ActionIcon, Button, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Roster, ScheduleSetup, Shift } from '../../core/contracts/schedule.ts';
import { errorMessage } from '../lib/api-error.ts';
import { PHONE_QUERY } from '../lib/list-view.tsx';
import { importWithReload } from '../lib/chunk-reload.ts';
import { Select } from '../ui/select.tsx';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { DayRoster } from './day-roster.tsx';
import { useRoster } from './schedule-calls.ts';
import { agencyToday, rangeTitle, stepDate, visibleRange, type RangeKind } from './schedule-times.ts';
import { ShiftList } from './shift-list.tsx';

// A shift's details open in a modal: its code (the modal, its overlay and portal) loads with the first one opened.
const ShiftDetails = lazy(importWithReload(() => import('./shift-details.tsx').then((module) => ({ default: module.ShiftDetails }))));
const RosterCalendar = lazy(importWithReload(() => import('./roster-calendar.tsx').then((module) => ({ default: module.RosterCalendar }))));

/** What the roster shows, as the URL keeps it. */
export type RosterState = {
  view: 'mine' | 'all';
  range: RangeKind;
  /** null: today in the agency's zone. */
  date: string | null;
  group_id: string | null;
  position: string | null;
};

const RANGE_LABELS: Record<RangeKind, string> = { day: 'Day', week: 'Week', month: 'Month' };

/**
 * The roster with its controls: whose (mine or everyone's, when `views` offers both), which span
 * (day, week, month), the step back and forth, and the group and position filters. A week or a month
 * is FullCalendar's grid on a wide screen and a list of days on a phone; the whole roster's day is
 * the briefing table by group and position, which prints on one page.
 */
export function RosterView(props: {
  setup: ScheduleSetup;
  state: RosterState;
  onChange: (next: RosterState) => void;
  /** Whose schedules may be chosen: the calendar offers both, the scheduler the whole roster. */
  views: readonly ('mine' | 'all')[];
  /** Opening a shift: its details unless the screen has its own (the scheduler's changes). */
  onShiftClick?: (shift: Shift) => void;
  /** Beside the day's heading (the scheduler's day note). */
  dayActions?: (date: string, roster: Roster) => ReactNode;
  /** Above the roster, from its answer (the scheduler's list of gaps). */
  above?: (roster: Roster) => ReactNode;
}) {
  const { setup, state, onChange } = props;
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const today = agencyToday(setup.timezone);
  const date = state.date ?? today;
  const mine = state.view === 'mine';
  const { from, to } = visibleRange(state.range, date, setup.week_starts_on);
  const roster = useRoster({
    from,
    to,
    ...(mine ? { mine: 'true' } : {}),
    ...(state.group_id ? { group_id: state.group_id } : {}),
    ...(state.position ? { position: state.position } : {}),
  });
  const [opened, setOpened] = useState<Shift | null>(null);
  const openShift = props.onShiftClick ?? setOpened;
  const go = (change: Partial<RosterState>) => onChange({ ...state, ...change });
  const groups = setup.groups.map((group) => ({
    value: group.id,
    label:
      setup.schedules.length > 1 ? `${group.name} (${setup.schedules.find((s) => s.id === group.schedule_id)?.name ?? ''})` : group.name,
  }));

  const body = (() => {
    if (roster.isPending) return <LoadingState label="Loading the roster…" />;
    if (roster.isError) return <ErrorState message={errorMessage(roster.error)} onRetry={() => void roster.refetch()} />;
    const data = roster.data;
    if (state.range === 'day' && !mine)
      return <DayRoster roster={data} setup={setup} date={date} onShiftClick={openShift} actions={props.dayActions?.(date, data)} />;
    if (phone || state.range === 'day')
      return <ShiftList roster={data} setup={setup} from={from} to={to} mine={mine} onShiftClick={openShift} />;
    return (
      <Suspense fallback={<LoadingState label="Loading the calendar…" />}>
        <RosterCalendar
          roster={data}
          setup={setup}
          range={state.range}
          date={date}
          mine={mine}
          onShiftClick={openShift}
          onDayClick={(day) => go({ range: 'day', date: day, view: mine ? 'mine' : state.view })}
        />
      </Suspense>
    );
  })();

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" className="schedule-no-print">
        {props.views.length > 1 ? (
          <SegmentedControl
            aria-label="Whose schedule"
            value={state.view}
            onChange={(value) => go({ view: value as RosterState['view'] })}
            data={[
              { value: 'mine', label: 'My schedule' },
              { value: 'all', label: 'Whole roster' },
            ]}
          />
        ) : null}
        <SegmentedControl
          aria-label="Show"
          value={state.range}
          onChange={(value) => go({ range: value as RangeKind })}
          data={(['day', 'week', 'month'] as const).map((value) => ({ value, label: RANGE_LABELS[value] }))}
        />
      </Group>
      <Group gap="sm" wrap="wrap" justify="space-between" className="schedule-no-print">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Previous ${RANGE_LABELS[state.range].toLowerCase()}`}
            onClick={() => go({ date: stepDate(state.range, date, -1) })}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Button variant="default" onClick={() => go({ date: null })} disabled={state.date === null || state.date === today}>
            Today
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Next ${RANGE_LABELS[state.range].toLowerCase()}`}
            onClick={() => go({ date: stepDate(state.range, date, 1) })}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
          <Title order={2} fz="md" aria-live="polite" data-testid="roster-title">
            {rangeTitle(state.range, date, setup.week_starts_on)}
          </Title>
        </Group>
        {!mine ? (
          <Group gap="xs" wrap="wrap">
            <Select
              label="Group"
              placeholder="Every group"
              clearable
              data={groups}
              value={state.group_id}
              onChange={(value) => go({ group_id: value })}
              w={200}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Position"
              placeholder="Every position"
              clearable
              data={setup.positions}
              value={state.position}
              onChange={(value) => go({ position: value })}
              w={170}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        ) : null}
      </Group>
      {roster.data && props.above ? props.above(roster.data) : null}
      {body}
      {opened ? (
        <Suspense fallback={null}>
          <ShiftDetails shift={opened} onClose={() => setOpened(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
