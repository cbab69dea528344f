import { Button, Card, ColorInput, Group, Modal, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ShiftTypeInput, type ShiftType } from '../../../core/contracts/schedule.ts';
import { crossesMidnight, nominalHours } from '../../../core/schedule/schedule-rules.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { useRecordDialog } from './record-dialog.ts';
import { useSaveShiftType, useScheduleSetup } from '../schedule-calls.ts';
import { Swatch } from '../schedule-ui.tsx';
import { hoursText } from '../schedule-times.ts';
import { schemaProblems } from '../../lib/form-errors.ts';
import { TableScroll } from '../../ui/table-scroll.tsx';

/** The shift types (code, name, colour, start and end, counting toward staffing), with their editor. */
export function ShiftTypesCard() {
  const setup = useScheduleSetup();
  const [editing, setEditing] = useState<ShiftType | 'new' | null>(null);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="shift-types-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg" id="shift-types-heading">
            Shift types
          </Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            Add a shift type
          </Button>
        </Group>
        {setup.isPending ? (
          <LoadingState label="Loading the shift types…" />
        ) : setup.isError ? (
          <ErrorState message={errorMessage(setup.error)} onRetry={() => void setup.refetch()} />
        ) : setup.data.shift_types.length === 0 ? (
          <EmptyState title="No shift type yet">Add the shifts your agency works (Day 07:00–15:00, Night 23:00–07:00).</EmptyState>
        ) : (
          <TableScroll minWidth={620} tabIndex={0}>
            <Table fz="sm" verticalSpacing={4} striped aria-label="Shift types">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Code</Table.Th>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Time</Table.Th>
                  <Table.Th scope="col">Hours</Table.Th>
                  <Table.Th scope="col">Staffing</Table.Th>
                  <Table.Th scope="col">Edit</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {setup.data.shift_types.map((type) => (
                  <Table.Tr key={type.id} data-testid="shift-type-row">
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Swatch color={type.color} />
                        <b>{type.code}</b>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {type.name}
                      {type.archived ? ' (archived)' : ''}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {type.start_time}–{type.end_time}
                      {type.crosses_midnight ? ' (next day)' : ''}
                    </Table.Td>
                    <Table.Td>{hoursText(type.hours)}</Table.Td>
                    <Table.Td>{type.counts_toward_staffing ? 'Counts' : 'Does not count'}</Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant="subtle" onClick={() => setEditing(type)} aria-label={`Edit ${type.code}`}>
                        Edit
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
      {editing ? <ShiftTypeDialog type={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function ShiftTypeDialog({ type, onClose }: { type: ShiftType | 'new'; onClose: () => void }) {
  const save = useSaveShiftType();
  const [input, setInput] = useState<ShiftTypeInput>(() =>
    type === 'new'
      ? { code: '', name: '', color: '#1c7ed6', start_time: '', end_time: '', counts_toward_staffing: true }
      : {
          code: type.code,
          name: type.name,
          color: type.color,
          start_time: type.start_time,
          end_time: type.end_time,
          counts_toward_staffing: type.counts_toward_staffing,
          archived: type.archived,
        },
  );
  const { errors, formError, stale, submit: send } = useRecordDialog(type, save.mutateAsync, onClose);
  const set = (change: Partial<ShiftTypeInput>) => setInput((current) => ({ ...current, ...change }));
  const validTimes = /^\d{2}:\d{2}$/.test(input.start_time) && /^\d{2}:\d{2}$/.test(input.end_time);

  const submit = () => {
    const found = schemaProblems(ShiftTypeInput, input);
    return send(
      found,
      () => ShiftTypeInput.parse(input),
      (body) => body.code,
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={type === 'new' ? 'Add a shift type' : `Edit ${type.code}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        {stale ? <StaleVersionAlert what="shift type" onReload={onClose} /> : null}
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="Code"
            description="Up to 6 letters or digits (D, N2)."
            required
            value={input.code}
            onChange={(e) => set({ code: e.currentTarget.value })}
            error={errors.code}
            data-autofocus
          />
          <TextInput label="Name" required value={input.name} onChange={(e) => set({ name: e.currentTarget.value })} error={errors.name} />
          <TextInput
            type="time"
            label="Starts"
            required
            value={input.start_time}
            onChange={(e) => set({ start_time: e.currentTarget.value })}
            error={errors.start_time}
          />
          <TextInput
            type="time"
            label="Ends"
            required
            value={input.end_time}
            onChange={(e) => set({ end_time: e.currentTarget.value })}
            error={errors.end_time}
          />
        </SimpleGrid>
        {validTimes ? (
          <Text fz="sm" role="status">
            {hoursText(nominalHours(input))} on an ordinary day
            {crossesMidnight(input) ? ', ending the next day (an hour less or more on the nights the clocks change)' : ''}.
          </Text>
        ) : null}
        <ColorInput
          label="Colour"
          description="Its stripe on the calendar."
          format="hex"
          value={input.color}
          onChange={(color) => set({ color })}
          error={errors.color}
          popoverProps={{ withinPortal: true }}
        />
        <Switch
          label="Counts toward minimum staffing"
          description="Off for training, court or admin days."
          checked={input.counts_toward_staffing}
          onChange={(e) => set({ counts_toward_staffing: e.currentTarget.checked })}
        />
        {type !== 'new' ? (
          <Switch
            label="Archived (no longer offered)"
            checked={input.archived ?? false}
            onChange={(e) => set({ archived: e.currentTarget.checked })}
          />
        ) : null}
        <FormErrorAlert message={formError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()}>
            Save the shift type
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
