import {
  ActionIcon,
  Button,
  Card,
  Group as Row,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  GroupInput,
  ROTATION_PATTERN_LABELS,
  ROTATION_PATTERNS,
  StaffingMinimumsInput,
  type Group,
  type RotationPattern,
  type ScheduleSetup,
} from '../../../core/contracts/schedule.ts';
import { rotationCycle } from '../../../core/schedule/schedule-rules.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { IdempotencyKeys, isStaleVersion } from '../../lib/api.ts';
import { PersonPicker } from '../../lib/person-picker.tsx';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { useSaveGroup, useSaveMinimums, useScheduleSetup } from '../schedule-calls.ts';
import { longDate } from '../schedule-times.ts';
import { agencyPeople } from './agency-people.ts';
import { schemaProblems } from '../../lib/form-errors.ts';
import { TableScroll } from '../../ui/table-scroll.tsx';

/**
 * /admin/modules/schedule/groups: each schedule's groups with their supervisor and rotation (the
 * pattern, its first day and the shift it works), and the minimum staffing per shift type, group and
 * position that the roster's coverage is measured against.
 */
export function GroupsPage() {
  const setup = useScheduleSetup();
  if (setup.isPending) return <LoadingState label="Loading the groups…" />;
  if (setup.isError) return <ErrorState message={errorMessage(setup.error)} onRetry={() => void setup.refetch()} />;
  return (
    <Stack gap="md">
      <GroupsCard setup={setup.data} />
      <MinimumsCard setup={setup.data} />
    </Stack>
  );
}

