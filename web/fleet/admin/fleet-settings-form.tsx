import { ActionIcon, Button, Card, Group, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { UpdateFleetSettingsInput, type FleetSettings } from '../../../core/contracts/fleet.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { fleetSettingsQueryOptions } from '../fleet-api.ts';
import { useTemplates } from './list-templates.ts';
import { useUpdateFleetSettings } from './update-fleet-settings.ts';
import { ModuleSettingsGate } from '../../lib/module-settings-gate.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';

type Entry = { key: string; label: string };
type SettingsValues = Omit<FleetSettings, 'enabled'>;

/** A key for a new entry from its label: "Patrol SUV" → "patrol_suv". */
export function keyFromLabel(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
}

/** Problems keyed by `vehicle_types.2.key` and the like. */
export function settingsErrors(values: SettingsValues): Record<string, string> {
  const parsed = UpdateFleetSettingsInput.safeParse(values);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  for (const list of ['vehicle_types', 'service_categories'] as const) {
    const keys = values[list].map((entry) => entry.key);
    keys.forEach((key, index) => {
      if (key !== '' && keys.indexOf(key) !== index) errors[`${list}.${index}.key`] ??= 'This key is used twice';
    });
  }
  return errors;
}

function EntryList(props: {
  title: string;
  name: 'vehicle_types' | 'service_categories';
  entries: Entry[];
  errors: Record<string, string>;
  onChange: (entries: Entry[]) => void;
}) {
  const set = (index: number, entry: Entry) => props.onChange(props.entries.map((current, i) => (i === index ? entry : current)));
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Title order={3} fz="md" component="legend">
        {props.title}
      </Title>
      <TableScroll minWidth={320}>
        <Table verticalSpacing={4} aria-label={props.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Key</Table.Th>
              <Table.Th scope="col">
                <Text span fz="sm" fw={700}>
                  Remove
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.entries.map((entry, index) => (
              <Table.Tr key={index}>
                <Table.Td>
                  <TextInput
                    aria-label={`${props.title}: name ${index + 1}`}
                    size="xs"
                    value={entry.label}
                    error={props.errors[`${props.name}.${index}.label`]}
                    onChange={(event) => {
                      const label = event.currentTarget.value;
                      // A new entry's key follows its name until the key is typed by hand.
                      set(index, {
                        label,
                        key: entry.key === '' || entry.key === keyFromLabel(entry.label) ? keyFromLabel(label) : entry.key,
                      });
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`${props.title}: key ${index + 1}`}
                    size="xs"
                    value={entry.key}
                    error={props.errors[`${props.name}.${index}.key`]}
                    onChange={(event) => set(index, { ...entry, key: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${entry.label || `entry ${index + 1}`}`}
                    onClick={() => props.onChange(props.entries.filter((_, i) => i !== index))}
                  >
                    <IconTrash aria-hidden size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus aria-hidden size={14} />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => props.onChange([...props.entries, { key: '', label: '' }])}
        disabled={props.entries.length >= 50}
      >
        Add
      </Button>
    </Stack>
  );
}

function SettingsEditor({ settings }: { settings: FleetSettings }) {
  const templates = useTemplates();
  const update = useUpdateFleetSettings();
  const { enabled: _enabled, ...initial } = settings;
  const [values, setValues] = useState<SettingsValues>(initial);
  const [taxRate, setTaxRate] = useState(String(initial.work_order_tax_rate));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const templateOptions = (templates.data ?? [])
    .filter((template) => !template.retired)
    .map((template) => ({ value: template.id, label: `${template.name} (v${template.version_number})` }));

  const save = async () => {
    setFormError(null);
    const found = settingsErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return setFormError('Some entries need fixing; they are marked.');
    // Defaults only for types that still exist.
    const typeKeys = new Set(values.vehicle_types.map((type) => type.key));
    const body = {
      ...values,
      default_templates: Object.fromEntries(Object.entries(values.default_templates).filter(([type]) => typeKeys.has(type))),
    };
    try {
      const saved = await update.mutateAsync(body);
      const { enabled: _on, ...after } = saved;
      setValues(after);
      setTaxRate(String(after.work_order_tax_rate));
      notifications.show({ color: 'green', title: 'Saved', message: 'The fleet settings were saved.' });
    } catch (error) {
      setFormError(errorMessage(error));
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="fleet-settings-heading">
      <Stack gap="md">
        <Title order={2} fz="lg" id="fleet-settings-heading">
          Fleet
        </Title>
        <Switch
          label="A squad check is required before each shift"
          checked={values.squad_check_required_before_shift}
          onChange={(event) => setValues({ ...values, squad_check_required_before_shift: event.currentTarget.checked })}
        />
        <EntryList
          title="Vehicle types"
          name="vehicle_types"
          entries={values.vehicle_types}
          errors={errors}
          onChange={(entries) => setValues({ ...values, vehicle_types: entries })}
        />
        <EntryList
          title="Service categories"
          name="service_categories"
          entries={values.service_categories}
          errors={errors}
          onChange={(entries) => setValues({ ...values, service_categories: entries })}
        />
        <TextInput
          label="Sales tax on work orders (%)"
          description="Each new work order starts with this rate; it can be changed per order"
          inputMode="decimal"
          maw={280}
          value={taxRate}
          error={errors.work_order_tax_rate}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            setTaxRate(typed);
            setValues({ ...values, work_order_tax_rate: typed.trim() === '' ? Number.NaN : Number(typed) });
          }}
        />
        <Select
          label="Fuel is bought in"
          description="Officers log fill-ups in this unit; economy is in miles per gallon or km per litre"
          maw={280}
          data={[
            { value: 'gallon', label: 'US gallons' },
            { value: 'litre', label: 'Litres' },
          ]}
          value={values.fuel_unit}
          allowDeselect={false}
          onChange={(unit) => unit && setValues({ ...values, fuel_unit: unit as SettingsValues['fuel_unit'] })}
        />
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Title order={3} fz="md" component="legend">
            Default template per vehicle type
          </Title>
          <Text fz="sm" c="dimmed">
            Used when no template names the vehicle’s type.
          </Text>
          {values.vehicle_types
            .filter((type) => type.key !== '')
            .map((type) => (
              <Select
                key={type.key}
                label={type.label || type.key}
                placeholder="No default"
                clearable
                data={templateOptions}
                value={values.default_templates[type.key] ?? null}
                onChange={(value) => {
                  const next = { ...values.default_templates };
                  if (value) next[type.key] = value;
                  else delete next[type.key];
                  setValues({ ...values, default_templates: next });
                }}
              />
            ))}
        </Stack>
        <FormErrorAlert message={formError} />
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={update.isPending}>
            Save fleet settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The fleet settings on /fleet/admin/settings: vehicle types, service categories, default templates,
 * squad check before shift. `moduleEnabled` is the module switch's state (undefined while it loads).
 */
export function FleetSettingsForm({ moduleEnabled }: { moduleEnabled?: boolean | undefined }) {
  // The form is filled once, from the settings as the server has them now: the copy kept on the device
  // (for the officer's request form) may be older than a save made just before a reload.
  const settings = useQuery({ ...fleetSettingsQueryOptions(), refetchOnMount: 'always' });
  if (settings.isFetching && !settings.isFetchedAfterMount) return <LoadingState label="Loading the fleet settings…" />;
  return (
    <ModuleSettingsGate
      moduleEnabled={moduleEnabled}
      settings={settings}
      module="Fleet"
      holds="vehicle types, service categories, default templates"
    >
      {(data) => <SettingsEditor settings={data} />}
    </ModuleSettingsGate>
  );
}
