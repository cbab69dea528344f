import type { EventContentArg, EventInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Box, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { Roster, ScheduleSetup, Shift } from '../../core/contracts/schedule.ts';
import { addDays } from '../../core/schedule/schedule-rules.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { COVERAGE_LABELS, coverageByShift } from './schedule-ui.tsx';
import { hoursText, localWallClock } from './schedule-times.ts';
import './schedule.css';

/**
 * The week and month views of the roster, drawn by FullCalendar (its MIT packages; this file is its
 * own chunk, loaded only when a week or month is shown on a screen wider than a phone).
 *
 * Time zones. FullCalendar reads and draws dates in the browser's zone unless given a named-zone
 * plugin (Luxon or moment-timezone, 70 kB more) to convert them. We give it none: the calendar runs
 * in 'UTC', which for FullCalendar means "no conversion", and each shift goes in as the agency's
 * wall clock (`2027-03-13T22:00` to `2027-03-14T06:00`, made from the shift's two instants in the
 * agency's zone, schedule-times.ts). What a scheduler reads is then what the station's clock says,
 * whatever the browser's zone; the night the clocks go forward that night shift still reads
 * 22:00-06:00, as on the station's wall, and its length is the server's `hours` (7), shown on the
 * event rather than measured from the grid (which, as FullCalendar's own with a plugin, draws every
 * day as 24 hours). "Today" and the now-line come from the agency's wall clock too (`now`).
 */

export type CalendarRange = 'week' | 'month';

type ShiftEvent = { kind: 'shift'; shift: Shift };
type CountEvent = { kind: 'count'; code: string; count: number; date: string };
type CoverageEvent = { kind: 'coverage'; code: string; state: 'short' | 'met' | 'over'; scheduled: number; minimum: number; date: string };
type NoteEvent = { kind: 'note'; text: string; date: string };
type OffEvent = { kind: 'off'; text: string };
type Extended = ShiftEvent | CountEvent | CoverageEvent | NoteEvent | OffEvent;

export function RosterCalendar(props: {
  roster: Roster;
  setup: ScheduleSetup;
  range: CalendarRange;
  date: string;
  mine: boolean;
  onShiftClick: (shift: Shift) => void;
  onDayClick: (date: string) => void;
}) {
  const { roster, setup, range, mine } = props;
  const dates = useAgencyDates();
  const timeZone = roster.timezone;
  const typeById = useMemo(() => new Map(setup.shift_types.map((type) => [type.id, type])), [setup.shift_types]);
  // A whole month of the whole roster is hundreds of shifts: it shows how many work each shift type instead.
  const counted = range === 'month' && !mine;

  const events = useMemo<EventInput[]>(() => {
    const list: EventInput[] = [];
    if (!mine)
      for (const line of coverageByShift(roster.coverage)) {
        const type = typeById.get(line.shift_type_id);
        list.push({
          id: `coverage-${line.date}-${line.shift_type_id}`,
          start: line.date,
          allDay: true,
          title: `${type?.code ?? '?'} ${COVERAGE_LABELS[line.state]} ${line.scheduled}/${line.minimum}`,
          classNames: ['schedule-coverage', `schedule-coverage-${line.state}`],
          extendedProps: {
            kind: 'coverage',
            code: type?.code ?? '?',
            state: line.state,
            scheduled: line.scheduled,
            minimum: line.minimum,
            date: line.date,
          } satisfies CoverageEvent,
          order: 0,
        });
      }
    for (const note of roster.day_notes) {
      const parts = [note.officer_in_charge_name ? `OIC ${note.officer_in_charge_name}` : '', note.note].filter(Boolean);
      if (parts.length === 0) continue;
      list.push({
        id: `note-${note.date}`,
        start: note.date,
        allDay: true,
        title: parts.join(' · '),
        classNames: ['schedule-note'],
        extendedProps: { kind: 'note', text: parts.join(' · '), date: note.date } satisfies NoteEvent,
        order: 1,
      });
    }
    for (const off of roster.time_off) {
      const text = mine ? `Time off (${off.type_name})` : `Off: ${off.user_name}`;
      list.push({
        id: `off-${off.user_id}-${off.starts_on}`,
        start: off.starts_on,
        end: addDays(off.ends_on, 1),
        allDay: true,
        title: text,
        classNames: ['schedule-off'],
        extendedProps: { kind: 'off', text } satisfies OffEvent,
        order: 2,
      });
    }
    if (counted) {
      const counts = new Map<string, CountEvent>();
      for (const shift of roster.shifts) {
        if (shift.status !== 'scheduled') continue;
        const key = `${shift.date}|${shift.shift_type_id}`;
        const entry = counts.get(key) ?? { kind: 'count', code: shift.code, count: 0, date: shift.date };
        entry.count += 1;
        counts.set(key, entry);
      }
      for (const [key, entry] of counts)
        list.push({
          id: `count-${key}`,
          start: entry.date,
          allDay: true,
          title: `${entry.code}: ${entry.count} on`,
          classNames: ['schedule-count'],
          extendedProps: entry,
          order: 3,
        });
    } else
      for (const shift of roster.shifts)
        list.push({
          id: shift.id,
          start: localWallClock(shift.starts_at, timeZone),
          end: localWallClock(shift.ends_at, timeZone),
          title: `${shift.code} ${shift.user_name}`,
          borderColor: shift.color,
          classNames: ['schedule-shift', shift.status === 'scheduled' ? '' : 'schedule-shift-away'],
          extendedProps: { kind: 'shift', shift } satisfies ShiftEvent,
          order: 4,
        });
    return list;
  }, [roster, typeById, mine, counted, timeZone]);

  const content = (arg: EventContentArg) => {
    const extended = arg.event.extendedProps as Extended;
    if (extended.kind === 'shift') {
      const { shift } = extended;
      const away = shift.status === 'scheduled' ? '' : ` (${shift.status === 'time_off' ? 'time off' : shift.status})`;
      return (
        <Box px={4} className="schedule-event-text" data-testid="calendar-shift">
          <b>{shift.code}</b> {dates.time(shift.starts_at)} {mine ? (shift.group_name ?? '') : shift.user_name}
          {away}
          {mine ? ` · ${hoursText(shift.hours)}` : ''}
        </Box>
      );
    }
    if (extended.kind === 'coverage')
      return (
        <Box px={4} className="schedule-event-text" data-testid="calendar-coverage" data-state={extended.state}>
          <b>{extended.code}</b> {COVERAGE_LABELS[extended.state]} {extended.scheduled}/{extended.minimum}
        </Box>
      );
    return (
      <Text span fz="xs" px={4} className="schedule-event-text">
        {arg.event.title}
      </Text>
    );
  };

  const view = range === 'month' ? 'dayGridMonth' : mine ? 'timeGridWeek' : 'dayGridWeek';
  return (
    <Box className="schedule-calendar" data-testid={`roster-calendar-${range}`}>
      <FullCalendar
        key={`${view}-${props.date}`}
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
        initialView={view}
        initialDate={props.date}
        timeZone="UTC"
        now={() => localWallClock(new Date(), timeZone)}
        headerToolbar={false}
        firstDay={setup.week_starts_on}
        height="auto"
        events={events}
        eventOrder="order,start,title"
        eventContent={content}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: dates.clock === '12h' }}
        dayMaxEvents={range === 'month' && mine ? 4 : false}
        allDaySlot
        allDayText="Day"
        scrollTime="06:00:00"
        slotLabelFormat={{ hour: 'numeric', minute: '2-digit', hour12: dates.clock === '12h' }}
        navLinks
        // FullCalendar names a month's day cell by its day number alone, which hides the shifts in it from
        // the cell's name (axe: label-content-name-mismatch); the cell reads as its content instead.
        dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
        eventInteractive
        navLinkDayClick={(date) => props.onDayClick(date.toISOString().slice(0, 10))}
        eventClick={({ event, jsEvent }) => {
          jsEvent.preventDefault();
          const extended = event.extendedProps as Extended;
          if (extended.kind === 'shift') props.onShiftClick(extended.shift);
          else if (extended.kind === 'coverage' || extended.kind === 'count' || extended.kind === 'note') props.onDayClick(extended.date);
        }}
      />
    </Box>
  );
}
