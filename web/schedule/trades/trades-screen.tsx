import { Button, Modal, Pagination, Stack, Tabs, Text, Textarea, Title, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsExchange, IconCalendar, IconChecklist } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { Trade } from '../../../core/contracts/schedule-trades.ts';
import { hasPermission } from '../../../core/permissions.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { isStaleVersion } from '../../lib/api.ts';
import { useAuthState } from '../../lib/session/session.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { SchedulePage } from '../schedule-ui.tsx';
import { ProposeTradeForm } from './propose-trade-form.tsx';
import { TradeCard } from './trade-card.tsx';
import { useAnswerTrade, useCancelTrade, useDecideTrade, useTrades, useTradesLive } from './trades-calls.ts';
import type { TradesSearch } from './trades-search.ts';

/**
 * /schedule/trades: the trades waiting for my answer (accept in one click, or decline), a form to propose
 * a swap or a giveaway that says beforehand what would stop it, my trades with a way to cancel an open
 * one, and, for a supervisor (scheduling:modification.manage), the accepted trades to approve or deny.
 */
export function TradesScreen() {
  const search = useSearch({ from: '/_app/schedule/trades' });
  const navigate = useNavigate();
  const go = (next: TradesSearch) => void navigate({ to: '/schedule/trades', search: next });
  const { claims, session } = useAuthState();
  const supervisor = claims ? hasPermission(claims, 'scheduling:modification.manage') : false;
  const myId = session?.user.id ?? '';
  const box = supervisor ? search.box : 'mine';
  useTradesLive();

  return (
    <SchedulePage
      title="Trades"
      description="Swap a shift with a colleague or give one away. The colleague accepts, then a supervisor approves; the schedule changes then."
      breadcrumbs={[{ label: 'Schedule', to: '/schedule' }]}
      actions={
        <Button
          variant="default"
          leftSection={<IconCalendar size={16} aria-hidden />}
          renderRoot={(props) => <Link {...props} to="/schedule" />}
        >
          My schedule
        </Button>
      }
    >
      <WaitingForMe />
      <ProposeTradeForm supervisor={supervisor} myId={myId} outboxId={search.outbox} />
      {supervisor ? (
        <Tabs value={box} onChange={(tab) => go({ ...search, box: (tab ?? 'mine') as TradesSearch['box'], page: 1 })} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="mine" leftSection={<IconArrowsExchange size={16} aria-hidden />}>
              My trades
            </Tabs.Tab>
            <Tabs.Tab value="to_decide" leftSection={<IconChecklist size={16} aria-hidden />}>
              To decide
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="mine">
            <TradeList box="mine" page={search.page} onPage={(page) => go({ ...search, page })} />
          </Tabs.Panel>
          <Tabs.Panel value="to_decide">
            <TradeList box="to_decide" page={search.page} onPage={(page) => go({ ...search, page })} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Stack gap="sm" component="section" aria-labelledby="my-trades-heading">
          <Title order={2} fz="lg" id="my-trades-heading">
            My trades
          </Title>
          <TradeList box="mine" page={search.page} onPage={(page) => go({ ...search, page })} />
        </Stack>
      )}
    </SchedulePage>
  );
}