function GroupsCard({ setup }: { setup: ScheduleSetup }) {
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const typeLabel = (id: string) => {
    const type = setup.shift_types.find((entry) => entry.id === id);
    return type ? `${type.code} ${type.name}` : 'a shift';
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="groups-heading">
      <Stack gap="sm">
        <Row justify="space-between" wrap="wrap">
          <Title order={2} fz="lg" id="groups-heading">
            Groups
          </Title>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing('new')}
            disabled={setup.schedules.length === 0}
          >
            Add a group
          </Button>
        </Row>
        {setup.schedules.length === 0 ? (
          <EmptyState title="No schedule yet">Add a schedule first (the Schedules page); its groups go here.</EmptyState>
        ) : setup.groups.length === 0 ? (
          <EmptyState title="No group yet">Add the squads or platoons that work together, each with its rotation.</EmptyState>
        ) : (
          <TableScroll minWidth={720} tabIndex={0}>
            <Table fz="sm" verticalSpacing={4} striped aria-label="Groups">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Group</Table.Th>
                  <Table.Th scope="col">Schedule</Table.Th>
                  <Table.Th scope="col">Supervisor</Table.Th>
                  <Table.Th scope="col">Rotation</Table.Th>
                  <Table.Th scope="col">Members</Table.Th>
                  <Table.Th scope="col">Edit</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {setup.groups.map((group) => (
                  <Table.Tr key={group.id} data-testid="group-row">
                    <Table.Td>{group.name}</Table.Td>
                    <Table.Td>{setup.schedules.find((schedule) => schedule.id === group.schedule_id)?.name ?? ''}</Table.Td>
                    <Table.Td>{group.supervisor_name ?? 'None'}</Table.Td>
                    <Table.Td>
                      {group.rotation
                        ? `${ROTATION_PATTERN_LABELS[group.rotation.pattern]}${group.rotation.pattern === 'custom' ? ` ${group.rotation.custom_days}` : ''}, ${typeLabel(group.rotation.shift_type_id)}, from ${longDate(group.rotation.anchor_date)}`
                        : 'None'}
                    </Table.Td>
                    <Table.Td>{group.member_count}</Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant="subtle" onClick={() => setEditing(group)} aria-label={`Edit ${group.name}`}>
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
      {editing ? <GroupDialog group={editing} setup={setup} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

type RotationValues = { pattern: RotationPattern | ''; custom_days: string; anchor_date: string; shift_type_id: string };

function GroupDialog({ group, setup, onClose }: { group: Group | 'new'; setup: ScheduleSetup; onClose: () => void }) {
  const save = useSaveGroup();
  const [keys] = useState(() => new IdempotencyKeys());
  const [scheduleId, setScheduleId] = useState(
    group === 'new' ? (setup.schedules.length === 1 ? setup.schedules[0]!.id : '') : group.schedule_id,
  );
  const [name, setName] = useState(group === 'new' ? '' : group.name);
  const [supervisor, setSupervisor] = useState<string | null>(group === 'new' ? null : group.supervisor_id);
  const [rotates, setRotates] = useState(group !== 'new' && group.rotation !== null);
  const [rotation, setRotation] = useState<RotationValues>(() => {
    const current = group === 'new' ? null : group.rotation;
    return current
      ? {
          pattern: current.pattern,
          custom_days: current.custom_days ?? '',
          anchor_date: current.anchor_date,
          shift_type_id: current.shift_type_id,
        }
      : { pattern: '', custom_days: '', anchor_date: '', shift_type_id: '' };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const setRotationValue = (change: Partial<RotationValues>) => setRotation((current) => ({ ...current, ...change }));

  const input = {
    schedule_id: scheduleId,
    name,
    supervisor_id: supervisor,
    rotation: rotates
      ? {
          pattern: rotation.pattern,
          custom_days: rotation.pattern === 'custom' ? rotation.custom_days : null,
          anchor_date: rotation.anchor_date,
          shift_type_id: rotation.shift_type_id,
        }
      : null,
  };
  const cycle =
    rotates && rotation.pattern ? rotationCycle({ pattern: rotation.pattern, custom_days: rotation.custom_days.toUpperCase() }) : '';

  const submit = async () => {
    setFormError(null);
    const found = schemaProblems(GroupInput, input);
    if (!scheduleId) found.schedule_id = 'Choose the schedule';
    if (rotates && !rotation.pattern) found['rotation.pattern'] = 'Choose a pattern';
    if (rotates && !rotation.shift_type_id) found['rotation.shift_type_id'] = 'Choose the shift it works';
    if (rotates && !rotation.anchor_date) found['rotation.anchor_date'] = 'Choose the cycle’s first day';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const body = GroupInput.parse(input);
      await save.mutateAsync({
        id: group === 'new' ? null : group.id,
        input: body,
        version: group === 'new' ? 0 : group.version,
        key: keys.keyFor(body),
      });
      notifications.show({ color: 'green', title: 'Saved', message: `${body.name} is saved.` });
      onClose();
    } catch (error) {
      if (isStaleVersion(error)) setStale(true);
      else if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setFormError(errorMessage(error));
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={group === 'new' ? 'Add a group' : `Edit ${group.name}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        {stale ? <StaleVersionAlert what="group" onReload={onClose} /> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Schedule"
            required
            data={setup.schedules.map((schedule) => ({ value: schedule.id, label: schedule.name }))}
            value={scheduleId || null}
            onChange={(value) => setScheduleId(value ?? '')}
            error={errors.schedule_id}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
        </SimpleGrid>
        <PersonPicker search={agencyPeople} label="Supervisor" value={supervisor} onChange={setSupervisor} error={errors.supervisor_id} />
        <Switch label="Works a rotation" checked={rotates} onChange={(e) => setRotates(e.currentTarget.checked)} />
        {rotates ? (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Pattern"
                required
                data={ROTATION_PATTERNS.map((pattern) => ({ value: pattern, label: ROTATION_PATTERN_LABELS[pattern] }))}
                value={rotation.pattern || null}
                onChange={(value) => setRotationValue({ pattern: (value ?? '') as RotationPattern | '' })}
                error={errors['rotation.pattern'] ?? errors.rotation}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label="Shift it works"
                required
                data={setup.shift_types
                  .filter((type) => !type.archived)
                  .map((type) => ({ value: type.id, label: `${type.code} ${type.name}` }))}
                value={rotation.shift_type_id || null}
                onChange={(value) => setRotationValue({ shift_type_id: value ?? '' })}
                error={errors['rotation.shift_type_id']}
                comboboxProps={{ withinPortal: true }}
              />
              <TextInput
                type="date"
                label="First day of the cycle"
                description="Day 1 of the pattern; the cycle runs on from it, and back before it."
                required
                value={rotation.anchor_date}
                onChange={(e) => setRotationValue({ anchor_date: e.currentTarget.value })}
                error={errors['rotation.anchor_date']}
              />
              {rotation.pattern === 'custom' ? (
                <TextInput
                  label="Days on and off"
                  description="D for a day on, O for a day off, e.g. DDOODDDOODDOOO."
                  required
                  value={rotation.custom_days}
                  onChange={(e) => setRotationValue({ custom_days: e.currentTarget.value.toUpperCase() })}
                  error={errors['rotation.custom_days']}
                />
              ) : null}
            </SimpleGrid>
            {cycle && /^[DO]+$/.test(cycle) ? (
              <Text fz="sm" role="status" data-testid="rotation-cycle">
                Cycle of {cycle.length} days:{' '}
                {cycle
                  .split('')
                  .map((day) => (day === 'D' ? 'on' : 'off'))
                  .join(', ')}
                .
              </Text>
            ) : null}
          </Stack>
        ) : null}
        <FormErrorAlert message={formError} />
        <Row justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()}>
            Save the group
          </Button>
        </Row>
      </Stack>
    </Modal>
  );
}

type MinimumRow = { group_id: string | null; shift_type_id: string; position: string | null; minimum: number | '' };
const ANY = '(any)';

function MinimumsCard({ setup }: { setup: ScheduleSetup }) {
  const save = useSaveMinimums();
  const [rows, setRows] = useState<MinimumRow[]>(() => setup.minimums.map((minimum) => ({ ...minimum })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const setRow = (index: number, change: Partial<MinimumRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const submit = async () => {
    setFormError(null);
    const input = { minimums: rows };
    const found = schemaProblems(StaffingMinimumsInput, input);
    rows.forEach((row, index) => {
      if (!row.shift_type_id) found[`minimums.${index}.shift_type_id`] = 'Choose the shift';
      if (row.minimum === '') found[`minimums.${index}.minimum`] = 'Give the number of people';
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync(StaffingMinimumsInput.parse(input));
      notifications.show({ color: 'green', title: 'Saved', message: 'The minimum staffing is saved.' });
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setFormError(errorMessage(error));
    }
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="minimums-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="minimums-heading">
          Minimum staffing
        </Title>
        <Text fz="sm" c="dimmed">
          How many people each shift needs: across every group or in one, in any position or one. The roster shows each shift short, met or
          over against these.
        </Text>
        {rows.length === 0 ? <Text fz="sm">No minimum yet: no shift shows as short.</Text> : null}
        {rows.map((row, index) => (
          <Row key={index} gap="xs" align="flex-end" wrap="wrap" data-testid="minimum-row">
            <Select
              label={`Shift (minimum ${index + 1})`}
              required
              data={setup.shift_types.map((type) => ({ value: type.id, label: `${type.code} ${type.name}` }))}
              value={row.shift_type_id || null}
              onChange={(value) => setRow(index, { shift_type_id: value ?? '' })}
              error={errors[`minimums.${index}.shift_type_id`]}
              w={200}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Group"
              data={[{ value: ANY, label: 'Every group' }, ...setup.groups.map((group) => ({ value: group.id, label: group.name }))]}
              value={row.group_id ?? ANY}
              onChange={(value) => setRow(index, { group_id: value && value !== ANY ? value : null })}
              allowDeselect={false}
              error={errors[`minimums.${index}.group_id`]}
              w={180}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Position"
              data={[{ value: ANY, label: 'Any position' }, ...setup.positions.map((position) => ({ value: position, label: position }))]}
              value={row.position ?? ANY}
              onChange={(value) => setRow(index, { position: value && value !== ANY ? value : null })}
              allowDeselect={false}
              error={errors[`minimums.${index}.position`]}
              w={170}
              comboboxProps={{ withinPortal: true }}
            />
            <NumberInput
              label="People"
              required
              min={1}
              max={200}
              allowDecimal={false}
              value={row.minimum}
              onChange={(value) => setRow(index, { minimum: typeof value === 'number' ? value : '' })}
              error={errors[`minimums.${index}.minimum`]}
              w={100}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={4}
              aria-label={`Remove minimum ${index + 1}`}
              onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Row>
        ))}
        <Row justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setRows((current) => [...current, { group_id: null, shift_type_id: '', position: null, minimum: '' }])}
            disabled={setup.shift_types.length === 0}
          >
            Add a minimum
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()}>
            Save the minimums
          </Button>
        </Row>
        <FormErrorAlert message={formError} />
      </Stack>
    </Card>
  );
}
