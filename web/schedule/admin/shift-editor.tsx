import { Alert, Button, Checkbox, Group, List, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconBan, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  RULE_ACTION_LABELS,
  scheduleApi,
  SHIFT_STATUS_LABELS,
  CreateShiftInput,
  UpdateShiftInput,
  type CheckShiftResult,
  type ScheduleSetup,
  type Shift,
  type ShiftStatus,
} from '../../../core/contracts/schedule.ts';
import { strictestAction } from '../../../core/schedule/schedule-rules.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { IdempotencyKeys, invalidateEndpoints, isStaleVersion } from '../../lib/api.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { FormErrorAlert } from '../../ui/states.tsx';
import { checkShift, useCreateShift, useRemoveShift, useUpdateShift } from '../schedule-calls.ts';
import { CoverageBadge, coverageLineLabel } from '../schedule-ui.tsx';
import { longDate } from '../schedule-times.ts';
import { schemaProblems } from '../../lib/form-errors.ts';

/** What the editor opens on: a shift to change, or a new one with what is known (a gap's date, type and position). */
export type ShiftDraft =
  | { kind: 'edit'; shift: Shift }
  | { kind: 'new'; date: string; shift_type_id?: string; position?: string | null; group_id?: string | null };

type Values = {
  user_id: string;
  shift_type_id: string;
  date: string;
  position: string;
  group_id: string;
  status: Exclude<ShiftStatus, 'time_off'>;
  note: string;
  reason: string;
};

function initialValues(draft: ShiftDraft): Values {
  if (draft.kind === 'edit') {
    const { shift } = draft;
    return {
      user_id: shift.user_id,
      shift_type_id: shift.shift_type_id,
      date: shift.date,
      position: shift.position,
      group_id: shift.group_id ?? '',
      status: shift.status === 'time_off' ? 'leave' : shift.status,
      note: shift.note,
      reason: '',
    };
  }
  return {
    user_id: '',
    shift_type_id: draft.shift_type_id ?? '',
    date: draft.date,
    position: draft.position ?? '',
    group_id: draft.group_id ?? '',
    status: 'scheduled',
    note: '',
    reason: '',
  };
}

const FINDING_ICONS = { warn: IconInfoCircle, approve: IconAlertTriangle, block: IconBan } as const;
const FINDING_COLORS = { warn: 'yellow', approve: 'orange', block: 'red' } as const;

/**
 * Assigning someone to a shift or changing one (move it to another day or type, give it to someone
 * else, mark them sick or on leave, which opens a gap), with each conflict rule's finding before it is
 * saved: the server's check runs on what the form holds; a warning needs to be acknowledged, a rule
 * that needs approval an override reason, and a blocking rule cannot be saved. Every change says why
 * (kept in the shift's history). Removing a shift asks for its reason too.
 */
