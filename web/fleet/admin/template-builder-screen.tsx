import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Menu,
  MultiSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { ITEM_KINDS, TemplateInput, type ItemKind, type Template } from '../../../core/contracts/fleet.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { useCreateTemplate } from './create-template.ts';
import { FleetAdminPage } from './fleet-admin-page.tsx';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { isStaleVersion } from '../../lib/api.ts';
import { useFleetSettings } from '../fleet-api.ts';
import { useTemplate } from './get-template.ts';
import { useSetTemplateRetired } from './retire-template.ts';
import {
  addItem,
  addSection,
  draftOf,
  emptyDraft,
  fieldKeyOf,
  ITEM_KIND_LABELS,
  moveItem,
  moveItemTo,
  moveSection,
  moveSectionTo,
  newItem,
  removeItem,
  removeSection,
  renameSection,
  templateInputOf,
  updateItem,
  type TemplateDraft,
} from './template-editing.ts';
import { TemplateItemEditor } from './template-item-editor.tsx';
import { useUpdateTemplate } from './update-template.ts';

/** Problems with the draft, keyed the way the inputs ask for them (item:<id>:label, section:<id>:title, name, …). */
export function draftErrors(draft: TemplateDraft): Record<string, string> {
  const parsed = TemplateInput.safeParse(templateInputOf(draft));
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[fieldKeyOf(draft, issue.path.join('.'))] ??= issue.message;
  return errors;
}

type Dragging = { kind: 'item'; sectionId: string; itemId: string } | { kind: 'section'; sectionId: string } | null;

