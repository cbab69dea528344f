import { Group, MultiSelect, Select, TagsInput, Textarea, TextInput } from '@mantine/core';
import {
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  type CustomField,
  type Person,
  type SpaceStatus,
  type TaskPriority,
} from '../../core/contracts/productivity.ts';
import { RichTextEditor, type RichTextTool } from '../lib/rich-text-editor.tsx';
import { CustomFieldInputs, type CustomValues } from './task-custom-fields.tsx';

/** What a task's form holds (a new task's, and the drawer's edit): the API's fields as the inputs show them. */
export type TaskFormValues = {
  title: string;
  /** Plain paragraphs, one a line; the API keeps HTML (textToHtml). */
  description: string;
  /** '' for the space's first open status (a new task). */
  status: string;
  priority: TaskPriority;
  assignee_ids: string[];
  due_on: string;
  due_time: string;
  labels: string[];
  /**
   * The description as rich text (HTML, the drawer's editor): when present, the editor shows it and it
   * is sent as it is, and `description` is not used.
   */
  description_html?: string;
  /** The space's custom fields' values by field id (the drawer): sent with the task when present. */
  custom_fields?: CustomValues;
};

/** The formatting a task's description offers: what server/productivity/description.ts keeps. */
export const DESCRIPTION_TOOLS: readonly RichTextTool[] = ['bold', 'italic', 'bulletList', 'orderedList', 'link'];

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The description's lines as the paragraphs the API keeps. */
export const textToHtml = (text: string) =>
  text.trim() === ''
    ? ''
    : text
        .trim()
        .split('\n')
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('');

/** The description's text, a line a paragraph. */
export function htmlToText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html.replace(/<\/p>\s*<p>/g, '\n'), 'text/html');
  return doc.body.textContent ?? '';
}

/** The fields both forms send: trimmed, dates and times null when empty, a time only with a date. */
export function taskFieldsInput(values: TaskFormValues) {
  return {
    title: values.title.trim(),
    description: values.description_html ?? textToHtml(values.description),
    ...(values.status ? { status: values.status } : {}),
    priority: values.priority,
    assignee_ids: values.assignee_ids,
    due_on: values.due_on || null,
    due_time: values.due_on && values.due_time ? values.due_time : null,
    labels: values.labels,
    ...(values.custom_fields ? { custom_fields: values.custom_fields } : {}),
  };
}

/** The people named with @ and their name in a comment, among those who can see the task. */
export function mentionsIn(body: string, people: readonly Person[]): string[] {
  return people.filter((person) => body.includes(`@${person.name}`)).map((person) => person.id);
}

/**
 * A task's inputs: title, description, status, priority, assignees (the space's members), due date and
 * time, labels; and the space's custom fields when `fields` is given and the values hold them. The
 * description is a rich-text editor when the values hold `description_html`, else plain lines.
 */
export function TaskFieldInputs(props: {
  values: TaskFormValues;
  errors: Record<string, string>;
  set: (change: Partial<TaskFormValues>) => void;
  statuses: readonly SpaceStatus[];
  people: readonly Person[];
  fields?: readonly CustomField[];
}) {
  const { values, errors, set } = props;
  return (
    <>
      <TextInput label="Title" required value={values.title} error={errors.title} onChange={(e) => set({ title: e.currentTarget.value })} />
      {values.description_html !== undefined ? (
        <RichTextEditor
          label="Description"
          value={values.description_html}
          error={errors.description}
          onChange={(description_html) => set({ description_html })}
          tools={DESCRIPTION_TOOLS}
          toolbarLabel="Description formatting"
          dataPath="description"
          minHeight={120}
        />
      ) : (
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={values.description}
          error={errors.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
      )}
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label="Status"
          placeholder={props.statuses.find((s) => !s.closed)?.label}
          data={props.statuses.map((s) => ({ value: s.key, label: s.label }))}
          value={values.status || null}
          error={errors.status}
          onChange={(status) => set({ status: status ?? '' })}
          miw={140}
        />
        <Select
          label="Priority"
          data={TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }))}
          value={values.priority}
          allowDeselect={false}
          error={errors.priority}
          onChange={(priority) => priority && set({ priority: priority as TaskPriority })}
          miw={140}
        />
      </Group>
      <MultiSelect
        label="Assignees"
        searchable
        data={props.people.map((p) => ({ value: p.id, label: p.name }))}
        value={values.assignee_ids}
        error={errors.assignee_ids}
        onChange={(assignee_ids) => set({ assignee_ids })}
      />
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          type="date"
          label="Due date"
          value={values.due_on}
          error={errors.due_on}
          onChange={(e) => set({ due_on: e.currentTarget.value })}
          miw={140}
        />
        <TextInput
          type="time"
          label="Due time"
          value={values.due_time}
          error={errors.due_time}
          disabled={!values.due_on}
          onChange={(e) => set({ due_time: e.currentTarget.value })}
          miw={120}
        />
      </Group>
      <TagsInput label="Labels" value={values.labels} error={errors.labels} onChange={(labels) => set({ labels })} />
      {props.fields && props.fields.length > 0 && values.custom_fields ? (
        <CustomFieldInputs
          fields={props.fields}
          values={values.custom_fields}
          errors={errors}
          onChange={(custom_fields) => set({ custom_fields })}
        />
      ) : null}
    </>
  );
}
