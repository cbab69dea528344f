import { Button, Card, Group, Stack, Table, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCalendar, IconHistory, IconNote, IconPlus, IconSpeakerphone, IconTool, IconUmbrella } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { Roster, ScheduleSetup } from '../../../core/contracts/schedule.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { RosterView, type RosterState } from '../roster-view.tsx';
import { useScheduleSetup } from '../schedule-calls.ts';
import type { SchedulerSearch, SchedulerTab } from '../schedule-search.ts';
import { CoverageBadge, coverageByShift, coverageLineLabel, SchedulePage } from '../schedule-ui.tsx';
import { agencyToday, shortDate } from '../schedule-times.ts';
import { DayNoteDialog } from './day-note-dialog.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { ShiftEditor, type ShiftDraft } from './shift-editor.tsx';
import { TimeOffDecisions } from './time-off-decisions.tsx';
import { ToolsPanel } from './tools-panel.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';

const TAB_LABELS: Record<SchedulerTab, string> = {
  roster: 'Roster',
  time_off: 'Time off',
  history: 'History',
  tools: 'Rotations and hours',
};
const TAB_ICONS = { roster: IconCalendar, time_off: IconUmbrella, history: IconHistory, tools: IconTool } as const;

/**
 * /schedule/admin, the scheduler's working view: the whole roster with its gaps listed and
 * highlighted, where a shift is assigned, moved, given to someone else, marked sick or on leave, or
 * removed (each rule's finding shown before saving), day notes and the officer in charge; the
 * time-off requests to decide; the history of every change; and the batch work (generating a
 * rotation, the monthly accrual, the hours export).
 */
