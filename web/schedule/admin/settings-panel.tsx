import { ActionIcon, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { OVERTIME_RULE_LABELS } from '../../../core/contracts/schedule-overtime.ts';
import {
  OVERTIME_RULES,
  RULE_ACTION_LABELS,
  RULE_ACTIONS,
  type OvertimePeriod,
  type OvertimeRule,
  UpdateScheduleSettingsInput,
  type RuleAction,
  type ScheduleSettings,
} from '../../../core/contracts/schedule.ts';
import { WEEKDAY_LABELS } from '../../../core/dates.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { ModuleSettingsGate } from '../../lib/module-settings-gate.tsx';
import type { SettingsPanelProps } from '../../lib/web-modules.tsx';
import { FormErrorAlert } from '../../ui/states.tsx';
import { useScheduleSettings, useUpdateScheduleSettings } from '../schedule-calls.ts';
import { AssignmentsPage } from './assignments-page.tsx';
import { GroupsPage } from './groups-page.tsx';
import { SchedulesPage } from './schedules-page.tsx';
import { ShiftTypesCard } from './shift-types-card.tsx';
import { TimeOffTypesCard } from './time-off-types-card.tsx';
import { schemaProblems } from '../../lib/form-errors.ts';

/**
 * /admin/modules/schedule below the module switch: positions, the week's first day, the conflict
 * rules, the time-off limits, the shift types and the time-off types; and its sub-pages, the
 * schedules (/schedules), the groups with their rotations and the minimum staffing (/groups), and who
 * is in which group in which position (/assignments).
 */
export function ScheduleSettingsPanel({ moduleEnabled, page }: SettingsPanelProps) {
  const settings = useScheduleSettings();
  return (
    <ModuleSettingsGate
      moduleEnabled={moduleEnabled}
      settings={settings}
      module="Scheduling"
      holds="shift types, schedules, groups, rotations, assignments, minimum staffing, rules and time off"
    >
      {(data) =>
        page === 'schedules' ? (
          <SchedulesPage />
        ) : page === 'groups' ? (
          <GroupsPage />
        ) : page === 'assignments' ? (
          <AssignmentsPage />
        ) : (
          <Stack gap="md">
            <SettingsEditor settings={data} />
            <ShiftTypesCard />
            <TimeOffTypesCard />
          </Stack>
        )
      }
    </ModuleSettingsGate>
  );
}

const ACTION_OPTIONS = RULE_ACTIONS.map((action) => ({ value: action, label: RULE_ACTION_LABELS[action] }));
const numberOf = (value: number | string, fallback: number) => (typeof value === 'number' ? value : fallback);

function SettingsEditor({ settings }: { settings: ScheduleSettings }) {
  const update = useUpdateScheduleSettings();
  const [values, setValues] = useState<UpdateScheduleSettingsInput>(() => {
    const { enabled: _enabled, ...rest } = settings;
    return rest;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const rules = values.rules;
  const setRules = (change: Partial<typeof rules>) => setValues((current) => ({ ...current, rules: { ...current.rules, ...change } }));
  const overtime = values.overtime ?? { rule: 'fewest_hours' as const, offer_wait_minutes: 30, period: 'quarter' as const };
  const setOvertime = (change: Partial<typeof overtime>) => setValues((current) => ({ ...current, overtime: { ...overtime, ...change } }));
  const timeOff = values.time_off;
  const setTimeOff = (change: Partial<typeof timeOff>) =>
    setValues((current) => ({ ...current, time_off: { ...current.time_off, ...change } }));

  const save = async () => {
    setFormError(null);
    const found = schemaProblems(UpdateScheduleSettingsInput, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError('Some settings need fixing: see the marked fields.');
      return;
    }
    try {
      await update.mutateAsync(UpdateScheduleSettingsInput.parse(values));
      notifications.show({ color: 'green', title: 'Saved', message: 'The scheduling settings are saved.' });
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        setFormError('Some settings need fixing: see the marked fields.');
      } else setFormError(errorMessage(error));
    }
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="schedule-settings-heading">
      <Stack gap="md">
        <Title order={2} fz="lg" id="schedule-settings-heading">
          Scheduling settings
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TagsInput
            label="Positions"
            description="What a person does in a group (Sergeant, Patrol, K9); minimum staffing counts them. Type one and press Enter."
            value={values.positions}
            onChange={(positions) => setValues((current) => ({ ...current, positions }))}
            error={errors.positions ?? Object.entries(errors).find(([path]) => path.startsWith('positions.'))?.[1]}
            clearable={false}
          />
          <Select
            label="Weeks start on"
            data={WEEKDAY_LABELS.map((label, day) => ({ value: String(day), label }))}
            value={String(values.week_starts_on)}
            onChange={(value) => setValues((current) => ({ ...current, week_starts_on: Number(value ?? 0) }))}
            allowDeselect={false}
            error={errors.week_starts_on}
          />
        </SimpleGrid>
        <Stack gap="xs">
          <Text fw={600}>Rules a change to the roster is checked against</Text>
          <Text fz="sm" c="dimmed">
            Each rule warns (the scheduler reads it and goes ahead), needs a supervisor’s override with a reason, or blocks the change.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label="Overlapping shifts"
              data={ACTION_OPTIONS}
              value={rules.overlap.action}
              onChange={(value) => setRules({ overlap: { action: (value ?? 'block') as RuleAction } })}
              allowDeselect={false}
              error={errors['rules.overlap.action']}
            />
            <Select
              label="Too little rest between shifts"
              data={ACTION_OPTIONS}
              value={rules.min_rest.action}
              onChange={(value) => setRules({ min_rest: { ...rules.min_rest, action: (value ?? 'warn') as RuleAction } })}
              allowDeselect={false}
              error={errors['rules.min_rest.action']}
            />
            <NumberInput
              label="Minimum rest (hours)"
              min={0}
              max={48}
              value={rules.min_rest.hours}
              onChange={(value) => setRules({ min_rest: { ...rules.min_rest, hours: numberOf(value, 0) } })}
              error={errors['rules.min_rest.hours']}
            />
            <Select
              label="Too many hours"
              data={ACTION_OPTIONS}
              value={rules.max_hours.action}
              onChange={(value) => setRules({ max_hours: { ...rules.max_hours, action: (value ?? 'warn') as RuleAction } })}
              allowDeselect={false}
              error={errors['rules.max_hours.action']}
            />
            <NumberInput
              label="Maximum hours"
              min={1}
              max={400}
              value={rules.max_hours.hours}
              onChange={(value) => setRules({ max_hours: { ...rules.max_hours, hours: numberOf(value, 0) } })}
              error={errors['rules.max_hours.hours']}
            />
            <NumberInput
              label="In any period of (days)"
              min={1}
              max={31}
              allowDecimal={false}
              value={rules.max_hours.days}
              onChange={(value) => setRules({ max_hours: { ...rules.max_hours, days: numberOf(value, 0) } })}
              error={errors['rules.max_hours.days']}
            />
          </SimpleGrid>
        </Stack>
        <Stack gap="xs">
          <Text fw={600}>Time off</Text>
          <NumberInput
            label="People who may be off on one day"
            description="0: no limit."
            min={0}
            max={500}
            allowDecimal={false}
            value={timeOff.daily_cap}
            onChange={(value) => setTimeOff({ daily_cap: numberOf(value, 0) })}
            error={errors['time_off.daily_cap']}
            maw={280}
          />
          <Text fz="sm" fw={500}>
            Blocked dates (no time off may be asked for)
          </Text>
          {timeOff.blocked_dates.length === 0 ? (
            <Text fz="sm" c="dimmed">
              None.
            </Text>
          ) : null}
          {timeOff.blocked_dates.map((blocked, index) => (
            <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                type="date"
                label={`Blocked date ${index + 1}`}
                value={blocked.date}
                onChange={(e) => {
                  const date = e.currentTarget.value;
                  setTimeOff({ blocked_dates: timeOff.blocked_dates.map((entry, i) => (i === index ? { ...entry, date } : entry)) });
                }}
                error={errors[`time_off.blocked_dates.${index}.date`]}
              />
              <TextInput
                label="Why"
                value={blocked.reason}
                onChange={(e) => {
                  const reason = e.currentTarget.value;
                  setTimeOff({ blocked_dates: timeOff.blocked_dates.map((entry, i) => (i === index ? { ...entry, reason } : entry)) });
                }}
                error={errors[`time_off.blocked_dates.${index}.reason`]}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                size="lg"
                aria-label={`Remove blocked date ${blocked.date || index + 1}`}
                onClick={() => setTimeOff({ blocked_dates: timeOff.blocked_dates.filter((_, i) => i !== index) })}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setTimeOff({ blocked_dates: [...timeOff.blocked_dates, { date: '', reason: '' }] })}
            >
              Add a blocked date
            </Button>
          </Group>
        </Stack>
        <Stack gap="xs">
          <Text fw={600}>Overtime</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Awarded by, unless a shift says otherwise"
              data={OVERTIME_RULES.map((rule) => ({ value: rule, label: OVERTIME_RULE_LABELS[rule] }))}
              value={overtime.rule}
              onChange={(value) => value && setOvertime({ rule: value as OvertimeRule })}
              allowDeselect={false}
              error={errors['overtime.rule']}
            />
            <NumberInput
              label="Minutes an offer waits for an answer"
              min={1}
              max={1440}
              allowDecimal={false}
              value={overtime.offer_wait_minutes}
              onChange={(value) => setOvertime({ offer_wait_minutes: numberOf(value, 0) })}
              error={errors['overtime.offer_wait_minutes']}
            />
            <Select
              label="Overtime hours are totalled per"
              data={[
                { value: 'month', label: 'Month' },
                { value: 'quarter', label: 'Quarter' },
                { value: 'year', label: 'Year' },
              ]}
              value={overtime.period}
              onChange={(value) => value && setOvertime({ period: value as OvertimePeriod })}
              allowDeselect={false}
              error={errors['overtime.period']}
            />
          </SimpleGrid>
        </Stack>
        <FormErrorAlert message={formError} />
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={update.isPending}>
            Save the settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