export function ShiftEditor({ draft, setup, onClose }: { draft: ShiftDraft; setup: ScheduleSetup; onClose: () => void }) {
  const queryClient = useQueryClient();
  const create = useCreateShift();
  const update = useUpdateShift();
  const remove = useRemoveShift();
  const [keys] = useState(() => new IdempotencyKeys());
  const [values, setValues] = useState<Values>(() => initialValues(draft));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [check, setCheck] = useState<{ of: string; result: CheckShiftResult } | null>(null);
  const [checking, setChecking] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const [overrideReason, setOverrideReason] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removeReason, setRemoveReason] = useState('');
  const [removeError, setRemoveError] = useState<string | null>(null);
  const editing = draft.kind === 'edit' ? draft.shift : null;

  const people = useMemo(() => {
    const seen = new Map<string, { value: string; label: string }>();
    for (const assignment of setup.assignments)
      if (!seen.has(assignment.user_id))
        seen.set(assignment.user_id, {
          value: assignment.user_id,
          label: `${assignment.user_name} (${assignment.position}, ${assignment.group_name})`,
        });
    if (editing && !seen.has(editing.user_id)) seen.set(editing.user_id, { value: editing.user_id, label: editing.user_name });
    return [...seen.values()].sort((a, b) => a.label.localeCompare(b.label));
  }, [setup.assignments, editing]);

  const placement = {
    user_id: values.user_id,
    shift_type_id: values.shift_type_id,
    date: values.date,
    position: values.position,
    group_id: values.group_id || null,
  };
  const placementKey = JSON.stringify(placement);
  const moved =
    !editing ||
    editing.user_id !== values.user_id ||
    editing.shift_type_id !== values.shift_type_id ||
    editing.date !== values.date ||
    editing.position !== values.position;
  const checked = check?.of === placementKey ? check.result : null;
  const strictest = checked ? strictestAction(checked.findings) : 'none';
  const working = values.status === 'scheduled';
  // The rules apply to a shift someone works: a change to sick or leave only opens a gap.
  const needsCheck = moved && working;

  const set = (change: Partial<Values>) => {
    setValues((current) => ({ ...current, ...change }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change)) delete next[key];
      return next;
    });
  };

  const choosePerson = (userId: string | null) => {
    const assignment = setup.assignments.find((entry) => entry.user_id === userId);
    set({
      user_id: userId ?? '',
      ...(assignment && !values.position ? { position: assignment.position } : {}),
      ...(assignment && !values.group_id ? { group_id: assignment.group_id } : {}),
    });
  };

  const localErrors = (): Record<string, string> => {
    const found: Record<string, string> = schemaProblems(editing ? UpdateShiftInput : CreateShiftInput, {
      ...placement,
      ...(editing ? { status: values.status, note: values.note } : {}),
      reason: values.reason,
    });
    if (!values.user_id) found.user_id = 'Choose who works it';
    if (!values.shift_type_id) found.shift_type_id = 'Choose the shift';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) found.date = 'Choose the day';
    if (!values.position) found.position = 'Choose the position';
    if (!values.reason.trim()) found.reason = 'Say why (it is kept in the shift’s history)';
    return found;
  };

  const showServerError = (error: unknown) => {
    if (isStaleVersion(error)) {
      setStale(true);
      return;
    }
    if (isApiError(error) && Object.keys(error.fields).length > 0) {
      const known = new Set(['user_id', 'shift_type_id', 'date', 'position', 'group_id', 'status', 'note', 'reason', 'override_reason']);
      const placed = Object.fromEntries(Object.entries(error.fields).filter(([field]) => known.has(field)));
      setErrors((current) => ({ ...current, ...placed }));
      const rest = Object.entries(error.fields).filter(([field]) => !known.has(field));
      setFormError(rest.length > 0 ? rest.map(([, message]) => message).join(' ') : null);
      return;
    }
    setFormError(errorMessage(error));
  };

  const runCheck = async () => {
    setFormError(null);
    const found = localErrors();
    delete found.reason;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setChecking(true);
    try {
      const result = await checkShift({ ...placement, ...(editing ? { shift_id: editing.id } : {}) });
      setCheck({ of: placementKey, result });
      setAcknowledged(false);
    } catch (error) {
      showServerError(error);
    } finally {
      setChecking(false);
    }
  };

  const save = async () => {
    setFormError(null);
    const found = localErrors();
    if (needsCheck && checked && strictest === 'approve' && !overrideReason.trim())
      found.override_reason = 'Give the reason for the override';
    if (needsCheck && checked && strictest === 'warn' && !acknowledged) found.acknowledge = 'Tick this once you have read the warnings';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const confirmation = {
      reason: values.reason.trim(),
      acknowledge_warnings: acknowledged || strictest === 'approve',
      override_reason: strictest === 'approve' ? overrideReason.trim() : '',
    };
    try {
      if (editing) {
        await update.mutateAsync({
          id: editing.id,
          version: editing.version,
          input: {
            ...(editing.user_id !== values.user_id ? { user_id: values.user_id } : {}),
            ...(editing.shift_type_id !== values.shift_type_id ? { shift_type_id: values.shift_type_id } : {}),
            ...(editing.date !== values.date ? { date: values.date } : {}),
            ...(editing.position !== values.position ? { position: values.position } : {}),
            ...(editing.status !== values.status ? { status: values.status } : {}),
            ...(editing.note !== values.note ? { note: values.note } : {}),
            ...confirmation,
          },
        });
      } else {
        const input = { ...placement, ...confirmation };
        await create.mutateAsync({ input, key: keys.keyFor(input) });
        keys.reset();
      }
      notifications.show({ color: 'green', title: 'Saved', message: editing ? 'The shift is changed.' : 'The shift is on the roster.' });
      onClose();
    } catch (error) {
      showServerError(error);
    }
  };

  const confirmRemove = async () => {
    if (!editing) return;
    if (!removeReason.trim()) {
      setRemoveError('Say why the shift is removed');
      return;
    }
    setRemoveError(null);
    try {
      await remove.mutateAsync({ id: editing.id, version: editing.version, reason: removeReason.trim() });
      notifications.show({ color: 'green', title: 'Removed', message: 'The shift is off the roster.' });
      setRemoving(false);
      onClose();
    } catch (error) {
      setRemoveError(isStaleVersion(error) ? 'The shift was changed meanwhile: close this and open it again.' : errorMessage(error));
    }
  };

  const groupName = (id: string) => setup.groups.find((group) => group.id === id)?.name ?? 'a group';
  const typeName = (id: string) => setup.shift_types.find((type) => type.id === id)?.code ?? '?';
  const title = editing ? `${editing.code} · ${editing.user_name} · ${longDate(editing.date)}` : 'Assign a shift';
  const canSave = editing?.status !== 'time_off' && (!needsCheck || (checked !== null && strictest !== 'block'));

  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        {editing?.status === 'time_off' ? (
          <Alert color="blue" variant="light" title="Taken off by approved time off">
            Cancel the time off to change this shift.
          </Alert>
        ) : null}
        {stale ? (
          <StaleVersionAlert
            what="shift"
            onReload={() => {
              void invalidateEndpoints(queryClient, scheduleApi.roster);
              onClose();
            }}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Officer"
            required
            searchable
            placeholder="Type a name"
            data={people}
            value={values.user_id || null}
            onChange={choosePerson}
            error={errors.user_id}
            nothingFoundMessage="Nobody on the schedule matches"
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Shift"
            required
            data={setup.shift_types
              .filter((type) => !type.archived || type.id === values.shift_type_id)
              .map((type) => ({ value: type.id, label: `${type.code} ${type.name} (${type.start_time}–${type.end_time})` }))}
            value={values.shift_type_id || null}
            onChange={(value) => set({ shift_type_id: value ?? '' })}
            error={errors.shift_type_id}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            type="date"
            label="Day it starts"
            required
            value={values.date}
            onChange={(e) => set({ date: e.currentTarget.value })}
            error={errors.date}
          />
          <Select
            label="Position"
            required
            data={[...new Set([...setup.positions, ...(values.position ? [values.position] : [])])]}
            value={values.position || null}
            onChange={(value) => set({ position: value ?? '' })}
            error={errors.position}
            comboboxProps={{ withinPortal: true }}
          />
          {editing ? null : (
            <Select
              label="Group"
              placeholder="No group"
              clearable
              data={setup.groups.map((group) => ({ value: group.id, label: group.name }))}
              value={values.group_id || null}
              onChange={(value) => set({ group_id: value ?? '' })}
              error={errors.group_id}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {editing ? (
            <Select
              label="Status"
              description="Sick or on leave keeps the shift in the history and opens a gap."
              data={(['scheduled', 'sick', 'leave'] as const).map((status) => ({ value: status, label: SHIFT_STATUS_LABELS[status] }))}
              value={values.status}
              onChange={(value) => set({ status: (value ?? 'scheduled') as Values['status'] })}
              error={errors.status}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
        </SimpleGrid>
        {editing ? (
          <Textarea
            label="Note on the shift"
            autosize
            minRows={1}
            value={values.note}
            onChange={(e) => set({ note: e.currentTarget.value })}
            error={errors.note}
          />
        ) : null}
        <Textarea
          label="Why"
          description="Kept in the shift’s history with your name."
          required
          autosize
          minRows={1}
          value={values.reason}
          onChange={(e) => set({ reason: e.currentTarget.value })}
          error={errors.reason}
        />
        {needsCheck ? (
          checked ? (
            <Stack gap="xs" data-testid="rule-findings" aria-live="polite">
              {checked.findings.length === 0 ? (
                <Alert color="green" variant="light" title="Every rule passes" />
              ) : (
                checked.findings.map((finding) => {
                  const Icon = FINDING_ICONS[finding.action];
                  return (
                    <Alert
                      key={finding.rule}
                      color={FINDING_COLORS[finding.action]}
                      variant="light"
                      icon={<Icon aria-hidden />}
                      title={finding.action === 'block' ? 'Cannot be saved' : RULE_ACTION_LABELS[finding.action]}
                    >
                      {finding.message}
                    </Alert>
                  );
                })
              )}
              {checked.coverage.length > 0 ? (
                <List fz="sm" spacing={2}>
                  {checked.coverage.map((line) => (
                    <List.Item key={`${line.date}-${line.shift_type_id}-${line.group_id ?? ''}-${line.position ?? ''}`}>
                      {typeName(line.shift_type_id)} {longDate(line.date)}, {coverageLineLabel(line, groupName)}:{' '}
                      <CoverageBadge state={line.state} scheduled={line.scheduled} minimum={line.minimum} />
                    </List.Item>
                  ))}
                </List>
              ) : null}
              {strictest === 'warn' ? (
                <Checkbox
                  label="I have read the warnings and go ahead"
                  checked={acknowledged}
                  onChange={(e) => setAcknowledged(e.currentTarget.checked)}
                  error={errors.acknowledge}
                />
              ) : null}
              {strictest === 'approve' ? (
                <Textarea
                  label="Reason for the override"
                  description="A rule needs a supervisor’s override: say why it is overridden (kept in the history)."
                  required
                  autosize
                  minRows={1}
                  value={overrideReason}
                  onChange={(e) => setOverrideReason(e.currentTarget.value)}
                  error={errors.override_reason}
                />
              ) : null}
            </Stack>
          ) : (
            <Text fz="sm" c="dimmed">
              Check the rules first: overlapping shifts, the rest between shifts and the maximum hours.
            </Text>
          )
        ) : null}
        <FormErrorAlert message={formError} />
        <Group justify="space-between" gap="sm">
          {editing ? (
            <Button variant="subtle" color="red" onClick={() => setRemoving(true)}>
              Remove the shift
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {needsCheck ? (
              <Button variant={checked ? 'default' : 'filled'} loading={checking} onClick={() => void runCheck()}>
                {checked ? 'Check again' : 'Check the rules'}
              </Button>
            ) : null}
            <Button onClick={() => void save()} loading={create.isPending || update.isPending} disabled={!canSave}>
              {editing ? 'Save the change' : 'Assign'}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={removing}
        title="Remove this shift?"
        confirmLabel="Remove it"
        color="red"
        busy={remove.isPending}
        error={removeError}
        onConfirm={() => void confirmRemove()}
        onClose={() => {
          setRemoving(false);
          setRemoveError(null);
        }}
      >
        <Stack gap="xs">
          <Text fz="sm">It leaves the roster (its history is kept), which may open a gap.</Text>
          <Textarea
            label="Why"
            required
            autosize
            minRows={1}
            value={removeReason}
            onChange={(e) => setRemoveReason(e.currentTarget.value)}
          />
        </Stack>
      </ConfirmDialog>
    </Modal>
  );
}
