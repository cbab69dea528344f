import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMessage, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import {
  PERSON_ROLE_LABELS,
  PERSON_ROLES,
  PROPERTY_DISPOSITION_LABELS,
  PROPERTY_DISPOSITIONS,
  ReportContent as ReportContentSchema,
  type Report,
  type ReportContent,
  type ReportPerson,
  type ReportProperty,
  type ReportVehicle,
  type TemplateField,
} from '../../core/contracts/reports.ts';
import { guidedNarrative } from '../../core/reports/guided-templates.ts';
import { answeredFields, fillSkeleton, narrativeText, reportProblems } from '../../core/reports/report-rules.ts';
import { isStaleVersion } from '../lib/api.ts';
import { deviceCopyKey } from '../lib/device-copy.ts';
import { restoredCopy, saveStatusText, useServerDraft } from '../lib/server-draft.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { isKeptPhotoId } from '../lib/outbox/kept-photo-rules.ts';
import { useAuthState } from '../lib/session/session.ts';
import { FormErrorAlert } from '../ui/states.tsx';
import { NarrativeEditor } from './narrative-editor.tsx';
import { AttachmentsField, MAX_ATTACHMENTS } from './report-attachments.tsx';
import { DraftTranscriptCard } from './transcript-panel.tsx';

/** Every answered field of the template present in the form (unanswered as ''), so each has a path for its error. */
function formContent(report: Pick<Report, 'content' | 'template'>): ReportContent {
  const answers: Record<string, string> = {};
  for (const field of answeredFields(report.template)) answers[field.key] = report.content.answers[field.key] ?? '';
  return { ...report.content, answers };
}

/** What the server keeps: unanswered fields are left out. */
function toSend(values: ReportContent): ReportContent {
  return { ...values, answers: Object.fromEntries(Object.entries(values.answers).filter(([, value]) => value.trim())) };
}

/** The content without the files still kept on this device (their local ids), as a report on the server is saved. */
function withoutKeptFiles(content: ReportContent): ReportContent {
  return { ...content, attachment_ids: content.attachment_ids.filter((id) => !isKeptPhotoId(id)) };
}

/**
 * What was kept on this device, restored, with the server's attachments it does not hold when it holds
 * files of its own not uploaded yet: the server's copy may have them uploaded under other ids (the
 * outbox sent the report), and a file shown twice is removed more easily than one lost.
 */
function withServerAttachments(copy: ReportContent, server: ReportContent): ReportContent {
  if (!copy.attachment_ids.some(isKeptPhotoId)) return copy;
  const missing = server.attachment_ids.filter((id) => !copy.attachment_ids.includes(id));
  return { ...copy, attachment_ids: [...copy.attachment_ids, ...missing].slice(0, MAX_ATTACHMENTS) };
}

type Form = ReturnType<typeof useForm<ReportContent>>;

/** Where a reviewer's comment on a field is, so the list of comments above the form can take the author there. */
export function reviewNoteId(path: string): string {
  return `review-note-${path.replace(/[^a-z0-9_]/gi, '-')}`;
}

/**
 * What the reviewer said about a field, shown under it while the author fixes the report: marked
 * "Reviewer:" with its own icon and colour, so it never reads as the form's own error.
 */
function ReviewNote({ path, notes }: { path: string; notes: Record<string, string> }) {
  const note = notes[path];
  if (!note) return null;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" id={reviewNoteId(path)} tabIndex={-1} data-review-note={path}>
      <IconMessage
        aria-hidden
        size={16}
        style={{ flexShrink: 0, marginTop: 2, color: 'light-dark(var(--mantine-color-orange-9), var(--mantine-color-orange-3))' }}
      />
      <Text fz="sm" style={{ color: 'light-dark(var(--mantine-color-orange-9), var(--mantine-color-orange-3))', overflowWrap: 'anywhere' }}>
        Reviewer: {note}
      </Text>
    </Group>
  );
}

