import { Alert, Button, Card, Group, List, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { BulkUpdateInput, Space, TaskSummary } from '../../core/contracts/productivity.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { useBulkUpdate } from './productivity-calls.ts';

const NOBODY = '(nobody)';

/**
 * A change for every selected task at once: a status, an assignee, a due date. The server changes
 * all or none; a refusal names each task it refused, shown here by title.
 */
export function BulkBar({ space, tasks, onDone }: { space: Space; tasks: TaskSummary[]; onDone: (message: string) => void }) {
  const bulk = useBulkUpdate();
  const [status, setStatus] = useState<string | null>(null);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [due, setDue] = useState('');
  const [refusals, setRefusals] = useState<string[]>([]);
  const changes: BulkUpdateInput['changes'] = {
    ...(status ? { status } : {}),
    ...(assignee ? { assignee_ids: assignee === NOBODY ? [] : [assignee] } : {}),
    ...(due ? { due_on: due } : {}),
  };
  const apply = () => {
    setRefusals([]);
    bulk.mutate(
      { tasks: tasks.map((task) => ({ id: task.id, version: task.version })), changes },
      {
        onSuccess: (result) => {
          onDone(`${result.tasks.length} ${result.tasks.length === 1 ? 'task was' : 'tasks were'} changed`);
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fields : {};
          const named = Object.entries(fields).map(([path, message]) => {
            const index = /^tasks\.(\d+)/.exec(path)?.[1];
            const task = index === undefined ? undefined : tasks[Number(index)];
            return task ? `${task.title}: ${message}` : message;
          });
          setRefusals(named.length > 0 ? named : [errorMessage(error)]);
        },
      },
    );
  };
  return (
    <Card withBorder padding="sm" component="section" aria-label="Change the selected tasks">
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="New status"
            placeholder="Keep"
            clearable
            data={space.statuses.map((s) => ({ value: s.key, label: s.label }))}
            value={status}
            onChange={setStatus}
            style={{ flex: '0 1 10rem' }}
          />
          <Select
            label="New assignee"
            placeholder="Keep"
            clearable
            searchable
            data={[{ value: NOBODY, label: 'Nobody' }, ...space.members.map((p) => ({ value: p.id, label: p.name }))]}
            value={assignee}
            onChange={setAssignee}
            style={{ flex: '0 1 12rem' }}
          />
          <TextInput
            type="date"
            label="New due date"
            value={due}
            onChange={(e) => setDue(e.currentTarget.value)}
            style={{ flex: '0 1 10rem' }}
          />
          <Button onClick={apply} disabled={Object.keys(changes).length === 0} loading={bulk.isPending}>
            Change {tasks.length} {tasks.length === 1 ? 'task' : 'tasks'}
          </Button>
        </Group>
        {refusals.length > 0 ? (
          <Alert color="red" variant="light" title="Nothing was changed" role="alert">
            <List size="sm">
              {refusals.map((refusal) => (
                <List.Item key={refusal}>{refusal}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
