import { Button, Card, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, Table, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { TimeOffTypeInput, type TimeOffType } from '../../../core/contracts/schedule.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { useRecordDialog } from './record-dialog.ts';
import { useSaveTimeOffType, useTimeOffTypes } from '../schedule-calls.ts';
import { hoursText } from '../schedule-times.ts';
import { schemaProblems } from '../../lib/form-errors.ts';
import { TableScroll } from '../../ui/table-scroll.tsx';

/** The types of time off (vacation, comp, sick, personal), each with its monthly accrual and maximum carry-over. */
export function TimeOffTypesCard() {
  const types = useTimeOffTypes();
  const [editing, setEditing] = useState<TimeOffType | 'new' | null>(null);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="time-off-types-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg" id="time-off-types-heading">
            Time-off types
          </Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            Add a time-off type
          </Button>
        </Group>
        {types.isPending ? (
          <LoadingState label="Loading the time-off types…" />
        ) : types.isError ? (
          <ErrorState message={errorMessage(types.error)} onRetry={() => void types.refetch()} />
        ) : types.data.length === 0 ? (
          <EmptyState title="No time-off type yet">Add vacation, comp time, sick and personal days with what each accrues.</EmptyState>
        ) : (
          <TableScroll minWidth={520} tabIndex={0}>
            <Table fz="sm" verticalSpacing={4} striped aria-label="Time-off types">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Accrues each month</Table.Th>
                  <Table.Th scope="col">Most carried into a new year</Table.Th>
                  <Table.Th scope="col">Edit</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {types.data.map((type) => (
                  <Table.Tr key={type.id}>
                    <Table.Td>
                      {type.name}
                      {type.archived ? ' (archived)' : ''}
                    </Table.Td>
                    <Table.Td>{hoursText(type.accrual_hours_per_month)}</Table.Td>
                    <Table.Td>{hoursText(type.max_carry_over_hours)}</Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant="subtle" onClick={() => setEditing(type)} aria-label={`Edit ${type.name}`}>
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
      {editing ? <TimeOffTypeDialog type={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

type Values = { name: string; accrual_hours_per_month: number | ''; max_carry_over_hours: number | ''; archived: boolean };

function TimeOffTypeDialog({ type, onClose }: { type: TimeOffType | 'new'; onClose: () => void }) {
  const save = useSaveTimeOffType();
  const [values, setValues] = useState<Values>(() =>
    type === 'new'
      ? { name: '', accrual_hours_per_month: '', max_carry_over_hours: '', archived: false }
      : {
          name: type.name,
          accrual_hours_per_month: type.accrual_hours_per_month,
          max_carry_over_hours: type.max_carry_over_hours,
          archived: type.archived,
        },
  );
  const { errors, formError, stale, submit: send } = useRecordDialog(type, save.mutateAsync, onClose);
  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));

  const submit = () => {
    const found = schemaProblems(TimeOffTypeInput, values);
    if (values.accrual_hours_per_month === '') found.accrual_hours_per_month = 'Give the hours (0 for none)';
    if (values.max_carry_over_hours === '') found.max_carry_over_hours = 'Give the hours (0 for none)';
    return send(
      found,
      () => TimeOffTypeInput.parse(values),
      (body) => body.name,
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={type === 'new' ? 'Add a time-off type' : `Edit ${type.name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        {stale ? <StaleVersionAlert what="time-off type" onReload={onClose} /> : null}
        <TextInput
          label="Name"
          required
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
          data-autofocus
        />
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            label="Hours accrued each month"
            required
            min={0}
            max={200}
            decimalScale={2}
            value={values.accrual_hours_per_month}
            onChange={(value) => set({ accrual_hours_per_month: typeof value === 'number' ? value : '' })}
            error={errors.accrual_hours_per_month}
          />
          <NumberInput
            label="Most hours carried into a new year"
            required
            min={0}
            decimalScale={2}
            value={values.max_carry_over_hours}
            onChange={(value) => set({ max_carry_over_hours: typeof value === 'number' ? value : '' })}
            error={errors.max_carry_over_hours}
          />
        </SimpleGrid>
        {type !== 'new' ? (
          <Switch
            label="Archived (no longer offered)"
            checked={values.archived}
            onChange={(e) => set({ archived: e.currentTarget.checked })}
          />
        ) : null}
        <FormErrorAlert message={formError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()}>
            Save the time-off type
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