/** A field with the reviewer's comment on it under it, when there is one. */
function Noted({ path, notes, children }: { path: string; notes: Record<string, string>; children: ReactNode }) {
  if (!notes[path]) return <>{children}</>;
  return (
    <Stack gap={2}>
      {children}
      <ReviewNote path={path} notes={notes} />
    </Stack>
  );
}

function AnswerField({ field, form, notes }: { field: TemplateField; form: Form; notes: Record<string, string> }) {
  const path = `answers.${field.key}`;
  const props = {
    ...form.getInputProps(path),
    label: field.label,
    description: field.help || undefined,
    required: field.required,
    'data-path': path,
  };
  const input = (() => {
    switch (field.kind) {
      case 'long_text':
        return <Textarea {...props} autosize minRows={3} />;
      case 'number':
        return <TextInput {...props} inputMode="decimal" />;
      case 'date':
        return <TextInput {...props} type="date" />;
      case 'time':
        return <TextInput {...props} type="time" />;
      case 'choice':
        return (
          <NativeSelect
            {...props}
            data={[{ value: '', label: 'Choose…' }, ...field.options.map((option) => ({ value: option, label: option }))]}
          />
        );
      case 'yes_no':
        return (
          <NativeSelect
            {...props}
            data={[
              { value: '', label: 'Choose…' },
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]}
          />
        );
      default:
        return <TextInput {...props} />;
    }
  })();
  return (
    <Noted path={path} notes={notes}>
      {input}
    </Noted>
  );
}

