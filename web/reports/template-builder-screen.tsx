import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import {
  FIELD_KIND_LABELS,
  FIELD_KINDS,
  type ReportTemplate,
  type TemplateField,
  type TemplateInput,
} from '../../core/contracts/reports.ts';
import { hasPermission } from '../../core/permissions.ts';
import { errorMessage } from '../lib/api-error.ts';
import { isStaleVersion } from '../lib/api.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { useAuthState } from '../lib/session/session.ts';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { useCreateTemplate, useTemplate, useUpdateTemplate } from './reports-calls.ts';
import { ReportsPage } from './reports-ui.tsx';

/** A key from a label, unique among `taken`: "Reason for the stop" -> reason_for_the_stop (then _2, _3…). */
function keyFrom(label: string, taken: Set<string>): string {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 36) || 'field';
  let key = base;
  for (let n = 2; taken.has(key) || ['location', 'occurred_at'].includes(key); n += 1) key = `${base}_${n}`;
  return key;
}

const EMPTY_FIELD: TemplateField = { key: '', label: '', kind: 'text', required: false, help: '', options: [] };

const BLANK: TemplateInput = {
  name: '',
  description: '',
  scope: 'personal',
  content: {
    sections: [{ key: 'incident', title: 'Incident', fields: [{ ...EMPTY_FIELD, key: 'offense', label: 'Offense', required: true }] }],
    narrative_skeleton: 'On {occurred_at} I responded to {location} for {offense}.',
  },
};

type Form = ReturnType<typeof useForm<TemplateInput>>;

