import { Alert, Badge, Button, Group, List, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { BULK_USER_ACTIONS, type BulkUserAction, type BulkUsersResult } from '../../core/contracts/admin.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useRoles } from '../lib/roles.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { useBulkUsers } from './bulk-users.ts';

const ACTION_LABELS: Record<BulkUserAction, string> = {
  assign_role: 'Assign a role',
  disable: 'Disable accounts',
  resend_invitation: 'Resend invitations',
};

const OUTCOME: Record<BulkUsersResult['results'][number]['outcome'], { label: string; color: string }> = {
  done: { label: 'Done', color: 'green' },
  unchanged: { label: 'No change', color: 'gray' },
  refused: { label: 'Not done', color: 'red' },
};

/** The user list's bulk actions on the chosen rows, and what happened to each person. */
export function BulkUsersBar({ selected, names, onDone }: { selected: string[]; names: Map<string, string>; onDone: () => void }) {
  const bulk = useBulkUsers();
  const roles = useRoles();
  const [action, setAction] = useState<BulkUserAction | null>(null);
  const [roleId, setRoleId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<BulkUsersResult['results'] | null>(null);

  const run = async () => {
    if (!action) return;
    setError(null);
    try {
      const answer = await bulk.mutateAsync({
        action,
        user_ids: selected,
        ...(action === 'assign_role' && roleId ? { role_id: roleId } : {}),
      });
      setResults(answer.results);
      setConfirming(false);
      onDone();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const ready = action !== null && (action !== 'assign_role' || roleId !== null);
  const count = `${selected.length} ${selected.length === 1 ? 'person' : 'people'}`;
  const done = results?.filter((r) => r.outcome === 'done').length ?? 0;

  return (
    <Stack gap="xs">
      {selected.length > 0 ? (
        <Paper withBorder p="sm" component="section" aria-label="Bulk actions">
          <Group gap="sm" align="flex-end">
            <Text fz="sm" fw={600} style={{ alignSelf: 'center' }}>
              {count} selected
            </Text>
            <Select
              label="Action"
              placeholder="Choose an action"
              data={BULK_USER_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] }))}
              value={action}
              onChange={(value) => setAction(value as BulkUserAction | null)}
              w={200}
            />
            {action === 'assign_role' ? (
              <Select
                label="Role"
                placeholder={roles.isPending ? 'Loading roles…' : 'Choose a role'}
                data={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
                value={roleId}
                onChange={setRoleId}
                searchable
                w={220}
              />
            ) : null}
            <Button disabled={!ready} loading={bulk.isPending} onClick={() => (action === 'disable' ? setConfirming(true) : void run())}>
              Apply to {count}
            </Button>
          </Group>
          {error && !confirming ? (
            <Alert color="red" variant="light" role="alert" title="That did not work" mt="sm">
              {error}
            </Alert>
          ) : null}
        </Paper>
      ) : null}
      {results ? (
        <Alert
          color={done === results.length ? 'green' : 'yellow'}
          variant="light"
          role="status"
          title={`Done for ${done} of ${results.length}`}
          withCloseButton
          closeButtonLabel="Dismiss the results"
          onClose={() => setResults(null)}
          data-testid="bulk-results"
        >
          <List spacing={2} listStyleType="none" p={0}>
            {results.map((result) => (
              <List.Item key={result.user_id}>
                <Text fz="sm" component="span">
                  <Badge size="sm" variant="light" color={OUTCOME[result.outcome].color} mr={6}>
                    {OUTCOME[result.outcome].label}
                  </Badge>
                  <b>{result.name ?? names.get(result.user_id) ?? 'Someone not in this agency'}</b>: {result.message}
                </Text>
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={`Disable ${count}?`}
        confirmLabel="Disable accounts"
        color="red"
        busy={bulk.isPending}
        error={error}
        onConfirm={() => void run()}
        onClose={() => {
          setConfirming(false);
          setError(null);
        }}
      >
        {`Each of them is signed out everywhere at once and cannot sign in until the account is enabled again. Nothing they recorded is deleted.`}
      </ConfirmDialog>
    </Stack>
  );
}