function ListCard(props: {
  title: string;
  path: 'people' | 'vehicles' | 'property';
  form: Form;
  empty: ReportPerson | ReportVehicle | ReportProperty;
  noun: string;
  required: boolean;
  notes: Record<string, string>;
  render: (index: number) => ReactNode;
}) {
  const items = props.form.getValues()[props.path] as unknown[];
  const error = props.form.errors[props.path];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text fw={600}>
          {props.title}
          {props.required ? <span aria-hidden> *</span> : null}
        </Text>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => props.form.insertListItem(props.path, props.empty)}
        >
          Add {props.noun}
        </Button>
      </Group>
      {error ? (
        <Text c="red" fz="sm" role="alert" data-path={props.path}>
          {error}
        </Text>
      ) : null}
      <ReviewNote path={props.path} notes={props.notes} />
      {items.length === 0 ? (
        <Text fz="sm" c="dimmed">
          None added.
        </Text>
      ) : null}
      {items.map((_, index) => (
        <Card key={index} withBorder radius="sm" padding="sm">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fz="sm" fw={600}>
                {props.noun[0]!.toUpperCase() + props.noun.slice(1)} {index + 1}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${props.noun} ${index + 1}`}
                onClick={() => props.form.removeListItem(props.path, index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
            {props.render(index)}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

const EMPTY_PERSON: ReportPerson = { role: 'victim', name: '', date_of_birth: '', address: '', phone: '', description: '' };
const EMPTY_VEHICLE: ReportVehicle = { plate: '', state: '', make: '', model: '', year: '', color: '', vin: '', description: '' };
const EMPTY_PROPERTY: ReportProperty = { description: '', serial: '', value: null, disposition: 'evidence' };

function PeopleFields({ form, index, notes }: { form: Form; index: number; notes: Record<string, string> }) {
  const at = (field: string) => ({ ...form.getInputProps(`people.${index}.${field}`), 'data-path': `people.${index}.${field}` });
  const noted = (field: string, input: ReactNode) => (
    <Noted path={`people.${index}.${field}`} notes={notes}>
      {input}
    </Noted>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {noted(
        'role',
        <NativeSelect label="Role" data={PERSON_ROLES.map((role) => ({ value: role, label: PERSON_ROLE_LABELS[role] }))} {...at('role')} />,
      )}
      {noted('name', <TextInput label="Name" required {...at('name')} />)}
      {noted('date_of_birth', <TextInput label="Date of birth" type="date" {...at('date_of_birth')} />)}
      {noted('phone', <TextInput label="Phone" type="tel" {...at('phone')} />)}
      {noted('address', <TextInput label="Address" {...at('address')} />)}
      {noted(
        'description',
        <TextInput label="Description" description="Height, build, clothing, role in the incident" {...at('description')} />,
      )}
    </SimpleGrid>
  );
}

function VehicleFields({ form, index, notes }: { form: Form; index: number; notes: Record<string, string> }) {
  const at = (field: string) => ({ ...form.getInputProps(`vehicles.${index}.${field}`), 'data-path': `vehicles.${index}.${field}` });
  const noted = (field: string, input: ReactNode, wide = false) => (
    <Box style={wide ? { gridColumn: 'span 2' } : undefined}>
      <Noted path={`vehicles.${index}.${field}`} notes={notes}>
        {input}
      </Noted>
    </Box>
  );
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {noted('plate', <TextInput label="Plate" {...at('plate')} />)}
      {noted('state', <TextInput label="State" maxLength={2} {...at('state')} />)}
      {noted('make', <TextInput label="Make" {...at('make')} />)}
      {noted('model', <TextInput label="Model" {...at('model')} />)}
      {noted('year', <TextInput label="Year" inputMode="numeric" maxLength={4} {...at('year')} />)}
      {noted('color', <TextInput label="Colour" {...at('color')} />)}
      {noted('vin', <TextInput label="VIN" maxLength={17} {...at('vin')} />, true)}
      {noted(
        'description',
        <TextInput label="Description" description="Damage, stickers, what sets it apart" {...at('description')} />,
        true,
      )}
    </SimpleGrid>
  );
}

function PropertyFields({ form, index, notes }: { form: Form; index: number; notes: Record<string, string> }) {
  const at = (field: string) => ({ ...form.getInputProps(`property.${index}.${field}`), 'data-path': `property.${index}.${field}` });
  const value = form.getValues().property[index]?.value;
  const noted = (field: string, input: ReactNode) => (
    <Noted path={`property.${index}.${field}`} notes={notes}>
      {input}
    </Noted>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {noted('description', <TextInput label="Description" required {...at('description')} />)}
      {noted('serial', <TextInput label="Serial number" {...at('serial')} />)}
      {noted(
        'value',
        <TextInput
          label="Value ($)"
          inputMode="decimal"
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(event) => {
            const text = event.currentTarget.value.replace(/[^0-9.]/g, '');
            form.setFieldValue(`property.${index}.value`, text === '' ? null : Number(text));
          }}
          error={form.errors[`property.${index}.value`]}
          data-path={`property.${index}.value`}
        />,
      )}
      {noted(
        'disposition',
        <NativeSelect
          label="Disposition"
          data={PROPERTY_DISPOSITIONS.map((d) => ({ value: d, label: PROPERTY_DISPOSITION_LABELS[d] }))}
          {...at('disposition')}
        />,
      )}
    </SimpleGrid>
  );
}

/**
 * The author's report while it is a draft or returned: the template's sections with their fields, the
 * people, vehicles and property, and the narrative; saved on the server a moment after each change (and
 * what is typed kept on the device until then), submitted whole with each problem beside its field.
 */
export function ReportForm(props: {
  report: Report;
  onSave: (content: ReportContent, version: number) => Promise<Report>;
  onSubmit: (content: ReportContent, version: number) => Promise<Report>;
  /**
   * A report not on the server yet (it waits in the outbox): saving and submitting keep it there, so the
   * copy on the device stays until the server has it; `fields` are a refusal's messages when it was sent.
   */
  waiting?: { fields: Record<string, string> };
}) {
  const { report } = props;
  const { session } = useAuthState();
  // The transcript passages the AI-drafted sentence at the narrative's cursor cites.
  const [cited, setCited] = useState<string[]>([]);
  const copyKey = deviceCopyKey(session?.user.id ?? 'signed-out', 'reports.report', report.id);
  const [restored] = useState(() =>
    restoredCopy(
      copyKey,
      ReportContentSchema,
      { version: report.version, values: formContent(report) },
      (a, b) => JSON.stringify(toSend(a)) === JSON.stringify(toSend(b)),
    ),
  );
  const form = useForm<ReportContent>({
    mode: 'controlled',
    initialValues: formContent(restored ? { ...report, content: withServerAttachments(restored.values, report.content) } : report),
    initialErrors: props.waiting?.fields ?? {},
  });
  const onDevice = Boolean(props.waiting);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const notes = report.status === 'returned' ? (report.review?.fields ?? {}) : {};
  const values = form.getValues();
  const fields = report.template.sections.flatMap((section) => section.fields);
  const needs = (kind: TemplateField['kind']) => fields.find((field) => field.kind === kind);

  const draft = useServerDraft({
    copyKey,
    version: report.version,
    values,
    getValues: () => form.getValues(),
    toSend,
    // Files still only on this device are not the server's yet: the field uploads them once the connection is back.
    onSave: onDevice ? props.onSave : (content, version) => props.onSave(withoutKeptFiles(content), version),
    restored,
    onDevice,
    what: 'report',
  });

  const submit = async () => {
    setError(null);
    form.clearErrors();
    const content = toSend(form.getValues());
    const kept = content.attachment_ids.filter(isKeptPhotoId).length;
    const problems = {
      ...reportProblems(report.template, content),
      ...(kept > 0 && !onDevice
        ? {
            attachment_ids: `${kept === 1 ? 'A file is' : `${kept} files are`} still only on this device: ${kept === 1 ? 'it uploads' : 'they upload'} once you are back online; submit after that`,
          }
        : {}),
    };
    if (Object.keys(problems).length) {
      form.setErrors(problems);
      setError(
        `The report is not complete: ${Object.keys(problems).length} ${Object.keys(problems).length === 1 ? 'field needs' : 'fields need'} your attention.`,
      );
      window.setTimeout(() => document.querySelector<HTMLElement>('[aria-invalid="true"], [data-path][role="alert"]')?.focus(), 0);
      return;
    }
    setSubmitting(true);
    try {
      await draft.send(() => props.onSubmit(toSend(form.getValues()), draft.version.current));
    } catch (failure) {
      if (isStaleVersion(failure))
        setError('Someone else changed this report meanwhile. Reload it; what you typed is still here until you do.');
      else setError(applyServerErrors(form, failure));
    } finally {
      setSubmitting(false);
    }
  };

  const writeFromAnswers = () => {
    const html = report.guided ? guidedNarrative(report.guided, form.getValues()) : fillSkeleton(report.template, form.getValues());
    form.setFieldValue('narrative', html);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        {restored ? (
          <Alert color="blue" title="Restored from this device">
            What you typed here at {new Date(restored.changed_at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })} had not
            reached the server; it is back in the form and is being saved.
          </Alert>
        ) : null}
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="report-when">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="report-when">
              When and where
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Noted path="occurred_at" notes={notes}>
                <TextInput
                  type="datetime-local"
                  label="Occurred at"
                  required
                  {...form.getInputProps('occurred_at')}
                  data-path="occurred_at"
                />
              </Noted>
              <Noted path="reported_at" notes={notes}>
                <TextInput
                  type="datetime-local"
                  label="Reported at"
                  required
                  {...form.getInputProps('reported_at')}
                  data-path="reported_at"
                />
              </Noted>
            </SimpleGrid>
            <Noted path="location" notes={notes}>
              <TextInput
                label="Location"
                description="Address, intersection or place"
                required
                {...form.getInputProps('location')}
                data-path="location"
              />
            </Noted>
          </Stack>
        </Card>
        {report.template.sections.map((section) => {
          const answered = section.fields.filter((field) => !['person', 'vehicle', 'property', 'narrative'].includes(field.kind));
          const lists = section.fields.filter((field) => ['person', 'vehicle', 'property'].includes(field.kind));
          if (answered.length === 0 && lists.length === 0) return null;
          return (
            <Card key={section.key} withBorder radius="md" padding="md" component="section" aria-labelledby={`section-${section.key}`}>
              <Stack gap="sm">
                <Title order={2} fz="lg" id={`section-${section.key}`}>
                  {section.title}
                </Title>
                {answered.map((field) => (
                  <AnswerField key={field.key} field={field} form={form} notes={notes} />
                ))}
                {lists.map((field) =>
                  field.kind === 'person' ? (
                    <ListCard
                      key={field.key}
                      title={field.label}
                      path="people"
                      form={form}
                      empty={EMPTY_PERSON}
                      noun="person"
                      required={field.required}
                      notes={notes}
                      render={(i) => <PeopleFields form={form} index={i} notes={notes} />}
                    />
                  ) : field.kind === 'vehicle' ? (
                    <ListCard
                      key={field.key}
                      title={field.label}
                      path="vehicles"
                      form={form}
                      empty={EMPTY_VEHICLE}
                      noun="vehicle"
                      required={field.required}
                      notes={notes}
                      render={(i) => <VehicleFields form={form} index={i} notes={notes} />}
                    />
                  ) : (
                    <ListCard
                      key={field.key}
                      title={field.label}
                      path="property"
                      form={form}
                      empty={EMPTY_PROPERTY}
                      noun="item"
                      required={field.required}
                      notes={notes}
                      render={(i) => <PropertyFields form={form} index={i} notes={notes} />}
                    />
                  ),
                )}
              </Stack>
            </Card>
          );
        })}
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="report-narrative">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} fz="lg" id="report-narrative">
                {needs('narrative')?.label ?? 'Narrative'}
              </Title>
              {report.guided || report.template.narrative_skeleton.trim() ? (
                <Button variant="default" size="sm" onClick={writeFromAnswers} disabled={narrativeText(values.narrative).length > 0}>
                  Write the first narrative from the answers
                </Button>
              ) : null}
            </Group>
            <NarrativeEditor
              label="Narrative"
              description="What you saw and did, in order. Every [INSERT …] left in it must be replaced before you submit."
              value={values.narrative}
              onChange={(html) => form.setFieldValue('narrative', html)}
              error={form.errors.narrative}
              required
              onCite={report.ai_draft_id ? setCited : undefined}
            />
            <ReviewNote path="narrative" notes={notes} />
            {report.ai_draft_id ? <DraftTranscriptCard draftId={report.ai_draft_id} active={cited} /> : null}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="report-attachments">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="report-attachments">
              Attachments
            </Title>
            <AttachmentsField
              reportId={report.id}
              caseNumber={report.case_number}
              ids={values.attachment_ids}
              onChange={(ids) => {
                form.setFieldValue('attachment_ids', ids);
                form.clearFieldError('attachment_ids');
              }}
              onDevice={onDevice}
              error={form.errors.attachment_ids as string | undefined}
            />
            <ReviewNote path="attachment_ids" notes={notes} />
          </Stack>
        </Card>
        <FormErrorAlert message={error} />
        <Group
          justify="space-between"
          gap="sm"
          wrap="wrap"
          pos="sticky"
          bottom={0}
          py="xs"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 2 }}
        >
          <Text fz="sm" role="status" aria-live="polite">
            {saveStatusText(draft.saveState, onDevice)}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={() => void draft.saveNow()} disabled={draft.saveState.kind === 'saving'}>
              Save draft
            </Button>
            <Button type="submit" loading={submitting}>
              {onDevice ? 'Submit (sent when back online)' : report.status === 'returned' ? 'Submit again for review' : 'Submit for review'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
