import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type * as z from 'zod/mini';
import type { CustomField, CustomFieldValue } from '../../core/contracts/productivity.ts';

/** A task's custom values by field id: text, a number, a date (YYYY-MM-DD), a choice, yes/no, or null when not set. */
export type CustomValues = Record<string, z.infer<typeof CustomFieldValue>>;

/** The values of the space's fields a task holds, each field present (null when not set), for the form. */
export function customValuesOf(fields: readonly CustomField[], saved: CustomValues): CustomValues {
  return Object.fromEntries(fields.map((field) => [field.id, saved[field.id] ?? null]));
}

/** How a value reads on screen (a task shared with someone shows them, not inputs). */
export function customValueText(field: CustomField, value: CustomValues[string] | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field.type === 'yes_no') return value === true ? 'Yes' : 'No';
  return String(value);
}

/**
 * The space's custom fields as inputs: text, number, date, choice and yes/no, each with the server's
 * message beside it (`custom_fields.<field id>`). An emptied input is sent as null (not set).
 */
export function CustomFieldInputs({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: readonly CustomField[];
  values: CustomValues;
  errors: Record<string, string>;
  onChange: (values: CustomValues) => void;
}) {
  const set = (id: string, value: CustomValues[string]) => onChange({ ...values, [id]: value });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
      {fields.map((field) => {
        const value = values[field.id] ?? null;
        const error = errors[`custom_fields.${field.id}`];
        switch (field.type) {
          case 'number':
            return (
              <NumberInput
                key={field.id}
                label={field.name}
                value={typeof value === 'number' ? value : ''}
                error={error}
                onChange={(next) => set(field.id, typeof next === 'number' ? next : next === '' ? null : Number(next))}
              />
            );
          case 'date':
            return (
              <TextInput
                key={field.id}
                type="date"
                label={field.name}
                value={typeof value === 'string' ? value : ''}
                error={error}
                onChange={(event) => set(field.id, event.currentTarget.value || null)}
              />
            );
          case 'choice':
            return (
              <Select
                key={field.id}
                label={field.name}
                placeholder="Not set"
                data={field.options}
                value={typeof value === 'string' && value !== '' ? value : null}
                clearable
                clearButtonProps={{ 'aria-label': `Clear ${field.name}` }}
                error={error}
                onChange={(next) => set(field.id, next)}
              />
            );
          case 'yes_no':
            return (
              <Select
                key={field.id}
                label={field.name}
                placeholder="Not set"
                data={[
                  { value: 'yes', label: 'Yes' },
                  { value: 'no', label: 'No' },
                ]}
                value={value === true ? 'yes' : value === false ? 'no' : null}
                clearable
                clearButtonProps={{ 'aria-label': `Clear ${field.name}` }}
                error={error}
                onChange={(next) => set(field.id, next === null ? null : next === 'yes')}
              />
            );
          default:
            return (
              <TextInput
                key={field.id}
                label={field.name}
                value={typeof value === 'string' ? value : value === null ? '' : String(value)}
                error={error}
                onChange={(event) => set(field.id, event.currentTarget.value === '' ? null : event.currentTarget.value)}
              />
            );
        }
      })}
    </SimpleGrid>
  );
}
