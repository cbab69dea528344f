import { Button, Card, CopyButton, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { useCalendarFeed, useMakeFeed, useRevokeFeed } from './schedule-calls.ts';

/** The address as the browser reaches it: the server answers with a path or a full URL. */
function absolute(url: string): string {
  return new URL(url, window.location.origin).toString();
}

/**
 * My calendar feed: a private address of my shifts that Google, Apple or Outlook calendars subscribe
 * to (a secret in the address, so it works without signing in: anyone with it sees my shifts). Made
 * on request and shown with a copy button and how to subscribe. The server keeps only the secret's
 * hash, so the address shows only right after it is made; later the screen says a feed exists and
 * offers a new address (the old one stops) or to revoke it.
 */
export function FeedPanel() {
  const feed = useCalendarFeed();
  const make = useMakeFeed();
  const revoke = useRevokeFeed();
  const dates = useAgencyDates();
  const [confirming, setConfirming] = useState<'revoke' | 'replace' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: 'make' | 'revoke' | 'replace') => {
    setError(null);
    try {
      // A new address replaces the old one on the server: no revoke first.
      if (action === 'revoke') await revoke.mutateAsync();
      else await make.mutateAsync();
      setConfirming(null);
      notifications.show({
        color: 'green',
        title: action === 'revoke' ? 'Feed address revoked' : 'Feed address ready',
        message: action === 'revoke' ? 'Calendars subscribed to it get nothing more.' : 'Copy it into your calendar app.',
      });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="feed-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="feed-heading">
          My calendar feed
        </Title>
        <Text fz="sm">
          Your shifts in your phone’s calendar: subscribe to your private address and the calendar app keeps them up to date by itself
          (Google checks every few hours, Apple about every hour).
        </Text>
        {feed.isPending ? (
          <LoadingState label="Loading your feed…" />
        ) : feed.isError ? (
          <ErrorState message={errorMessage(feed.error)} onRetry={() => void feed.refetch()} />
        ) : feed.data.url === null && feed.data.created_at === null ? (
          <Group>
            <Button leftSection={<IconCalendarPlus size={16} aria-hidden />} loading={make.isPending} onClick={() => void run('make')}>
              Make my feed address
            </Button>
          </Group>
        ) : feed.data.url === null ? (
          <Stack gap="sm">
            <Text fz="sm" data-testid="feed-exists">
              You have a feed address, made {dates.dateTime(feed.data.created_at)}. For your privacy it was shown only when it was made. If
              you no longer have it, make a new one: the old address stops working.
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={() => setConfirming('replace')}>
                Make a new address
              </Button>
              <Button variant="default" color="red" onClick={() => setConfirming('revoke')}>
                Revoke the address
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="Your private feed address"
                description="Copy it now: it is shown only this once. Anyone with it can see your shifts."
                value={absolute(feed.data.url)}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1 }}
                data-testid="feed-url"
              />
              <CopyButton value={absolute(feed.data.url)}>
                {({ copied, copy }) => (
                  <Button
                    variant={copied ? 'light' : 'default'}
                    color={copied ? 'green' : undefined}
                    leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    onClick={copy}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text fw={600} fz="sm">
              How to subscribe
            </Text>
            <List fz="sm" spacing={4} type="ordered">
              <List.Item>
                <b>Google Calendar</b> (on a computer): Other calendars, <i>+</i>, From URL; paste the address and choose Add calendar. It
                then shows on your phone too.
              </List.Item>
              <List.Item>
                <b>Apple Calendar</b>: on an iPhone, Settings, Calendar, Accounts, Add Account, Other, Add Subscribed Calendar; on a Mac,
                File, New Calendar Subscription. Paste the address.
              </List.Item>
              <List.Item>
                <b>Outlook</b>: Add calendar, Subscribe from web; paste the address.
              </List.Item>
            </List>
            <Group gap="sm">
              <Button variant="default" onClick={() => setConfirming('replace')}>
                Make a new address
              </Button>
              <Button variant="default" color="red" onClick={() => setConfirming('revoke')}>
                Revoke the address
              </Button>
            </Group>
          </Stack>
        )}
        {confirming === null ? <FormErrorAlert message={error} /> : null}
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming === 'revoke' ? 'Revoke your feed address?' : 'Make a new feed address?'}
        confirmLabel={confirming === 'revoke' ? 'Revoke it' : 'Make a new one'}
        color={confirming === 'revoke' ? 'red' : 'blue'}
        busy={make.isPending || revoke.isPending}
        error={error}
        onConfirm={() => void run(confirming ?? 'revoke')}
        onClose={() => {
          setConfirming(null);
          setError(null);
        }}
      >
        {confirming === 'revoke'
          ? 'Calendars subscribed to the address stop getting your shifts. You can make a new address later.'
          : 'The current address stops working at once: calendars subscribed to it need the new one.'}
      </ConfirmDialog>
    </Card>
  );
}
