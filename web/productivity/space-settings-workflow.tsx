import { ActionIcon, Button, Checkbox, ColorInput, Fieldset, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Space, SpaceStatus } from '../../core/contracts/productivity.ts';
import { FormErrorAlert } from '../ui/states.tsx';
import { useSpaceSave, type TabProps } from './space-settings-save.tsx';
import { PlainForm, SaveButton } from './productivity-ui.tsx';

/**
 * A space's status workflow: add, rename, recolour, reorder, mark closed, remove. A task keeps its
 * status by key, so a status keeps its key when renamed and a new one gets a key made from its name.
 * The server refuses dropping a status that holds tasks, or turning it between open and closed; its
 * message shows on that status's "closed" box, or over the list.
 */

const SWATCHES = ['#868e96', '#1c7ed6', '#2f9e44', '#f08c00', '#e03131', '#7048e8', '#0c8599', '#c2255c'];

/** A status as the form holds it: `uid` keeps its inputs in place while it moves (a new one has no key yet). */
type Row = SpaceStatus & { fresh: boolean; uid: string };

const rowsOf = (space: Space): Row[] => space.statuses.map((status) => ({ ...status, fresh: false, uid: status.key }));

/** A key for a new status, from its name, not already used: "On hold" → on_hold (on_hold_2 when taken). */
export function keyFor(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 34) || 'status';
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  return key;
}

export function WorkflowTab(props: TabProps) {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(props.space));
  const saving = useSpaceSave(props);
  const set = (index: number, change: Partial<Row>) => {
    saving.touched();
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  };
  const move = (index: number, by: -1 | 1) => {
    saving.touched();
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });
  };
  const remove = (index: number) => {
    saving.touched();
    setRows((current) => current.filter((_, i) => i !== index));
  };
  const add = () => {
    saving.touched();
    setRows((current) => [
      ...current,
      { key: '', label: '', color: SWATCHES[current.length % SWATCHES.length]!, closed: false, fresh: true, uid: crypto.randomUUID() },
    ]);
  };

  const statuses = (): SpaceStatus[] => {
    const taken = new Set(rows.filter((row) => !row.fresh).map((row) => row.key));
    return rows.map(({ fresh, uid: _uid, ...status }) => {
      const label = status.label.trim();
      if (!fresh) return { ...status, label };
      const key = keyFor(label, taken);
      taken.add(key);
      return { ...status, key, label };
    });
  };

  // The server's refusal of a status turned between open and closed names the status: it goes on its box.
  const before = new Map(props.space.statuses.map((status) => [status.key, status]));
  const whole = saving.errors.statuses;
  const flippedIndex = whole
    ? rows.findIndex((row) => {
        const old = before.get(row.key);
        return !row.fresh && old !== undefined && old.closed !== row.closed && whole.includes(old.label);
      })
    : -1;

  return (
    <PlainForm onSubmit={() => saving.save({ statuses: statuses() }, (space) => setRows(rowsOf(space)))}>
      <Stack gap="sm">
        {saving.staleAlert}
        <FormErrorAlert message={saving.formError} />
        <Text fz="sm" c="dimmed">
          The order here is the order of the board’s columns. A task in a closed status is done. Keep at least one open and one closed
          status.
        </Text>
        {rows.map((row, index) => {
          const name = row.label.trim() || `Status ${index + 1}`;
          return (
            <Fieldset key={row.uid} legend={name} variant="filled" p="sm">
              <Stack gap="xs">
                <Group gap="xs" align="flex-start" wrap="wrap">
                  <TextInput
                    label="Name"
                    required
                    value={row.label}
                    error={saving.errors[`statuses.${index}.label`] ?? saving.errors[`statuses.${index}.key`]}
                    onChange={(e) => set(index, { label: e.currentTarget.value })}
                    style={{ flex: '1 1 10rem' }}
                  />
                  <ColorInput
                    label="Colour"
                    value={row.color}
                    swatches={SWATCHES}
                    withEyeDropper={false}
                    format="hex"
                    error={saving.errors[`statuses.${index}.color`]}
                    onChange={(color) => set(index, { color })}
                    style={{ flex: '1 1 8rem' }}
                  />
                </Group>
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Checkbox
                    label="Closed (done)"
                    checked={row.closed}
                    error={index === flippedIndex ? whole : undefined}
                    onChange={(e) => set(index, { closed: e.currentTarget.checked })}
                  />
                  <Group gap={4}>
                    <ActionIcon variant="default" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                      <IconArrowUp aria-hidden size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={`Move ${name} down`}
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <IconArrowDown aria-hidden size={16} />
                    </ActionIcon>
                    <ActionIcon variant="default" aria-label={`Remove ${name}`} disabled={rows.length <= 2} onClick={() => remove(index)}>
                      <IconTrash aria-hidden size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        {whole && flippedIndex === -1 ? <Input.Error role="alert">{whole}</Input.Error> : null}
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Button variant="default" onClick={add} disabled={rows.length >= 20}>
            Add a status
          </Button>
          <SaveButton label="Save the workflow" saving={saving.saving} saved={saving.saved} />
        </Group>
      </Stack>
    </PlainForm>
  );
}
