import { Button, Fieldset, Group, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CUSTOM_FIELD_TYPES, type CustomFieldType, type Space } from '../../core/contracts/productivity.ts';
import { EmptyState, FormErrorAlert } from '../ui/states.tsx';
import { useSpaceSave, type TabProps } from './space-settings-save.tsx';
import { PlainForm, SaveButton } from './productivity-ui.tsx';

/**
 * A space's custom fields (text, number, date, choice, yes/no): add, rename, change a choice field's
 * options, remove. A task keeps its values by the field's id, so a field keeps its type once saved (a
 * field of another type is a new field); a removed field no longer shows on the space's tasks.
 */

export const FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  choice: 'Choice',
  yes_no: 'Yes / no',
};

type Row = { id?: string; uid: string; name: string; type: CustomFieldType; options: string[] };

const rowsOf = (space: Space): Row[] => space.fields.map((field) => ({ ...field, uid: field.id }));

export function FieldsTab(props: TabProps) {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(props.space));
  const saving = useSpaceSave(props);
  const set = (index: number, change: Partial<Row>) => {
    saving.touched();
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  };
  const add = () => {
    saving.touched();
    setRows((current) => [...current, { uid: crypto.randomUUID(), name: '', type: 'text', options: [] }]);
  };
  const remove = (index: number) => {
    saving.touched();
    setRows((current) => current.filter((_, i) => i !== index));
  };
  const fields = () =>
    rows.map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      name: row.name.trim(),
      type: row.type,
      options: row.type === 'choice' ? row.options.map((option) => option.trim()).filter(Boolean) : [],
    }));

  return (
    <PlainForm onSubmit={() => saving.save({ fields: fields() }, (space) => setRows(rowsOf(space)))}>
      <Stack gap="sm">
        {saving.staleAlert}
        <FormErrorAlert message={saving.formError} />
        <Text fz="sm" c="dimmed">
          Every task of the space gets these fields, to fill in when it matters (a case number, a shift, whether a supervisor signed off).
        </Text>
        {rows.length === 0 ? <EmptyState title="No custom fields yet">Add one below, then save.</EmptyState> : null}
        {rows.map((row, index) => {
          const name = row.name.trim() || `Field ${index + 1}`;
          return (
            <Fieldset key={row.uid} legend={name} variant="filled" p="sm">
              <Stack gap="xs">
                <Group gap="xs" align="flex-start" wrap="wrap">
                  <TextInput
                    label="Field name"
                    required
                    value={row.name}
                    error={saving.errors[`fields.${index}.name`]}
                    onChange={(e) => set(index, { name: e.currentTarget.value })}
                    style={{ flex: '1 1 10rem' }}
                  />
                  <Select
                    label="Type"
                    data={CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }))}
                    value={row.type}
                    allowDeselect={false}
                    disabled={row.id !== undefined}
                    description={row.id !== undefined ? 'Kept once saved' : undefined}
                    error={saving.errors[`fields.${index}.type`]}
                    onChange={(type) => type && set(index, { type: type as CustomFieldType })}
                    style={{ flex: '1 1 8rem' }}
                  />
                </Group>
                {row.type === 'choice' ? (
                  <TagsInput
                    label="Choices"
                    description="Type a choice and press Enter"
                    value={row.options}
                    error={saving.errors[`fields.${index}.options`]}
                    onChange={(options) => set(index, { options })}
                  />
                ) : null}
                <Group justify="flex-end">
                  <Button size="xs" variant="default" color="red" aria-label={`Remove the field ${name}`} onClick={() => remove(index)}>
                    Remove
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Button variant="default" onClick={add} disabled={rows.length >= 30}>
            Add a field
          </Button>
          <SaveButton label="Save the fields" saving={saving.saving} saved={saving.saved} />
        </Group>
      </Stack>
    </PlainForm>
  );
}