function FieldEditor({ form, s, f, count }: { form: Form; s: number; f: number; count: number }) {
  const at = `content.sections.${s}.fields.${f}`;
  const field = form.getValues().content.sections[s]!.fields[f]!;
  const [options, setOptions] = useState(field.options.join(', '));
  return (
    <Card withBorder radius="sm" padding="sm">
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label="Question or field"
            required
            style={{ flex: '1 1 14rem' }}
            {...form.getInputProps(`${at}.label`)}
            description={field.key ? `Written into the narrative as {${field.key}}` : undefined}
          />
          <NativeSelect
            label="Kind"
            data={FIELD_KINDS.map((kind) => ({ value: kind, label: FIELD_KIND_LABELS[kind] }))}
            {...form.getInputProps(`${at}.kind`)}
            error={form.errors[`${at}.kind`]}
          />
          <Checkbox label="Required" mb={10} {...form.getInputProps(`${at}.required`, { type: 'checkbox' })} />
          <Group gap={2} mb={4}>
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${field.label || 'this field'} up`}
              disabled={f === 0}
              onClick={() => form.reorderListItem(`content.sections.${s}.fields`, { from: f, to: f - 1 })}
            >
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${field.label || 'this field'} down`}
              disabled={f === count - 1}
              onClick={() => form.reorderListItem(`content.sections.${s}.fields`, { from: f, to: f + 1 })}
            >
              <IconArrowDown size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${field.label || 'this field'}`}
              onClick={() => form.removeListItem(`content.sections.${s}.fields`, f)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        {field.kind === 'choice' ? (
          <TextInput
            label="Choices"
            description="Separated by commas"
            value={options}
            onChange={(event) => {
              setOptions(event.currentTarget.value);
              form.setFieldValue(
                `${at}.options`,
                event.currentTarget.value
                  .split(',')
                  .map((o) => o.trim())
                  .filter(Boolean),
              );
            }}
            error={form.errors[`${at}.options`]}
          />
        ) : null}
        <TextInput label="Help for the officer (optional)" {...form.getInputProps(`${at}.help`)} />
      </Stack>
    </Card>
  );
}

function Builder({ template }: { template: ReportTemplate | null }) {
  const { claims } = useAuthState();
  const agencyAllowed = claims ? hasPermission(claims, 'reports:templates.create_agency') : false;
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const navigate = useNavigate();
  const [key] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TemplateInput>({
    mode: 'controlled',
    initialValues: template
      ? { name: template.name, description: template.description, scope: template.scope, content: template.content }
      : BLANK,
  });
  const values = form.getValues();
  const keys = values.content.sections.flatMap((section) => section.fields.map((field) => field.key)).filter(Boolean);

  /** Keys for new fields and sections, from their labels, before sending. */
  const withKeys = (input: TemplateInput): TemplateInput => {
    const taken = new Set(keys);
    const sectionKeys = new Set(input.content.sections.map((section) => section.key).filter(Boolean));
    return {
      ...input,
      content: {
        ...input.content,
        sections: input.content.sections.map((section) => ({
          ...section,
          key:
            section.key ||
            (() => {
              const made = keyFrom(section.title, sectionKeys);
              sectionKeys.add(made);
              return made;
            })(),
          fields: section.fields.map((field) => {
            if (field.key) return field;
            const made = keyFrom(field.label, taken);
            taken.add(made);
            return { ...field, key: made };
          }),
        })),
      },
    };
  };

  const save = async (retire?: boolean) => {
    setError(null);
    form.clearErrors();
    const input = withKeys(form.getValues());
    form.setValues(input);
    try {
      const saved = template
        ? await update.mutateAsync({
            id: template.id,
            version: template.version,
            input: {
              name: input.name,
              description: input.description,
              content: input.content,
              ...(retire === undefined ? {} : { retired: retire }),
            },
          })
        : await create.mutateAsync({ input, key });
      notifications.show({ color: 'green', title: 'Saved', message: `The template “${saved.name}” is saved.` });
      await navigate({ to: '/reports/templates/$id', params: { id: saved.id } });
    } catch (failure) {
      if (isStaleVersion(failure))
        setError('Someone else changed this template meanwhile. Reload it to see their change; what you typed is still here.');
      else setError(applyServerErrors(form, failure));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      noValidate
    >
      <Stack gap="md">
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <TextInput label="Name" required {...form.getInputProps('name')} maw={480} />
            <Textarea label="What it is for" autosize minRows={2} {...form.getInputProps('description')} />
            {template ? (
              <Text fz="sm">
                {template.scope === 'agency' ? 'An agency template: everyone may use it.' : 'A personal template: only you use it.'}
              </Text>
            ) : (
              <Radio.Group label="Who may use it" {...form.getInputProps('scope')}>
                <Group mt={6}>
                  <Radio value="personal" label="Only me" />
                  <Radio value="agency" label="Everyone in the agency" disabled={!agencyAllowed} />
                </Group>
              </Radio.Group>
            )}
          </Stack>
        </Card>
        {values.content.sections.map((section, s) => (
          <Card key={s} withBorder radius="md" padding="md" component="section" aria-label={`Section ${s + 1}`}>
            <Stack gap="sm">
              <Group align="flex-end" gap="xs">
                <TextInput label={`Section ${s + 1}`} required style={{ flex: 1 }} {...form.getInputProps(`content.sections.${s}.title`)} />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  aria-label={`Remove section ${section.title || s + 1}`}
                  disabled={values.content.sections.length === 1}
                  onClick={() => form.removeListItem('content.sections', s)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
              {section.fields.map((_, f) => (
                <FieldEditor key={`${s}-${f}-${section.fields.length}`} form={form} s={s} f={f} count={section.fields.length} />
              ))}
              <Group>
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => form.insertListItem(`content.sections.${s}.fields`, { ...EMPTY_FIELD })}
                >
                  Add a field
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.insertListItem('content.sections', { key: '', title: '', fields: [] })}
          >
            Add a section
          </Button>
        </Group>
        <Card withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Title order={2} fz="lg">
              First narrative
            </Title>
            <Textarea
              label="Narrative skeleton"
              description={`Written from the answers when the officer asks for it. Use {location}, {occurred_at}${keys.length ? ` and ${keys.map((k) => `{${k}}`).join(', ')}` : ''}; a blank answer becomes an [INSERT …] placeholder the officer must replace.`}
              autosize
              minRows={4}
              {...form.getInputProps('content.narrative_skeleton')}
            />
          </Stack>
        </Card>
        {template ? (
          <Alert color="gray" title="Reports keep the template they started from">
            Changing the template changes only the reports started after it; reports already started keep theirs.
          </Alert>
        ) : null}
        <FormErrorAlert message={error} />
        <Group justify="flex-end" gap="sm">
          {template ? (
            <Button variant="default" color="red" onClick={() => void save(!template.retired)} loading={update.isPending}>
              {template.retired ? 'Bring it back' : 'Retire the template'}
            </Button>
          ) : null}
          <Button type="submit" loading={create.isPending || update.isPending}>
            Save the template
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /reports/templates/create and /reports/templates/edit?id=…: the template builder. */
export function TemplateBuilderScreen() {
  const search: { id?: string } = useSearch({ strict: false });
  const id = search.id ?? null;
  const template = useTemplate(id);
  const title = id ? (template.data ? `Edit: ${template.data.name}` : 'Edit a template') : 'New report template';
  return (
    <ReportsPage
      title={title}
      description="Sections and fields the officer answers, and the first narrative written from the answers."
      breadcrumbs={[
        { label: 'Reports', to: '/reports' },
        { label: 'Templates', to: '/reports/templates/select' },
      ]}
    >
      {!id ? (
        <Builder template={null} />
      ) : template.isPending ? (
        <LoadingState label="Loading the template…" />
      ) : template.isError ? (
        <ErrorState message={errorMessage(template.error)} onRetry={() => void template.refetch()} />
      ) : !template.data.can_edit ? (
        <ErrorState
          title="You cannot change this template"
          message="An agency template is changed by holders of “Create agency templates”; a personal one by its owner."
        />
      ) : (
        <Builder template={template.data} />
      )}
    </ReportsPage>
  );
}