/** Trades colleagues proposed to me, not answered yet: accept in one click (through the outbox), or decline with a note. */
function WaitingForMe() {
  const waiting = useTrades({ box: 'mine', status: 'proposed' });
  const answer = useAnswerTrade();
  const [declining, setDeclining] = useState<Trade | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mine = (waiting.data?.items ?? []).filter((trade) => trade.can.answer);
  if (waiting.isPending) return <LoadingState label="Loading the trades waiting for you…" />;
  if (waiting.isError) return <ErrorState message={errorMessage(waiting.error)} onRetry={() => void waiting.refetch()} />;
  if (mine.length === 0) return null;

  const send = async (trade: Trade, reply: 'accept' | 'decline', text: string) => {
    setError(null);
    try {
      const outcome = await answer.mutateAsync({
        id: trade.id,
        answer: reply,
        note: text,
        key: crypto.randomUUID(),
        summary: `${reply === 'accept' ? 'Accept' : 'Decline'} the trade with ${trade.requester_name}`,
      });
      notifications.show({
        color: outcome.kind === 'sent' ? 'green' : 'yellow',
        title: outcome.kind === 'sent' ? (reply === 'accept' ? 'Trade accepted' : 'Trade declined') : 'Kept on this device',
        message:
          outcome.kind === 'sent'
            ? reply === 'accept'
              ? 'A supervisor decides now; you get a notification when they do.'
              : `${trade.requester_name} is told.`
            : 'Your answer is sent when the connection is back (see the outbox).',
      });
      setDeclining(null);
      setNote('');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="waiting-heading" data-testid="trades-waiting">
      <Title order={2} fz="lg" id="waiting-heading">
        Waiting for my answer
      </Title>
      {declining === null ? <FormErrorAlert message={error} /> : null}
      {mine.map((trade) => (
        <TradeCard
          key={trade.id}
          trade={trade}
          actions={
            <>
              <Button
                size="sm"
                onClick={() => void send(trade, 'accept', '')}
                loading={answer.isPending && answer.variables?.id === trade.id && answer.variables.answer === 'accept'}
                disabled={trade.reasons.some((reason) => reason.action === 'block')}
              >
                Accept
              </Button>
              <Button size="sm" variant="default" onClick={() => setDeclining(trade)}>
                Decline
              </Button>
            </>
          }
        />
      ))}
      <ConfirmDialog
        opened={declining !== null}
        title="Decline this trade?"
        confirmLabel="Decline the trade"
        color="red"
        busy={answer.isPending}
        error={error}
        onConfirm={() => declining && void send(declining, 'decline', note)}
        onClose={() => {
          setDeclining(null);
          setError(null);
        }}
      >
        <Stack gap="xs">
          <Text fz="sm">{declining ? `${declining.requester_name} is told you declined.` : ''}</Text>
          <Textarea label="Why (optional)" autosize minRows={2} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}

function TradeList({ box, page, onPage }: { box: 'mine' | 'to_decide'; page: number; onPage: (page: number) => void }) {
  const trades = useTrades({ box, page });
  const cancel = useCancelTrade();
  const [cancelling, setCancelling] = useState<Trade | null>(null);
  const [deciding, setDeciding] = useState<Trade | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (trades.isPending) return <LoadingState label="Loading trades…" />;
  if (trades.isError) return <ErrorState message={errorMessage(trades.error)} onRetry={() => void trades.refetch()} />;
  const { items, total, page_size: pageSize } = trades.data;
  if (items.length === 0)
    return box === 'mine' ? (
      <EmptyState title="No trade yet">
        Propose one above; it shows here with the colleague’s answer and the supervisor’s decision.
      </EmptyState>
    ) : (
      <EmptyState title="Nothing to decide">Trades show here once the colleague has accepted them.</EmptyState>
    );

  const confirmCancel = async () => {
    if (!cancelling) return;
    setError(null);
    try {
      await cancel.mutateAsync({ id: cancelling.id, version: cancelling.version });
      notifications.show({ color: 'green', title: 'Trade cancelled', message: `${cancelling.recipient_name} is told.` });
      setCancelling(null);
    } catch (failure) {
      setError(isStaleVersion(failure) ? 'It was answered or decided meanwhile: close this and look at it again.' : errorMessage(failure));
    }
  };

  return (
    <Stack gap="sm" data-testid={`trades-${box}`}>
      {items.map((trade) => (
        <TradeCard
          key={trade.id}
          trade={trade}
          actions={
            trade.can.decide || trade.can.cancel ? (
              <>
                {trade.can.decide ? (
                  <Button size="sm" onClick={() => setDeciding(trade)}>
                    Decide
                  </Button>
                ) : null}
                {trade.can.cancel && box === 'mine' ? (
                  <Button size="sm" variant="subtle" color="red" onClick={() => setCancelling(trade)}>
                    Cancel the trade
                  </Button>
                ) : null}
              </>
            ) : null
          }
        />
      ))}
      {total > pageSize ? (
        <Group justify="center">
          <Pagination total={Math.ceil(total / pageSize)} value={page} onChange={onPage} getControlProps={pageControlLabel} />
        </Group>
      ) : null}
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancel this trade?"
        confirmLabel="Cancel the trade"
        color="red"
        busy={cancel.isPending}
        error={error}
        onConfirm={() => void confirmCancel()}
        onClose={() => {
          setCancelling(null);
          setError(null);
        }}
      >
        {cancelling ? `${cancelling.recipient_name} is told it is off; nothing on the schedule changes.` : ''}
      </ConfirmDialog>
      <DecideDialog trade={deciding} onClose={() => setDeciding(null)} />
    </Stack>
  );
}

const pageControlLabel = (control: 'first' | 'previous' | 'last' | 'next') =>
  ({ 'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control] }) as const;

/** The supervisor's decision: approve (a rule that asks for a supervisor needs a reason) or deny (with why). */
function DecideDialog({ trade, onClose }: { trade: Trade | null; onClose: () => void }) {
  const decide = useDecideTrade();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const needsReason = trade?.reasons.some((reason) => reason.action === 'approve') ?? false;
  const blocked = trade?.reasons.some((reason) => reason.action === 'block') ?? false;
  const close = () => {
    setNote('');
    setNoteError(null);
    setError(null);
    onClose();
  };
  const send = async (decision: 'approve' | 'deny') => {
    if (!trade) return;
    setError(null);
    setNoteError(null);
    if (note.trim() === '' && (decision === 'deny' || needsReason)) {
      setNoteError(decision === 'deny' ? 'Say why it is denied' : 'Give a reason to approve it over the rules');
      return;
    }
    try {
      await decide.mutateAsync({ id: trade.id, input: { decision, note }, version: trade.version });
      notifications.show({
        color: 'green',
        title: decision === 'approve' ? 'Trade approved' : 'Trade denied',
        message: decision === 'approve' ? 'Both shifts changed hands; both officers are told.' : 'Both officers are told.',
      });
      close();
    } catch (failure) {
      const fields = (failure as { fields?: Record<string, string> }).fields;
      if (fields?.note) setNoteError(fields.note);
      else setError(isStaleVersion(failure) ? 'It changed meanwhile: close this and look at it again.' : errorMessage(failure));
    }
  };
  return (
    <Modal opened={trade !== null} onClose={close} title="Decide the trade" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {trade ? (
        <Stack gap="sm">
          <TradeCard trade={trade} />
          <Textarea
            label={needsReason ? 'Note (a reason is needed to approve it)' : 'Note for both officers'}
            autosize
            minRows={2}
            value={note}
            error={noteError}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <FormErrorAlert message={error} />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              color="red"
              onClick={() => void send('deny')}
              loading={decide.isPending && decide.variables?.input.decision === 'deny'}
            >
              Deny
            </Button>
            <Button
              onClick={() => void send('approve')}
              disabled={blocked}
              loading={decide.isPending && decide.variables?.input.decision === 'approve'}
            >
              Approve
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
