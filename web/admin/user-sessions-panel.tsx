import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceDesktop, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import type { AdminUser } from '../../core/contracts/admin.ts';
import { errorMessage } from '../lib/api-error.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { deviceName } from './device-name.ts';
import { useEndSessions, useUserSessions } from './user-sessions.ts';

/**
 * The user drawer's "Signed-in sessions": each browser or device the person is signed in on, and
 * ending one or all of them (the browser is signed out at its next request and cannot refresh).
 */
export function UserSessionsPanel({ user }: { user: AdminUser }) {
  const sessions = useUserSessions(user.id);
  const end = useEndSessions(user.id);
  const dates = useAgencyDates();
  const [confirmingAll, setConfirmingAll] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const endSessions = async (sessionId: string | null) => {
    setError(null);
    try {
      await end.mutateAsync(sessionId);
      setConfirmingAll(false);
      notifications.show({
        color: 'green',
        title: 'Signed out',
        message: sessionId ? `That session of ${user.name} has ended.` : `Every session of ${user.name} has ended.`,
      });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const others = (sessions.data ?? []).filter((s) => !s.current);
  return (
    <Stack gap="xs" component="section" aria-labelledby="user-sessions">
      <Group justify="space-between" align="center">
        <Title order={3} fz="md" id="user-sessions">
          Signed-in sessions
        </Title>
        {others.length > 1 ? (
          <Button
            variant="default"
            color="red"
            size="xs"
            leftSection={<IconLogout aria-hidden size={14} />}
            onClick={() => setConfirmingAll(true)}
          >
            End all sessions
          </Button>
        ) : null}
      </Group>
      {error && !confirmingAll ? (
        <Alert color="red" variant="light" role="alert" title="That did not work">
          {error}
        </Alert>
      ) : null}
      {sessions.isPending ? (
        <LoadingState label="Loading sessions…" />
      ) : sessions.isError ? (
        <ErrorState message={errorMessage(sessions.error)} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {user.name} is not signed in anywhere.
        </Text>
      ) : (
        <Stack gap={6} component="ul" aria-label={`Sessions of ${user.name}`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {sessions.data.map((session) => (
            <Group
              key={session.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              data-testid="user-session"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)', paddingBottom: 6 }}
            >
              <Group gap="sm" wrap="nowrap" miw={0}>
                <IconDeviceDesktop aria-hidden size={20} style={{ flex: 'none' }} />
                <Stack gap={0} miw={0}>
                  <Text fz="sm" fw={600} title={session.user_agent ?? undefined}>
                    {deviceName(session.user_agent)}
                    {session.current ? ' (this session)' : ''}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    Signed in {dates.dateTime(session.signed_in_at)} · last used {dates.dateTime(session.last_used_at)}
                    {session.ip ? ` · ${session.ip}` : ''}
                  </Text>
                </Stack>
              </Group>
              {session.current ? null : (
                <Button
                  variant="default"
                  size="xs"
                  style={{ flex: 'none' }}
                  loading={end.isPending && end.variables === session.id}
                  onClick={() => void endSessions(session.id)}
                  aria-label={`End this session: ${deviceName(session.user_agent)}, signed in ${dates.dateTime(session.signed_in_at)}`}
                >
                  End this session
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirmingAll}
        title="End all sessions?"
        confirmLabel="End all sessions"
        color="red"
        busy={end.isPending}
        error={error}
        onConfirm={() => void endSessions(null)}
        onClose={() => {
          setConfirmingAll(false);
          setError(null);
        }}
      >
        {`${user.name} is signed out on every browser and device at once; they can sign in again.`}
      </ConfirmDialog>
    </Stack>
  );
}
