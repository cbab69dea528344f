import { Alert, Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  AccrualInput,
  GenerateShiftsInput,
  HoursQuery,
  ROTATION_PATTERN_LABELS,
  type ScheduleSetup,
} from '../../../core/contracts/schedule.ts';
import { addDays } from '../../../core/schedule/schedule-rules.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { FormErrorAlert } from '../../ui/states.tsx';
import { downloadHoursCsv, useGenerateShifts, useRunAccrual } from '../schedule-calls.ts';
import { agencyToday, longDate, monthAfter } from '../schedule-times.ts';
import { schemaProblems } from '../../lib/form-errors.ts';

/** The scheduler's batch work: a group's rotation generated for a period, a month's accrual, and the hours export. */
export function ToolsPanel({ setup }: { setup: ScheduleSetup }) {
  return (
    <Stack gap="md">
      <GenerateCard setup={setup} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <AccrualCard timeZone={setup.timezone} />
        <HoursCard timeZone={setup.timezone} />
      </SimpleGrid>
    </Stack>
  );
}

function fieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) ? error.fields : {};
}

function GenerateCard({ setup }: { setup: ScheduleSetup }) {
  const generate = useGenerateShifts();
  const today = agencyToday(setup.timezone);
  const nextMonth = monthAfter(`${today.slice(0, 7)}-01`);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [from, setFrom] = useState(nextMonth);
  const [to, setTo] = useState(addDays(monthAfter(nextMonth), -1));
  const [replace, setReplace] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const withRotation = setup.groups.filter((group) => group.rotation !== null);
  const group = setup.groups.find((entry) => entry.id === groupId);
  const typeName = (id: string) => setup.shift_types.find((type) => type.id === id)?.name ?? 'a shift';

  const run = async () => {
    setError(null);
    setResult(null);
    const input = { from, to, replace };
    const found = schemaProblems(GenerateShiftsInput, input);
    if (!groupId) found.group_id = 'Choose a group with a rotation';
    setErrors(found);
    if (Object.keys(found).length > 0 || !groupId) return;
    try {
      const answer = await generate.mutateAsync({ groupId, input });
      setResult(
        `${answer.created} ${answer.created === 1 ? 'shift' : 'shifts'} made` +
          (answer.replaced > 0 ? `, ${answer.replaced} replaced` : '') +
          (answer.skipped > 0 ? `, ${answer.skipped} left as they were (already there or changed by hand)` : '') +
          '.',
      );
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(Object.keys(fieldErrors(failure)).length > 0 ? null : errorMessage(failure));
    }
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="generate-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="generate-heading">
          Generate a rotation
        </Title>
        <Text fz="sm" c="dimmed">
          Puts each member of the group on the roster on the days their rotation works, in their position. Shifts already there stay.
        </Text>
        {withRotation.length === 0 ? (
          <Alert color="blue" variant="light" title="No group has a rotation yet">
            Give a group its rotation in the set-up (Admin, Modules, Scheduling, Groups).
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Group"
            required
            placeholder="Choose a group"
            data={withRotation.map((entry) => ({ value: entry.id, label: entry.name }))}
            value={groupId}
            onChange={setGroupId}
            error={errors.group_id}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput type="date" label="From" required value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={errors.from} />
          <TextInput type="date" label="To" required value={to} onChange={(e) => setTo(e.currentTarget.value)} error={errors.to} />
        </SimpleGrid>
        {group?.rotation ? (
          <Text fz="sm">
            {ROTATION_PATTERN_LABELS[group.rotation.pattern]}
            {group.rotation.pattern === 'custom' ? ` (${group.rotation.custom_days})` : ''}, {typeName(group.rotation.shift_type_id)}, cycle
            from {longDate(group.rotation.anchor_date)}; {group.member_count} {group.member_count === 1 ? 'member' : 'members'}.
          </Text>
        ) : null}
        <Checkbox
          label="Replace the rotation’s shifts in these dates that nobody changed by hand"
          checked={replace}
          onChange={(e) => setReplace(e.currentTarget.checked)}
        />
        <FormErrorAlert message={error} />
        {result ? (
          <Alert color="green" variant="light" role="status" title="Generated" data-testid="generate-result">
            {result}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button loading={generate.isPending} onClick={() => void run()}>
            Generate the shifts
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function AccrualCard({ timeZone }: { timeZone: string }) {
  const accrue = useRunAccrual();
  const [month, setMonth] = useState(agencyToday(timeZone).slice(0, 7));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    setResult(null);
    const found = schemaProblems(AccrualInput, { month });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await accrue.mutateAsync(month);
      setResult(
        answer.already
          ? `${month}’s accrual had already run: nothing was credited twice.`
          : `${answer.credited} ${answer.credited === 1 ? 'balance' : 'balances'} credited` +
              (answer.lapsed > 0 ? `; ${answer.lapsed} carried over more than allowed and lost the rest` : '') +
              '.',
      );
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(Object.keys(fieldErrors(failure)).length > 0 ? null : errorMessage(failure));
    }
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="accrual-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="accrual-heading">
          Monthly accrual
        </Title>
        <Text fz="sm" c="dimmed">
          Credits each person the hours of each time-off type for the month; January’s run also lapses what exceeds the carry-over. A month
          runs once.
        </Text>
        <TextInput
          type="month"
          label="Month"
          required
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value)}
          error={errors.month}
        />
        <FormErrorAlert message={error} />
        {result ? (
          <Alert color="green" variant="light" role="status">
            {result}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button loading={accrue.isPending} onClick={() => void run()}>
            Run the accrual
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function HoursCard({ timeZone }: { timeZone: string }) {
  const today = agencyToday(timeZone);
  const first = `${today.slice(0, 7)}-01`;
  const [from, setFrom] = useState(first);
  const [to, setTo] = useState(addDays(monthAfter(first), -1));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setError(null);
    const found = schemaProblems(HoursQuery, { from, to });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await downloadHoursCsv(from, to);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="hours-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="hours-heading">
          Hours by type (CSV)
        </Title>
        <Text fz="sm" c="dimmed">
          Each person’s hours per shift type and status in the period, counted as worked (a night the clocks change is 7 or 9 hours).
        </Text>
        <SimpleGrid cols={2} spacing="sm">
          <TextInput type="date" label="From" required value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={errors.from} />
          <TextInput type="date" label="To" required value={to} onChange={(e) => setTo(e.currentTarget.value)} error={errors.to} />
        </SimpleGrid>
        <FormErrorAlert message={error} />
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={busy} onClick={() => void run()}>
            Download the CSV
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
