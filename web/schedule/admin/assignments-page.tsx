import { Button, Card, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { AssignmentInput, type Assignment, type ScheduleSetup } from '../../../core/contracts/schedule.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { IdempotencyKeys, isStaleVersion } from '../../lib/api.ts';
import { PersonPicker } from '../../lib/person-picker.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { useRemoveAssignment, useSaveAssignment, useScheduleSetup } from '../schedule-calls.ts';
import { agencyPeople } from './agency-people.ts';
import { schemaProblems } from '../../lib/form-errors.ts';
import { TableScroll } from '../../ui/table-scroll.tsx';

/**
 * /admin/modules/schedule/assignments: who is in which group, in which position (Sergeant, Patrol,
 * K9), group by group. A rotation puts its group's members on the roster; minimum staffing counts
 * their positions.
 */
export function AssignmentsPage() {
  const setup = useScheduleSetup();
  const [editing, setEditing] = useState<Assignment | { group_id: string } | null>(null);
  const [removing, setRemoving] = useState<Assignment | null>(null);
  if (setup.isPending) return <LoadingState label="Loading the assignments…" />;
  if (setup.isError) return <ErrorState message={errorMessage(setup.error)} onRetry={() => void setup.refetch()} />;
  const { groups, assignments, schedules } = setup.data;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="assignments-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg" id="assignments-heading">
            Assignments
          </Title>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ group_id: '' })}
            disabled={groups.length === 0}
          >
            Assign a person
          </Button>
        </Group>
        {groups.length === 0 ? (
          <EmptyState title="No group yet">Add groups on the Groups page; people are assigned to them here.</EmptyState>
        ) : (
          groups.map((group) => {
            const members = assignments.filter((assignment) => assignment.group_id === group.id);
            const schedule = schedules.find((entry) => entry.id === group.schedule_id);
            return (
              <Stack key={group.id} gap={4} component="section" aria-label={group.name}>
                <Group justify="space-between" wrap="wrap">
                  <Text fw={650}>
                    {group.name}
                    {schedules.length > 1 && schedule ? ` (${schedule.name})` : ''}
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setEditing({ group_id: group.id })}
                    aria-label={`Assign a person to ${group.name}`}
                  >
                    Assign a person
                  </Button>
                </Group>
                {members.length === 0 ? (
                  <Text fz="sm" c="dimmed">
                    Nobody yet.
                  </Text>
                ) : (
                  <TableScroll minWidth={420} tabIndex={0}>
                    <Table fz="sm" verticalSpacing={2} striped aria-label={`Members of ${group.name}`}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th scope="col">Person</Table.Th>
                          <Table.Th scope="col">Position</Table.Th>
                          <Table.Th scope="col">Change</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {members.map((assignment) => (
                          <Table.Tr key={assignment.id} data-testid="assignment-row">
                            <Table.Td>{assignment.user_name}</Table.Td>
                            <Table.Td>{assignment.position}</Table.Td>
                            <Table.Td>
                              <Group gap={4} wrap="nowrap">
                                <Button
                                  size="compact-sm"
                                  variant="subtle"
                                  onClick={() => setEditing(assignment)}
                                  aria-label={`Change ${assignment.user_name}’s assignment`}
                                >
                                  Change
                                </Button>
                                <Button
                                  size="compact-sm"
                                  variant="subtle"
                                  color="red"
                                  onClick={() => setRemoving(assignment)}
                                  aria-label={`Remove ${assignment.user_name} from ${group.name}`}
                                >
                                  Remove
                                </Button>
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </TableScroll>
                )}
              </Stack>
            );
          })
        )}
      </Stack>
      {editing ? <AssignmentDialog assignment={editing} setup={setup.data} onClose={() => setEditing(null)} /> : null}
      <RemoveAssignment assignment={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

function AssignmentDialog({
  assignment,
  setup,
  onClose,
}: {
  assignment: Assignment | { group_id: string };
  setup: ScheduleSetup;
  onClose: () => void;
}) {
  const save = useSaveAssignment();
  const [keys] = useState(() => new IdempotencyKeys());
  const existing = 'id' in assignment ? assignment : null;
  const [groupId, setGroupId] = useState(assignment.group_id);
  const [userId, setUserId] = useState<string | null>(existing?.user_id ?? null);
  const [position, setPosition] = useState(existing?.position ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const submit = async () => {
    setFormError(null);
    const input = { group_id: groupId, user_id: userId ?? '', position };
    const found = schemaProblems(AssignmentInput, input);
    if (!groupId) found.group_id = 'Choose the group';
    if (!userId) found.user_id = 'Choose the person';
    if (!position) found.position = 'Choose the position';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const body = AssignmentInput.parse(input);
      await save.mutateAsync({ id: existing?.id ?? null, input: body, version: existing?.version ?? 0, key: keys.keyFor(body) });
      notifications.show({ color: 'green', title: 'Saved', message: 'The assignment is saved.' });
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
      title={existing ? `Change ${existing.user_name}’s assignment` : 'Assign a person'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        {stale ? <StaleVersionAlert what="assignment" onReload={onClose} /> : null}
        <Select
          label="Group"
          required
          data={setup.groups.map((group) => ({ value: group.id, label: group.name }))}
          value={groupId || null}
          onChange={(value) => setGroupId(value ?? '')}
          error={errors.group_id}
          comboboxProps={{ withinPortal: true }}
        />
        <PersonPicker search={agencyPeople} label="Person" value={userId} onChange={setUserId} error={errors.user_id} clearable={false} />
        <Select
          label="Position"
          required
          data={[...new Set([...setup.positions, ...(position ? [position] : [])])]}
          value={position || null}
          onChange={(value) => setPosition(value ?? '')}
          error={errors.position}
          comboboxProps={{ withinPortal: true }}
        />
        <FormErrorAlert message={formError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()}>
            Save the assignment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RemoveAssignment({ assignment, onClose }: { assignment: Assignment | null; onClose: () => void }) {
  const remove = useRemoveAssignment();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!assignment) return;
    setError(null);
    try {
      await remove.mutateAsync({ id: assignment.id, version: assignment.version });
      notifications.show({ color: 'green', title: 'Removed', message: `${assignment.user_name} is off ${assignment.group_name}.` });
      onClose();
    } catch (failure) {
      setError(isStaleVersion(failure) ? 'The assignment was changed meanwhile: close this and look again.' : errorMessage(failure));
    }
  };
  return (
    <ConfirmDialog
      opened={assignment !== null}
      title={assignment ? `Take ${assignment.user_name} off ${assignment.group_name}?` : ''}
      confirmLabel="Remove"
      color="red"
      busy={remove.isPending}
      error={error}
      onConfirm={() => void confirm()}
      onClose={() => {
        setError(null);
        onClose();
      }}
    >
      Generating the group’s rotation no longer puts them on the roster.
    </ConfirmDialog>
  );
}
