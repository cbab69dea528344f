import { Button, Group, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { OVERTIME_RULE_LABELS, type OvertimeShift, type StaffingGap } from '../../../core/contracts/schedule-overtime.ts';
import { hasPermission } from '../../../core/permissions.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { isStaleVersion } from '../../lib/api.ts';
import { useAuthState } from '../../lib/session/session.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { SchedulePage } from '../schedule-ui.tsx';
import { longDate } from '../schedule-times.ts';
import { OvertimeCard, OvertimeOrder, ShowOrderButton, shiftTitle } from './overtime-card.tsx';
import {
  useAnswerOffer,
  useManageOvertime,
  useOvertimeList,
  useOvertimeLive,
  useSignUp,
  useStaffingGaps,
  useWithdraw,
} from './overtime-calls.ts';
import type { OvertimeSearch } from './overtime-search.ts';
import { OvertimePeople, OvertimeTotalsPanel } from './overtime-totals.tsx';
import { PostOvertimeDialog, type OvertimeDraft } from './post-overtime-form.tsx';

/**
 * /schedule/overtime: offers waiting for my answer; the open shifts I may sign up for (or withdraw from
 * before the deadline); mine and the closed ones, each with the order everyone sees and why anyone was
 * passed over; the totals and the equalisation report. Whoever posts (scheduling:ot.create) sees the
 * staffing gaps ahead and posts one in a click; whoever awards (scheduling:ot.manage) awards by the rule
 * or starts a one-at-a-time offer, and keeps the seniority dates the rule reads.
 */
export function OvertimeScreen() {
  const search = useSearch({ from: '/_app/schedule/overtime' });
  const navigate = useNavigate();
  const go = (next: Partial<OvertimeSearch>) => void navigate({ to: '/schedule/overtime', search: { ...search, ...next } });
  const { claims } = useAuthState();
  const poster = claims ? hasPermission(claims, 'scheduling:ot.create') : false;
  const manager = claims ? hasPermission(claims, 'scheduling:ot.manage') : false;
  const [draft, setDraft] = useState<OvertimeDraft | null>(null);
  useOvertimeLive();
  const tab = search.tab === 'people' && !manager ? 'open' : search.tab;

  return (
    <SchedulePage
      title="Overtime"
      description="Open shifts to sign up for before their deadline, or offered to one officer at a time. Everyone sees the order and why anyone was passed over."
      breadcrumbs={[{ label: 'Schedule', to: '/schedule' }]}
      actions={
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconCalendar size={16} aria-hidden />}
            renderRoot={(props) => <Link {...props} to="/schedule" />}
          >
            My schedule
          </Button>
          {poster ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setDraft({ date: '', shift_type_id: '', group_id: null, position: null })}
            >
              Post an open shift
            </Button>
          ) : null}
        </Group>
      }
    >
      <OffersForMe />
      {poster ? <GapsPanel onPost={setDraft} /> : null}
      <Tabs value={tab} onChange={(value) => go({ tab: (value ?? 'open') as OvertimeSearch['tab'], shift: null })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="open">Open</Tabs.Tab>
          <Tabs.Tab value="mine">Mine</Tabs.Tab>
          <Tabs.Tab value="closed">Closed</Tabs.Tab>
          <Tabs.Tab value="totals">Totals</Tabs.Tab>
          {manager ? <Tabs.Tab value="people">Seniority</Tabs.Tab> : null}
        </Tabs.List>
        {(['open', 'mine', 'closed'] as const).map((view) => (
          <Tabs.Panel key={view} value={view}>
            <ShiftList view={view} opened={search.shift} onOpen={(shift) => go({ shift })} manager={manager} poster={poster} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="totals">
          <OvertimeTotalsPanel manager={manager} />
        </Tabs.Panel>
        {manager ? (
          <Tabs.Panel value="people">
            <OvertimePeople />
          </Tabs.Panel>
        ) : null}
      </Tabs>
      <PostOvertimeDialog draft={draft} onClose={() => setDraft(null)} />
    </SchedulePage>
  );
}

/** Offers waiting for my answer, first: each waits only so long before it goes to the next officer. */
function OffersForMe() {
  const mine = useOvertimeList({ view: 'mine' });
  const answer = useAnswerOffer();
  const [error, setError] = useState<string | null>(null);
  const offers = (mine.data ?? []).filter((shift) => shift.mine?.status === 'offered' && shift.status === 'offering');
  if (offers.length === 0) return null;
  const reply = async (shift: OvertimeShift, what: 'accept' | 'decline') => {
    setError(null);
    try {
      await answer.mutateAsync({ id: shift.id, answer: what });
      notifications.show({
        color: 'green',
        title: what === 'accept' ? 'The shift is yours' : 'Declined',
        message: what === 'accept' ? `${shiftTitle(shift)} is on your schedule as overtime.` : 'It goes to the next officer in the order.',
      });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="offers-heading" data-testid="overtime-offers">
      <Title order={2} fz="lg" id="offers-heading">
        Offered to me
      </Title>
      <Text fz="sm" c="dimmed">
        Answer while you are online: an offer waits only its time, then goes to the next officer.
      </Text>
      <FormErrorAlert message={error} />
      {offers.map((shift) => (
        <OvertimeCard
          key={shift.id}
          shift={shift}
          actions={
            <>
              <Button
                size="sm"
                onClick={() => void reply(shift, 'accept')}
                loading={answer.isPending && answer.variables?.answer === 'accept'}
              >
                Accept
              </Button>
              <Button
                size="sm"
                variant="default"
                onClick={() => void reply(shift, 'decline')}
                loading={answer.isPending && answer.variables?.answer === 'decline'}
              >
                Decline
              </Button>
            </>
          }
        />
      ))}
    </Stack>
  );
}

/** The staffing gaps of the next four weeks, each posted as an open shift in one click (the form opens filled in). */
function GapsPanel({ onPost }: { onPost: (draft: OvertimeDraft) => void }) {
  const gaps = useStaffingGaps(true);
  const [all, setAll] = useState(false);
  if (gaps.isPending) return <LoadingState label="Loading the staffing gaps…" />;
  if (gaps.isError) return <ErrorState message={errorMessage(gaps.error)} onRetry={() => void gaps.refetch()} />;
  const unposted = gaps.data.filter((gap) => gap.posted === 0);
  const shown = all ? unposted : unposted.slice(0, 5);
  return (
    <Stack gap="xs" component="section" aria-labelledby="gaps-heading" data-testid="overtime-gaps">
      <Title order={2} fz="lg" id="gaps-heading">
        Staffing gaps ahead
      </Title>
      {unposted.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No shift falls below its minimum in the next four weeks, or every gap has an open shift posted.
        </Text>
      ) : (
        shown.map((gap) => <GapLine key={`${gap.date}-${gap.shift_type_id}-${gap.group_id}-${gap.position}`} gap={gap} onPost={onPost} />)
      )}
      {unposted.length > 5 ? (
        <Button variant="subtle" size="xs" onClick={() => setAll(!all)} style={{ alignSelf: 'flex-start' }}>
          {all ? 'Show fewer' : `Show all ${unposted.length} gaps`}
        </Button>
      ) : null}
    </Stack>
  );
}

function GapLine({ gap, onPost }: { gap: StaffingGap; onPost: (draft: OvertimeDraft) => void }) {
  const label = `${longDate(gap.date)} · ${gap.code} ${gap.shift_name}${gap.group_name ? ` · ${gap.group_name}` : ''}${gap.position ? ` · ${gap.position}` : ''}`;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="overtime-gap">
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {label}: {gap.scheduled} of {gap.minimum}
      </Text>
      <Button
        size="xs"
        variant="light"
        aria-label={`Post as overtime: ${label}`}
        onClick={() => onPost({ date: gap.date, shift_type_id: gap.shift_type_id, group_id: gap.group_id, position: gap.position })}
      >
        Post as overtime
      </Button>
    </Group>
  );
}

function ShiftList(props: {
  view: 'open' | 'mine' | 'closed';
  opened: string | null;
  onOpen: (id: string | null) => void;
  manager: boolean;
  poster: boolean;
}) {
  const list = useOvertimeList({ view: props.view });
  if (list.isPending) return <LoadingState label="Loading open shifts…" />;
  if (list.isError) return <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0)
    return props.view === 'open' ? (
      <EmptyState title="No open shift">Open shifts show here when a supervisor posts one; you get a notification for an offer.</EmptyState>
    ) : props.view === 'mine' ? (
      <EmptyState title="Nothing yet">The open shifts you sign up for, and the offers made to you, show here.</EmptyState>
    ) : (
      <EmptyState title="Nothing closed in the last 60 days">Awarded, unfilled and cancelled open shifts show here.</EmptyState>
    );
  return (
    <Stack gap="sm" data-testid={`overtime-${props.view}`}>
      {list.data.map((shift) => (
        <ShiftCard
          key={shift.id}
          shift={shift}
          open={props.opened === shift.id}
          onToggle={() => props.onOpen(props.opened === shift.id ? null : shift.id)}
          manager={props.manager}
          poster={props.poster}
        />
      ))}
    </Stack>
  );
}