function Builder({ template, onReload, reloading }: { template: Template | null; onReload: () => Promise<unknown>; reloading: boolean }) {
  const settings = useFleetSettings();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const retire = useSetTemplateRetired();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<TemplateDraft>(() => (template ? draftOf(template) : emptyDraft()));
  const [version, setVersion] = useState(template?.version ?? 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [key] = useState(() => crypto.randomUUID());
  const dragging = useRef<Dragging>(null);
  const saving = create.isPending || update.isPending;

  const change = (next: TemplateDraft) => {
    setDraft(next);
    // Once shown, errors follow the edits (so a fixed field loses its message).
    if (Object.keys(errors).length > 0) setErrors(draftErrors(next));
  };

  const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  const moveItemBy = (sectionId: string, itemId: string, delta: -1 | 1) => {
    const next = moveItem(draft, sectionId, itemId, delta);
    change(next);
    const section = next.sections.find((candidate) => candidate.items.some((item) => item.id === itemId));
    const index = section?.items.findIndex((item) => item.id === itemId) ?? 0;
    const label = section?.items[index]?.label || 'Item';
    setAnnouncement(`${label} moved to position ${index + 1} of ${section?.items.length ?? 0} in ${section?.title || 'the section'}.`);
    focusLater(`move-${delta < 0 ? 'up' : 'down'}-${itemId}`);
  };

  const moveSectionBy = (sectionId: string, delta: -1 | 1) => {
    const next = moveSection(draft, sectionId, delta);
    change(next);
    const index = next.sections.findIndex((section) => section.id === sectionId);
    setAnnouncement(`${next.sections[index]?.title || 'Section'} moved to position ${index + 1} of ${next.sections.length}.`);
    focusLater(`section-${delta < 0 ? 'up' : 'down'}-${sectionId}`);
  };

  const dropOnItem = (sectionId: string, index: number) => {
    const from = dragging.current;
    dragging.current = null;
    if (from?.kind !== 'item') return;
    change(moveItemTo(draft, from.sectionId, from.itemId, sectionId, index));
  };

  const dropOnSection = (sectionId: string, index: number) => {
    const from = dragging.current;
    if (from?.kind === 'section') {
      dragging.current = null;
      change(moveSectionTo(draft, from.sectionId, index));
    } else if (from?.kind === 'item') {
      dropOnItem(sectionId, draft.sections.find((section) => section.id === sectionId)?.items.length ?? 0);
    }
  };

  const save = async () => {
    setFormError(null);
    const found = draftErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError('Some parts need fixing; they are marked below.');
      return;
    }
    const input = templateInputOf(draft);
    try {
      if (template === null) {
        const created = await create.mutateAsync({ input, key });
        notifications.show({
          color: 'green',
          title: 'Template saved',
          message: `${created.name} is saved as version ${created.version_number}.`,
        });
        await navigate({ to: '/fleet/admin/squadchecks/configure/template/$template_id', params: { template_id: created.id } });
      } else {
        const updated = await update.mutateAsync({ id: template.id, input, version });
        setVersion(updated.version);
        notifications.show({
          color: 'green',
          title: 'Template saved',
          message: `${updated.name} is now version ${updated.version_number}. Past squad checks keep the version they were filled against.`,
        });
      }
    } catch (error) {
      if (isStaleVersion(error)) setStale(true);
      else if (isApiError(error) && Object.keys(error.fields).length > 0) {
        const placed: Record<string, string> = {};
        for (const [path, message] of Object.entries(error.fields)) placed[fieldKeyOf(draft, path)] = message;
        setErrors(placed);
        setFormError(error.message);
      } else setFormError(errorMessage(error));
    }
  };

  const reloadTheirs = async () => {
    const result = (await onReload()) as { data?: Template } | undefined;
    setStale(false);
    if (result?.data) {
      setDraft(draftOf(result.data));
      setVersion(result.data.version);
    }
  };

  const toggleRetired = async () => {
    if (!template) return;
    try {
      const after = await retire.mutateAsync({ id: template.id, retired: !template.retired });
      notifications.show({
        color: 'green',
        title: after.retired ? 'Retired' : 'Restored',
        message: after.retired ? `${after.name} is no longer offered for new squad checks.` : `${after.name} is offered again.`,
      });
    } catch (error) {
      setFormError(errorMessage(error));
    }
  };

  const typeOptions = (settings.data?.vehicle_types ?? []).map((type) => ({ value: type.key, label: type.label }));
  for (const type of draft.vehicle_types)
    if (!typeOptions.some((option) => option.value === type)) typeOptions.push({ value: type, label: type });

  return (
    <Stack gap="md">
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
      {template ? (
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="blue" c="var(--mantine-color-text)" data-testid="template-version">
            Version {template.version_number}
          </Badge>
          {template.retired ? (
            <Badge variant="light" color="gray" c="var(--mantine-color-text)">
              Retired
            </Badge>
          ) : null}
          <Button variant="default" size="xs" onClick={() => void toggleRetired()} loading={retire.isPending}>
            {template.retired ? 'Restore template' : 'Retire template'}
          </Button>
        </Group>
      ) : null}
      {stale ? <StaleVersionAlert what="template" onReload={() => void reloadTheirs()} reloading={reloading} /> : null}
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={draft.name}
            onChange={(event) => change({ ...draft, name: event.currentTarget.value })}
            error={errors.name}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={draft.description}
            onChange={(event) => change({ ...draft, description: event.currentTarget.value })}
            error={errors.description}
          />
          <MultiSelect
            label="Applies to"
            description="Vehicle types that use this template; none means every vehicle"
            data={typeOptions}
            value={draft.vehicle_types}
            onChange={(value) => change({ ...draft, vehicle_types: value })}
            clearable
          />
        </Stack>
      </Card>
      <Text fz="sm" c="dimmed">
        Drag items and sections to reorder them, or use their up and down buttons.
      </Text>
      {errors.sections ? (
        <Alert color="red" variant="light" role="alert">
          {errors.sections}
        </Alert>
      ) : null}
      <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Sections">
        {draft.sections.map((section, sectionIndex) => {
          const title = section.title.trim() || `Section ${sectionIndex + 1}`;
          return (
            <Card
              key={section.id}
              component="li"
              withBorder
              radius="md"
              padding="md"
              data-testid="template-section"
              aria-label={`${title}, section ${sectionIndex + 1} of ${draft.sections.length}`}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                dropOnSection(section.id, sectionIndex);
              }}
            >
              <Stack gap="sm">
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <span
                    draggable
                    onDragStart={(event) => {
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData('text/plain', section.id);
                      dragging.current = { kind: 'section', sectionId: section.id };
                    }}
                    style={{ cursor: 'grab', paddingBottom: 8 }}
                    title="Drag to reorder the section"
                  >
                    <IconGripVertical aria-hidden size={18} />
                  </span>
                  <TextInput
                    label="Section title"
                    required
                    style={{ flex: 1, minWidth: 0 }}
                    value={section.title}
                    onChange={(event) => change(renameSection(draft, section.id, event.currentTarget.value))}
                    error={errors[`section:${section.id}:title`] ?? errors[`section:${section.id}:items`]}
                  />
                  <Tooltip label="Move section up">
                    <ActionIcon
                      id={`section-up-${section.id}`}
                      variant="default"
                      size="lg"
                      aria-label={`Move ${title} up`}
                      disabled={sectionIndex === 0}
                      onClick={() => moveSectionBy(section.id, -1)}
                    >
                      <IconArrowUp aria-hidden size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Move section down">
                    <ActionIcon
                      id={`section-down-${section.id}`}
                      variant="default"
                      size="lg"
                      aria-label={`Move ${title} down`}
                      disabled={sectionIndex === draft.sections.length - 1}
                      onClick={() => moveSectionBy(section.id, 1)}
                    >
                      <IconArrowDown aria-hidden size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Remove section">
                    <ActionIcon
                      variant="default"
                      size="lg"
                      color="red"
                      aria-label={`Remove ${title}`}
                      disabled={draft.sections.length === 1}
                      onClick={() => change(removeSection(draft, section.id))}
                    >
                      <IconTrash aria-hidden size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={`Items of ${title}`}>
                  {section.items.map((item, itemIndex) => (
                    <TemplateItemEditor
                      key={item.id}
                      item={item}
                      position={`item ${itemIndex + 1} of ${section.items.length} in ${title}`}
                      errors={errors}
                      canMoveUp={sectionIndex > 0 || itemIndex > 0}
                      canMoveDown={sectionIndex < draft.sections.length - 1 || itemIndex < section.items.length - 1}
                      onChange={(patch) => change(updateItem(draft, section.id, item.id, patch))}
                      onMove={(delta) => moveItemBy(section.id, item.id, delta)}
                      onRemove={() => change(removeItem(draft, section.id, item.id))}
                      onDragStart={() => (dragging.current = { kind: 'item', sectionId: section.id, itemId: item.id })}
                      onDrop={() => dropOnItem(section.id, itemIndex)}
                    />
                  ))}
                </Stack>
                <Menu position="bottom-start">
                  <Menu.Target>
                    <Button variant="light" size="xs" leftSection={<IconPlus aria-hidden size={14} />} style={{ alignSelf: 'flex-start' }}>
                      Add an item to {title}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {ITEM_KINDS.map((kind: ItemKind) => (
                      <Menu.Item key={kind} onClick={() => change(addItem(draft, section.id, newItem(kind)))}>
                        {ITEM_KIND_LABELS[kind]}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              </Stack>
            </Card>
          );
        })}
      </Stack>
      <Button
        variant="default"
        leftSection={<IconPlus aria-hidden size={16} />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => change(addSection(draft))}
        disabled={draft.sections.length >= 30}
      >
        Add a section
      </Button>
      <FormErrorAlert message={formError}>
        {Object.keys(errors).length > 0 ? (
          <List fz="sm" size="sm">
            {[...new Set(Object.values(errors))].slice(0, 8).map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        ) : null}
      </FormErrorAlert>
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={saving}>
          {template ? 'Save as a new version' : 'Save template'}
        </Button>
      </Group>
    </Stack>
  );
}

/** /fleet/admin/squadchecks/configure/template/create and …/{template_id}: the template builder. */
export function TemplateBuilderScreen() {
  const { template_id: templateId } = useParams({ strict: false });
  const template = useTemplate(templateId ?? null);
  const title = templateId === undefined ? 'New template' : template.data ? template.data.name : 'Template';
  return (
    <FleetAdminPage
      title={title}
      description="Sections and items officers go through on a squad check. Saving makes a new version; past checks keep the version they were filled against."
      breadcrumbs={[
        { label: 'Fleet office', to: '/fleet/admin' },
        { label: 'Templates', to: '/fleet/admin/squadchecks/configure' },
      ]}
    >
      {templateId === undefined ? (
        <Builder template={null} onReload={async () => undefined} reloading={false} />
      ) : template.isPending ? (
        <LoadingState label="Loading the template…" />
      ) : template.isError ? (
        <ErrorState message={errorMessage(template.error)} onRetry={() => void template.refetch()} />
      ) : (
        <Builder key={template.data.id} template={template.data} onReload={() => template.refetch()} reloading={template.isFetching} />
      )}
    </FleetAdminPage>
  );
}