export function SchedulerScreen() {
  const state = useSearch({ from: '/_app/schedule/admin' });
  const navigate = useNavigate();
  const go = (next: SchedulerSearch) => void navigate({ to: '/schedule/admin', search: next });
  const setup = useScheduleSetup();

  return (
    <SchedulePage
      title="Scheduler"
      breadcrumbs={[{ label: 'Schedule', to: '/schedule' }]}
      description="Assign and change shifts, fill the gaps, decide time off."
      actions={
        <>
          <Button variant="default" renderRoot={(props) => <Link {...props} to="/schedule" />}>
            Calendar
          </Button>
          <Button
            variant="default"
            leftSection={<IconSpeakerphone size={16} aria-hidden />}
            renderRoot={(props) => <Link {...props} to="/schedule/admin/allcall" />}
          >
            All-call
          </Button>
        </>
      }
    >
      <Tabs value={state.tab} onChange={(tab) => go({ ...state, tab: (tab ?? 'roster') as SchedulerTab, page: 1 })} keepMounted={false}>
        <Tabs.List mb="md">
          {(Object.keys(TAB_LABELS) as SchedulerTab[]).map((tab) => {
            const Icon = TAB_ICONS[tab];
            return (
              <Tabs.Tab key={tab} value={tab} leftSection={<Icon size={16} aria-hidden />}>
                {TAB_LABELS[tab]}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {setup.isPending ? (
          <LoadingState label="Loading the schedule…" />
        ) : setup.isError ? (
          <ErrorState message={errorMessage(setup.error)} onRetry={() => void setup.refetch()} />
        ) : (
          <>
            <Tabs.Panel value="roster">
              <RosterTab setup={setup.data} state={state} go={go} />
            </Tabs.Panel>
            <Tabs.Panel value="time_off">
              <TimeOffDecisions page={state.page} onPage={(page) => go({ ...state, page })} />
            </Tabs.Panel>
            <Tabs.Panel value="history">
              <HistoryPanel page={state.page} onPage={(page) => go({ ...state, page })} />
            </Tabs.Panel>
            <Tabs.Panel value="tools">
              <ToolsPanel setup={setup.data} />
            </Tabs.Panel>
          </>
        )}
      </Tabs>
    </SchedulePage>
  );
}

function RosterTab({ setup, state, go }: { setup: ScheduleSetup; state: SchedulerSearch; go: (next: SchedulerSearch) => void }) {
  const [draft, setDraft] = useState<ShiftDraft | null>(null);
  const [noteDay, setNoteDay] = useState<{ date: string; roster: Roster } | null>(null);
  const today = agencyToday(setup.timezone);
  const date = state.date ?? today;
  return (
    <Stack gap="sm">
      <Group justify="flex-end" gap="sm">
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDraft({ kind: 'new', date })}>
          Assign a shift
        </Button>
      </Group>
      <RosterView
        setup={setup}
        views={['all']}
        state={{ view: 'all', range: state.range, date: state.date, group_id: state.group_id, position: state.position }}
        onChange={(next: RosterState) =>
          go({ ...state, range: next.range, date: next.date, group_id: next.group_id, position: next.position })
        }
        onShiftClick={(shift) => setDraft({ kind: 'edit', shift })}
        dayActions={(day, roster) => (
          <Button variant="default" leftSection={<IconNote size={16} aria-hidden />} onClick={() => setNoteDay({ date: day, roster })}>
            Day note and officer in charge
          </Button>
        )}
        above={(roster) => <Gaps roster={roster} setup={setup} onFill={setDraft} />}
      />
      {draft ? <ShiftEditor draft={draft} setup={setup} onClose={() => setDraft(null)} /> : null}
      {noteDay ? (
        <DayNoteDialog
          date={noteDay.date}
          note={noteDay.roster.day_notes.find((entry) => entry.date === noteDay.date)}
          setup={setup}
          onClose={() => setNoteDay(null)}
        />
      ) : null}
    </Stack>
  );
}

/** The shifts below minimum in what the roster shows, each with a way to assign someone to it. */
function Gaps({ roster, setup, onFill }: { roster: Roster; setup: ScheduleSetup; onFill: (draft: ShiftDraft) => void }) {
  const short = coverageByShift(roster.coverage).filter((line) => line.state === 'short');
  const groupName = (id: string) => setup.groups.find((group) => group.id === id)?.name ?? 'a group';
  const type = (id: string) => setup.shift_types.find((entry) => entry.id === id);
  if (short.length === 0)
    return (
      <Text fz="sm" c="dimmed" data-testid="no-gaps">
        Every shift shown meets its minimum staffing.
      </Text>
    );
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="gaps-heading" className="schedule-no-print">
      <Stack gap="xs">
        <Title order={2} fz="md" id="gaps-heading">
          {short.length} {short.length === 1 ? 'shift' : 'shifts'} below minimum
        </Title>
        <TableScroll minWidth={520} mah={260} tabIndex={0}>
          <Table fz="sm" verticalSpacing={2} aria-label="Shifts below minimum" data-testid="gaps">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Day</Table.Th>
                <Table.Th scope="col">Shift</Table.Th>
                <Table.Th scope="col">Short of</Table.Th>
                <Table.Th scope="col">Staffing</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Fill</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {short.flatMap((shift) =>
                shift.lines
                  .filter((line) => line.state === 'short')
                  .map((line) => (
                    <Table.Tr
                      key={`${line.date}-${line.shift_type_id}-${line.group_id ?? ''}-${line.position ?? ''}`}
                      className="schedule-gap-row"
                    >
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortDate(line.date)}</Table.Td>
                      <Table.Td>{type(line.shift_type_id)?.code ?? '?'}</Table.Td>
                      <Table.Td>
                        {line.minimum - line.scheduled} {coverageLineLabel(line, groupName)}
                      </Table.Td>
                      <Table.Td>
                        <CoverageBadge state={line.state} scheduled={line.scheduled} minimum={line.minimum} />
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          aria-label={`Fill ${type(line.shift_type_id)?.code ?? ''} on ${shortDate(line.date)}: ${coverageLineLabel(line, groupName)}`}
                          onClick={() =>
                            onFill({
                              kind: 'new',
                              date: line.date,
                              shift_type_id: line.shift_type_id,
                              position: line.position,
                              group_id: line.group_id,
                            })
                          }
                        >
                          Fill
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  )),
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Stack>
    </Card>
  );
}