function ShiftCard({
  shift,
  open,
  onToggle,
  manager,
  poster,
}: {
  shift: OvertimeShift;
  open: boolean;
  onToggle: () => void;
  manager: boolean;
  poster: boolean;
}) {
  const signUp = useSignUp();
  const withdraw = useWithdraw();
  const manage = useManageOvertime();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'award' | 'offers' | 'cancel' | null>(null);
  const [note, setNote] = useState('');

  const act = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await work();
      notifications.show({ color: 'green', title: 'Done', message: done });
      setConfirming(null);
    } catch (failure) {
      setError(
        isStaleVersion(failure) ? 'It changed meanwhile (someone signed up or it was awarded): look at it again.' : errorMessage(failure),
      );
    }
  };
  const join = () =>
    act(
      async () => {
        const outcome = await signUp.mutateAsync({
          id: shift.id,
          key: crypto.randomUUID(),
          summary: `Sign up for overtime ${shiftTitle(shift)}`,
        });
        if (outcome.kind === 'queued')
          notifications.show({
            color: 'yellow',
            title: 'Kept on this device',
            message: 'Your sign-up is sent when the connection is back (see the outbox).',
          });
      },
      `You are signed up for ${shiftTitle(shift)}.`,
    );

  const canWithdraw = shift.status === 'open' && shift.mine?.status === 'signed_up';
  const confirmText = {
    award: {
      title: 'Award this shift now?',
      body: `It goes to the first ${shift.slots === 1 ? 'officer' : `${shift.slots} officers`} in the order by ${OVERTIME_RULE_LABELS[shift.rule].toLowerCase()} who can take it; the others are told why they were passed over.`,
      label: 'Award by the rule',
    },
    offers: {
      title: 'Offer it one officer at a time?',
      body: `Every officer holding the ${shift.position} position is asked in turn (those who signed up first), each with ${shift.offer_wait_minutes} minutes to answer.`,
      label: 'Start the offers',
    },
    cancel: { title: 'Cancel this open shift?', body: 'Everyone signed up or offered it is told.', label: 'Cancel the open shift' },
  } as const;

  return (
    <OvertimeCard
      shift={shift}
      actions={
        <>
          {shift.can_sign_up ? (
            <Button size="sm" onClick={() => void join()} loading={signUp.isPending}>
              Sign up
            </Button>
          ) : null}
          {canWithdraw ? (
            <Button
              size="sm"
              variant="default"
              onClick={() => void act(() => withdraw.mutateAsync(shift.id), 'You withdrew your sign-up.')}
              loading={withdraw.isPending}
            >
              Withdraw
            </Button>
          ) : null}
          {manager && shift.status === 'open' && shift.mode === 'signup' && shift.signups > 0 ? (
            <Button size="sm" variant="light" onClick={() => setConfirming('award')}>
              Award by the rule
            </Button>
          ) : null}
          {manager && shift.status === 'open' ? (
            <Button size="sm" variant="light" onClick={() => setConfirming('offers')}>
              Offer one at a time
            </Button>
          ) : null}
          {poster && (shift.status === 'open' || shift.status === 'offering') ? (
            <Button size="sm" variant="subtle" color="red" onClick={() => setConfirming('cancel')}>
              Cancel
            </Button>
          ) : null}
          <ShowOrderButton open={open} onToggle={onToggle} id={shift.id} />
        </>
      }
    >
      {confirming === null ? <FormErrorAlert message={error} /> : null}
      {open ? (
        <div id={`order-${shift.id}`}>
          <OvertimeOrder id={shift.id} />
        </div>
      ) : null}
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? confirmText[confirming].title : ''}
        confirmLabel={confirming ? confirmText[confirming].label : ''}
        color={confirming === 'cancel' ? 'red' : 'blue'}
        busy={manage.isPending}
        error={error}
        onConfirm={() =>
          confirming &&
          void act(
            () => manage.mutateAsync({ id: shift.id, version: shift.version, action: confirming, note }),
            confirming === 'award'
              ? 'Awarded by the rule.'
              : confirming === 'offers'
                ? 'The first officer in the order has it now.'
                : 'Cancelled.',
          )
        }
        onClose={() => {
          setConfirming(null);
          setError(null);
        }}
      >
        <Stack gap="xs">
          <Text fz="sm">{confirming ? confirmText[confirming].body : ''}</Text>
          {confirming === 'cancel' ? (
            <Textarea label="Why (optional)" autosize minRows={2} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
          ) : null}
        </Stack>
      </ConfirmDialog>
    </OvertimeCard>
  );
}
