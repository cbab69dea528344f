import { Anchor, Button, Card, Group, Modal, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ROTATION_PATTERN_LABELS, ScheduleInput, type Schedule } from '../../../core/contracts/schedule.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { useRecordDialog } from './record-dialog.ts';
import { useSaveSchedule, useScheduleSetup } from '../schedule-calls.ts';
import { shortDate } from '../schedule-times.ts';
import { schemaProblems } from '../../lib/form-errors.ts';
import { TableScroll } from '../../ui/table-scroll.tsx';

/** /admin/modules/schedule/schedules: the schedules ("Patrol 2027" and its dates), each with its groups, supervisors and rotations. */
export function SchedulesPage() {
  const setup = useScheduleSetup();
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="schedules-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg" id="schedules-heading">
            Schedules
          </Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            Add a schedule
          </Button>
        </Group>
        <Text fz="sm" c="dimmed">
          A schedule is made of groups (squads, platoons); each group has its supervisor, its rotation and its members (on the Groups and
          Assignments pages).
        </Text>
        {setup.isPending ? (
          <LoadingState label="Loading the schedules…" />
        ) : setup.isError ? (
          <ErrorState message={errorMessage(setup.error)} onRetry={() => void setup.refetch()} />
        ) : setup.data.schedules.length === 0 ? (
          <EmptyState title="No schedule yet">Add one (for example “Patrol 2027”), then its groups.</EmptyState>
        ) : (
          setup.data.schedules.map((schedule) => {
            const groups = setup.data.groups.filter((group) => group.schedule_id === schedule.id);
            const typeCode = (id: string) => setup.data.shift_types.find((type) => type.id === id)?.code ?? '?';
            return (
              <Card
                key={schedule.id}
                withBorder
                radius="sm"
                padding="sm"
                component="section"
                aria-label={schedule.name}
                data-testid="schedule-card"
              >
                <Stack gap="xs">
                  <Group justify="space-between" wrap="wrap">
                    <Text fw={650}>
                      {schedule.name}
                      {schedule.archived ? ' (archived)' : ''}
                    </Text>
                    <Group gap="xs">
                      <Text fz="sm" c="dimmed">
                        {shortDate(schedule.starts_on)}, {schedule.starts_on.slice(0, 4)} – {shortDate(schedule.ends_on)},{' '}
                        {schedule.ends_on.slice(0, 4)}
                      </Text>
                      <Button size="compact-sm" variant="subtle" onClick={() => setEditing(schedule)} aria-label={`Edit ${schedule.name}`}>
                        Edit
                      </Button>
                    </Group>
                  </Group>
                  {groups.length === 0 ? (
                    <Text fz="sm">
                      No group yet:{' '}
                      <Anchor component={Link} to="/admin/modules/schedule/groups" fz="sm" underline="always">
                        add its groups
                      </Anchor>
                      .
                    </Text>
                  ) : (
                    <TableScroll minWidth={520} tabIndex={0}>
                      <Table fz="sm" verticalSpacing={2} aria-label={`Groups of ${schedule.name}`}>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th scope="col">Group</Table.Th>
                            <Table.Th scope="col">Supervisor</Table.Th>
                            <Table.Th scope="col">Rotation</Table.Th>
                            <Table.Th scope="col">Members</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {groups.map((group) => (
                            <Table.Tr key={group.id}>
                              <Table.Td>{group.name}</Table.Td>
                              <Table.Td>{group.supervisor_name ?? 'None'}</Table.Td>
                              <Table.Td>
                                {group.rotation
                                  ? `${ROTATION_PATTERN_LABELS[group.rotation.pattern]}, ${typeCode(group.rotation.shift_type_id)}`
                                  : 'None'}
                              </Table.Td>
                              <Table.Td>{group.member_count}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </TableScroll>
                  )}
                </Stack>
              </Card>
            );
          })
        )}
      </Stack>
      {editing ? <ScheduleDialog schedule={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function ScheduleDialog({ schedule, onClose }: { schedule: Schedule | 'new'; onClose: () => void }) {
  const save = useSaveSchedule();
  const [input, setInput] = useState<ScheduleInput>(() =>
    schedule === 'new'
      ? { name: '', starts_on: '', ends_on: '' }
      : { name: schedule.name, starts_on: schedule.starts_on, ends_on: schedule.ends_on, archived: schedule.archived },
  );
  const { errors, formError, stale, submit: send } = useRecordDialog(schedule, save.mutateAsync, onClose);
  const set = (change: Partial<ScheduleInput>) => setInput((current) => ({ ...current, ...change }));
  const submit = () => {
    const found = schemaProblems(ScheduleInput, input);
    return send(
      found,
      () => ScheduleInput.parse(input),
      (body) => body.name,
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={schedule === 'new' ? 'Add a schedule' : `Edit ${schedule.name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        {stale ? <StaleVersionAlert what="schedule" onReload={onClose} /> : null}
        <TextInput
          label="Name"
          required
          value={input.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
          data-autofocus
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            type="date"
            label="From"
            required
            value={input.starts_on}
            onChange={(e) => set({ starts_on: e.currentTarget.value })}
            error={errors.starts_on}
          />
          <TextInput
            type="date"
            label="To"
            required
            value={input.ends_on}
            onChange={(e) => set({ ends_on: e.currentTarget.value })}
            error={errors.ends_on}
          />
        </SimpleGrid>
        {schedule !== 'new' ? (
          <Switch label="Archived" checked={input.archived ?? false} onChange={(e) => set({ archived: e.currentTarget.checked })} />
        ) : null}
        <FormErrorAlert message={formError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()}>
            Save the schedule
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
