import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { ITEM_KINDS } from '../../../core/contracts/fleet.ts';
import { ITEM_KIND_LABELS, kindCanFail, type DraftItem } from './template-editing.ts';

export type ItemEditorProps = {
  item: DraftItem;
  position: string;
  errors: Record<string, string>;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onChange: (patch: Partial<Omit<DraftItem, 'id'>>) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  onDragStart: () => void;
  onDrop: () => void;
};

/** One item of a template: its label and kind, the rules it carries, and what its kind needs (range, options). */
export function TemplateItemEditor(props: ItemEditorProps) {
  const { item } = props;
  const name = item.label.trim() || 'Untitled item';
  const error = (field: string) => props.errors[`item:${item.id}:${field}`];
  const canFail = kindCanFail(item.kind);
  return (
    <Card
      withBorder
      radius="sm"
      padding="sm"
      data-testid="template-item"
      draggable
      onDragStart={(event) => {
        event.stopPropagation();
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', item.id);
        props.onDragStart();
      }}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        event.stopPropagation();
        props.onDrop();
      }}
      component="li"
      aria-label={`${name}, ${props.position}`}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconGripVertical aria-hidden size={18} style={{ cursor: 'grab', flex: 'none', marginTop: 30 }} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" style={{ flex: 1, minWidth: 0 }}>
            <TextInput
              label="Item"
              placeholder="e.g. Light bar and siren work"
              value={item.label}
              onChange={(event) => props.onChange({ label: event.currentTarget.value })}
              error={error('label')}
              required
            />
            <Select
              label="Kind"
              data={ITEM_KINDS.map((kind) => ({ value: kind, label: ITEM_KIND_LABELS[kind] }))}
              value={item.kind}
              onChange={(value) => value && props.onChange({ kind: value as DraftItem['kind'] })}
              allowDeselect={false}
            />
          </SimpleGrid>
        </Group>
        <TextInput
          label="Help for the officer"
          size="xs"
          value={item.help}
          onChange={(event) => props.onChange({ help: event.currentTarget.value })}
        />
        {item.kind === 'number' ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            <NumberInput
              label="Minimum"
              size="xs"
              value={item.min ?? ''}
              onChange={(value) => props.onChange({ min: typeof value === 'number' ? value : null })}
              error={error('min')}
            />
            <NumberInput
              label="Maximum"
              size="xs"
              value={item.max ?? ''}
              onChange={(value) => props.onChange({ max: typeof value === 'number' ? value : null })}
              error={error('max')}
            />
            <TextInput
              label="Unit"
              size="xs"
              placeholder="mi, %, psi"
              value={item.unit}
              onChange={(event) => props.onChange({ unit: event.currentTarget.value })}
            />
            <Switch
              label="Is the odometer"
              size="sm"
              mt={24}
              checked={item.is_odometer}
              onChange={(event) => props.onChange({ is_odometer: event.currentTarget.checked })}
            />
          </SimpleGrid>
        ) : null}
        {item.kind === 'choice' ? (
          <Stack gap={4} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fz="sm" fw={500}>
              Options (tick the ones that count as a failure)
            </Text>
            {error('options') ? (
              <Text fz="xs" c="var(--mantine-color-error)" role="alert">
                {error('options')}
              </Text>
            ) : null}
            {item.options.map((option, index) => (
              <Group key={index} gap="xs" wrap="nowrap">
                <TextInput
                  aria-label={`Option ${index + 1}`}
                  size="xs"
                  value={option}
                  style={{ flex: 1, minWidth: 0 }}
                  onChange={(event) => {
                    const next = [...item.options];
                    const before = next[index];
                    next[index] = event.currentTarget.value;
                    props.onChange({
                      options: next,
                      failing_options: item.failing_options.map((failing) => (failing === before ? event.currentTarget.value : failing)),
                    });
                  }}
                />
                <Checkbox
                  label="Fails"
                  size="xs"
                  checked={option !== '' && item.failing_options.includes(option)}
                  onChange={(event) =>
                    props.onChange({
                      failing_options: event.currentTarget.checked
                        ? [...item.failing_options, option]
                        : item.failing_options.filter((failing) => failing !== option),
                    })
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove option ${index + 1}`}
                  onClick={() =>
                    props.onChange({
                      options: item.options.filter((_, i) => i !== index),
                      failing_options: item.failing_options.filter((failing) => failing !== option),
                    })
                  }
                >
                  <IconTrash aria-hidden size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus aria-hidden size={14} />}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => props.onChange({ options: [...item.options, ''] })}
              disabled={item.options.length >= 20}
            >
              Add option
            </Button>
          </Stack>
        ) : null}
        <Group gap="md" wrap="wrap">
          <Checkbox
            size="xs"
            label="Required"
            checked={item.required}
            onChange={(event) => props.onChange({ required: event.currentTarget.checked })}
          />
          <Checkbox
            size="xs"
            label="Critical"
            disabled={!canFail}
            checked={item.critical}
            onChange={(event) => props.onChange({ critical: event.currentTarget.checked })}
          />
          <Checkbox
            size="xs"
            label="Note on fail"
            disabled={!canFail}
            checked={item.note_required_on_fail}
            onChange={(event) => props.onChange({ note_required_on_fail: event.currentTarget.checked })}
          />
          <Checkbox
            size="xs"
            label="Photo on fail"
            disabled={!canFail}
            checked={item.photo_required_on_fail}
            onChange={(event) => props.onChange({ photo_required_on_fail: event.currentTarget.checked })}
          />
          <Checkbox
            size="xs"
            label="N/A allowed"
            checked={item.allow_na}
            onChange={(event) => props.onChange({ allow_na: event.currentTarget.checked })}
          />
        </Group>
        <Group gap={4} justify="flex-end">
          <Tooltip label="Move up">
            <ActionIcon
              id={`move-up-${item.id}`}
              variant="default"
              aria-label={`Move ${name} up`}
              disabled={!props.canMoveUp}
              onClick={() => props.onMove(-1)}
            >
              <IconArrowUp aria-hidden size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon
              id={`move-down-${item.id}`}
              variant="default"
              aria-label={`Move ${name} down`}
              disabled={!props.canMoveDown}
              onClick={() => props.onMove(1)}
            >
              <IconArrowDown aria-hidden size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove item">
            <ActionIcon variant="default" color="red" aria-label={`Remove ${name}`} onClick={props.onRemove}>
              <IconTrash aria-hidden size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Card>
  );
}
