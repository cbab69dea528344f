import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconCloudCheck, IconCloudOff, IconTool } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  DEFAULT_SERVICE_CATEGORIES,
  SubmitSquadCheckInput,
  type Answer,
  type SquadCheckForm,
  type SquadCheckSubmission,
} from '../../core/contracts/fleet.ts';
import { IdempotencyKeys } from '../lib/api.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { showsKeptAnswer } from '../lib/offline-reads/kept-answer.ts';
import { parseKeptBody } from '../lib/outbox/kept-photo-rules.ts';
import { useRefusedItem } from '../lib/outbox/outbox.ts';
import type { OutboxItem } from '../lib/outbox/outbox-rules.ts';
import { RefusedItemAlert } from '../lib/outbox/refused-item-alert.tsx';
import { useAuthState } from '../lib/session/session.ts';
import { ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { VehicleStatusBadge } from './fleet-badges.tsx';
import { FleetPage } from './fleet-page.tsx';
import { useFleetSettings } from './fleet-api.ts';
import { useSquadCheckForm } from './get-squad-check-form.ts';
import { saveSquadCheckDraft, saveSquadCheckDraftOnLeave } from './save-squad-check-draft.ts';
import { prefillFromFailedItem } from './service-request-prefill.ts';
import { answerProblems, answersOnForm, answersToSend, sectionProgress, serverProblems, type Answers } from './squad-check-answers.ts';
import {
  answersForServerDraft,
  localDraftKey,
  readLocalDraft,
  removeLocalDraft,
  restoreDraft,
  writeLocalDraft,
} from './squad-check-draft.ts';
import { SquadCheckItem } from './squad-check-item.tsx';
import { useSubmitSquadCheck } from './submit-squad-check.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { VehiclePicker } from './vehicle-picker.tsx';

/** How long after the last change the draft goes to the server. */
const AUTOSAVE_DELAY_MS = 2000;

/**
 * /fleet/squadcheck: pick a vehicle (`?vehicle_id=`), fill its template, send it, and see what failed.
 * `?outbox=<id>`: a check the server refused after it waited in the outbox, opened with its answers
 * and the server's messages to be fixed and sent again.
 */
export function SquadCheckScreen() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const refused = useRefusedItem(typeof search.outbox === 'string' ? search.outbox : null);
  const fixing = useMemo(() => refusedCheck(refused.item), [refused.item]);
  const vehicleId = fixing?.input.vehicle_id ?? (typeof search.vehicle_id === 'string' ? search.vehicle_id : null);
  const navigate = useNavigate();
  // What was sent from this address; another address (the outbox opening a refused check here) starts afresh.
  const address = `${String(search.vehicle_id)}|${String(search.outbox)}`;
  const [result, setResult] = useState<{ address: string; submission: SquadCheckSubmission } | null>(null);
  // The unit whose check went to the outbox (offline, or no answer): it is sent when the connection is back.
  const [queued, setQueued] = useState<{ address: string; unitNumber: string } | null>(null);
  if (result?.address === address) return <SquadCheckResult submission={result.submission} />;
  if (queued?.address === address) return <SquadCheckQueued unitNumber={queued.unitNumber} />;
  if (refused.loading)
    return (
      <FleetPage title="Squad check" back>
        <LoadingState label="Loading the squad check…" />
      </FleetPage>
    );
  if (!vehicleId)
    return (
      <FleetPage title="Squad check" description="Pick the vehicle you are checking." back>
        <VehiclePicker
          label="Vehicle"
          preselectAssigned
          onPick={(vehicle) => void navigate({ to: '/fleet/squadcheck', search: { vehicle_id: vehicle.id } })}
        />
      </FleetPage>
    );
  return (
    <SquadCheckLoader
      key={`${vehicleId}:${fixing?.item.id ?? ''}`}
      vehicleId={vehicleId}
      fixing={fixing}
      onSubmitted={(submission) => setResult({ address, submission })}
      onQueued={(unitNumber) => setQueued({ address, unitNumber })}
    />
  );
}

/** A refused check from the outbox, with what was sent; null when its body is not a squad check. */
type RefusedCheck = { item: OutboxItem; input: SubmitSquadCheckInput };

function refusedCheck(item: OutboxItem | null): RefusedCheck | null {
  if (!item) return null;
  const input = parseKeptBody(SubmitSquadCheckInput, item.body);
  return input ? { item, input } : null;
}

function SquadCheckLoader({
  vehicleId,
  fixing,
  onSubmitted,
  onQueued,
}: {
  vehicleId: string;
  fixing: RefusedCheck | null;
  onSubmitted: (submission: SquadCheckSubmission) => void;
  onQueued: (unitNumber: string) => void;
}) {
  const form = useSquadCheckForm(vehicleId);
  const { session } = useAuthState();
  // The copy kept on the device opens the form when no fresh answer can come: offline (the fetch
  // waits for the connection) or when the server cannot be reached. Otherwise the form waits for the
  // server, whose draft may be newer; once open it stays open while the answer is read again.
  const [opened, setOpened] = useState(false);
  const usable = form.data !== undefined && (opened || (form.fetchStatus !== 'fetching' && (!form.isError || showsKeptAnswer(form))));
  if (usable && !opened) setOpened(true);
  if (usable && session)
    return <SquadCheckFill form={form.data} userId={session.user.id} fixing={fixing} onSubmitted={onSubmitted} onQueued={onQueued} />;
  if (!form.isError || !session)
    return (
      <FleetPage title="Squad check" back>
        <LoadingState label="Loading the squad check…" />
      </FleetPage>
    );
  return (
    <FleetPage
      title="Squad check"
      back
      actions={
        <Button component={Link} to="/fleet/squadcheck" variant="default">
          Pick another vehicle
        </Button>
      }
    >
      <ErrorState message={errorMessage(form.error)} onRetry={() => void form.refetch()} />
    </FleetPage>
  );
}

type SaveState = { kind: 'idle' | 'saving' | 'saved' | 'offline'; at: string | null };

function SquadCheckFill({
  form,
  userId,
  fixing,
  onSubmitted,
  onQueued,
}: {
  form: SquadCheckForm;
  userId: string;
  fixing: RefusedCheck | null;
  onSubmitted: (submission: SquadCheckSubmission) => void;
  onQueued: (unitNumber: string) => void;
}) {
  const { vehicle, template } = form;
  const dates = useAgencyDates();
  const navigate = useNavigate();
  const storageKey = localDraftKey(userId, vehicle.id);
  const restored = useMemo(
    () => restoreDraft(template.sections, template.version_id, form.draft, readLocalDraft(localStorage, storageKey)),
    [form, storageKey, template],
  );
  // A refused check opens with the answers it was sent with, and the server's messages beside its items.
  const [answers, setAnswers] = useState<Answers>(() =>
    fixing ? answersOnForm(template.sections, fixing.input.answers) : restored.answers,
  );
  const [save, setSave] = useState<SaveState>({
    kind: restored.saved_at ? (restored.unsent ? 'offline' : 'saved') : 'idle',
    at: restored.saved_at,
  });
  const [showProblems, setShowProblems] = useState(fixing !== null);
  const [fromServer, setFromServer] = useState<Record<string, string>>(() => (fixing ? serverProblems(fixing.item.fields).byItem : {}));
  const [formError, setFormError] = useState<string | null>(() => {
    if (!fixing) return null;
    const other = serverProblems(fixing.item.fields).other;
    return other.length > 0 ? other.join(' ') : null;
  });
  const submit = useSubmitSquadCheck();
  const [keys] = useState(() => new IdempotencyKeys());
  const latest = useRef(answers);
  const unsaved = useRef(restored.unsent);
  const done = useRef(false);

  const saveToServer = useCallback(() => {
    if (done.current || !unsaved.current) return;
    const sent = answersForServerDraft(answersToSend(template.sections, latest.current));
    const snapshot = latest.current;
    setSave((state) => ({ ...state, kind: 'saving' }));
    saveSquadCheckDraft(vehicle.id, sent)
      .then(({ saved_at }) => {
        if (latest.current === snapshot) unsaved.current = false;
        setSave({ kind: 'saved', at: saved_at });
        const local = readLocalDraft(localStorage, storageKey);
        if (local && !done.current) writeLocalDraft(localStorage, storageKey, { ...local, server_saved_at: saved_at });
      })
      .catch(() => setSave((state) => ({ kind: 'offline', at: state.at })));
  }, [storageKey, template.sections, vehicle.id]);
  const saveSoon = useDebouncedCallback(saveToServer, AUTOSAVE_DELAY_MS);

  // A draft the server has not seen yet (changed offline, or before a reload) is sent at once.
  useEffect(() => {
    if (restored.unsent) saveToServer();
  }, [restored, saveToServer]);

  // On leaving: a closed tab or reload sends what is unsaved with keepalive; leaving within the app saves too.
  useEffect(() => {
    const leave = () => {
      if (unsaved.current && !done.current)
        void saveSquadCheckDraftOnLeave(vehicle.id, answersForServerDraft(answersToSend(template.sections, latest.current)));
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [template.sections, vehicle.id]);

  const change = (itemId: string, patch: Partial<Answer>) => {
    setAnswers((current) => {
      const next = { ...current, [itemId]: { ...current[itemId], ...patch, item_id: itemId } as Answer };
      latest.current = next;
      const now = new Date().toISOString();
      const previous = readLocalDraft(localStorage, storageKey);
      writeLocalDraft(localStorage, storageKey, {
        template_version_id: template.version_id,
        changed_at: now,
        server_saved_at: previous?.server_saved_at ?? null,
        answers: Object.values(next),
      });
      return next;
    });
    setFromServer((current) => {
      if (!(itemId in current)) return current;
      const { [itemId]: _cleared, ...rest } = current;
      return rest;
    });
    unsaved.current = true;
    saveSoon();
  };

  // Against the vehicle's odometer as the form found it: a reading below it would be refused.
  const localProblems = answerProblems(template.sections, answers, vehicle);
  const problems = showProblems ? { ...localProblems, ...fromServer } : fromServer;
  const problemCount = Object.keys(problems).length;

  const send = () => {
    setFormError(null);
    setShowProblems(true);
    if (Object.keys(localProblems).length > 0) {
      focusFirstProblem(Object.keys(localProblems), template.sections);
      return;
    }
    const input = { vehicle_id: vehicle.id, template_version_id: template.version_id, answers: answersToSend(template.sections, answers) };
    submit.mutate(
      { input, idempotencyKey: keys.keyFor(input), unitNumber: vehicle.unit_number, replaces: fixing?.item.id },
      {
        onSuccess: (outcome) => {
          done.current = true;
          keys.reset();
          saveSoon.cancel();
          // Sent, or safe in the outbox: either way the draft has done its job (the server drops its copy on submission).
          removeLocalDraft(localStorage, storageKey);
          window.scrollTo({ top: 0 });
          if (outcome.kind === 'sent') onSubmitted(outcome.answer);
          else onQueued(vehicle.unit_number);
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) {
            const { byItem, other } = serverProblems(error.fields);
            setFromServer(byItem);
            setFormError(other.length > 0 ? other.join(' ') : error.message);
            focusFirstProblem(Object.keys(byItem), template.sections);
          } else setFormError(errorMessage(error));
        },
      },
    );
  };

  return (
    <FleetPage
      title={`Squad check: unit ${vehicle.unit_number}`}
      description={`${vehicle.year} ${vehicle.make} ${vehicle.model}${vehicle.plate ? ` · ${vehicle.plate}` : ''} · ${template.name} (version ${template.version_number})`}
      back
      actions={
        <Button component={Link} to="/fleet/squadcheck" variant="default">
          Pick another vehicle
        </Button>
      }
    >
      {fixing ? (
        <RefusedItemAlert
          item={fixing.item}
          onDiscarded={() => void navigate({ to: '/fleet/squadcheck', search: { vehicle_id: vehicle.id }, replace: true })}
        />
      ) : null}
      <Group gap="xs">
        <VehicleStatusBadge status={vehicle.status} />
        <SaveLine save={save} time={dates.time} restoredFrom={restored.source} />
      </Group>
      {vehicle.status === 'out_of_service' ? (
        <Alert color="red" variant="light" title={`Unit ${vehicle.unit_number} is out of service`} icon={<IconAlertTriangle aria-hidden />}>
          {vehicle.status_reason ?? 'Ask the fleet office before driving it.'}
        </Alert>
      ) : null}
      {template.sections.map((section) => {
        const progress = sectionProgress(section, answers);
        return (
          <Card withBorder padding="md" key={section.id} component="section" aria-labelledby={`section-${section.id}`}>
            <Group justify="space-between" gap="xs" mb={4}>
              <Title order={2} fz="lg" id={`section-${section.id}`}>
                {section.title}
              </Title>
              <Text fz="sm" c="dimmed">
                {progress.answered} of {progress.total} answered
              </Text>
            </Group>
            {section.items.map((item) => (
              <SquadCheckItem
                key={item.id}
                item={item}
                answer={answers[item.id]}
                problem={problems[item.id] ?? null}
                onChange={(patch) => change(item.id, patch)}
              />
            ))}
          </Card>
        );
      })}
      {problemCount > 0 ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={problemCount === 1 ? 'One item needs your attention' : `${problemCount} items need your attention`}
          icon={<IconAlertTriangle aria-hidden />}
        >
          Each is marked beside the item.
        </Alert>
      ) : null}
      <FormErrorAlert message={problemCount > 0 ? null : formError} title="The squad check was not sent" />
      <Group>
        <Button size="lg" onClick={send} loading={submit.isPending}>
          Send the squad check
        </Button>
      </Group>
    </FleetPage>
  );
}

/** Moves focus to the first item with a problem, in the template's order. */
function focusFirstProblem(itemIds: string[], sections: SquadCheckForm['template']['sections']) {
  const first = sections.flatMap((section) => section.items).find((item) => itemIds.includes(item.id));
  if (!first) return;
  requestAnimationFrame(() => {
    const row = document.querySelector(`[data-item-id="${CSS.escape(first.id)}"]`);
    row?.scrollIntoView({ block: 'center' });
    const focusable = row?.querySelector<HTMLElement>('button, input, textarea');
    focusable?.focus({ preventScroll: true });
  });
}

function SaveLine({ save, time, restoredFrom }: { save: SaveState; time: (value: string) => string; restoredFrom: string }) {
  let text: string;
  let icon = <IconCloudCheck aria-hidden size={16} />;
  if (save.kind === 'saving') text = 'Saving the draft…';
  else if (save.kind === 'saved' && save.at) text = `Draft saved at ${time(save.at)}`;
  else if (save.kind === 'offline') {
    icon = <IconCloudOff aria-hidden size={16} />;
    text = save.at
      ? `Kept on this device (last change ${time(save.at)}); it goes to the server when the connection is back`
      : 'Kept on this device; it goes to the server when the connection is back';
  } else text = 'Your answers are saved as you go';
  return (
    <Group gap={4} wrap="nowrap" role="status" aria-live="polite">
      {icon}
      <Text fz="sm" c="dimmed">
        {text}
        {restoredFrom !== 'none' && save.kind !== 'saving' ? ' · draft restored' : ''}
      </Text>
    </Group>
  );
}

/** Offline, or no answer: the check waits in the outbox (the header shows it) and goes when the connection is back. */
function SquadCheckQueued({ unitNumber }: { unitNumber: string }) {
  return (
    <FleetPage title={`Squad check saved: unit ${unitNumber}`} back>
      <Alert color="blue" variant="light" title="Not sent yet" icon={<IconCloudOff aria-hidden />} role="status">
        <Stack gap={6}>
          <Text inherit>Saved on this device; it will be sent when you are back online.</Text>
          <Text inherit>
            It waits in the outbox at the top of the page. What failed, and any service request it opens, shows in Fleet once it has been
            sent.
          </Text>
        </Stack>
      </Alert>
      <Group>
        <Anchor component={Link} to="/fleet">
          Back to Fleet
        </Anchor>
      </Group>
    </FleetPage>
  );
}

/** After sending: what failed, a one-click service request for each failure, and whether the car is now out of service. */
function SquadCheckResult({ submission }: { submission: SquadCheckSubmission }) {
  const settings = useFleetSettings();
  const dates = useAgencyDates();
  // Until the agency's own categories have loaded, guess among the defaults; the request form checks the choice.
  const categories = settings.data?.service_categories ?? DEFAULT_SERVICE_CATEGORIES;
  const opened = submission.opened_service_request;
  const openedLink = opened ? (
    <Anchor renderRoot={(props) => <Link {...props} to="/fleet/request" search={{ id: opened.id }} />} c="inherit" fw={700} td="underline">
      See service request #{opened.number}
    </Anchor>
  ) : null;
  return (
    <FleetPage
      title={`Squad check sent: unit ${submission.unit_number}`}
      description={`Sent ${dates.dateTime(submission.submitted_at)}`}
      back
    >
      {submission.took_vehicle_out_of_service || opened ? (
        <Alert
          color="red"
          variant="filled"
          title={`Unit ${submission.unit_number} ${submission.took_vehicle_out_of_service ? 'is now' : 'stays'} out of service`}
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
        >
          <Stack gap={6}>
            {opened ? <Text inherit>Service request #{opened.number} was opened for you; the vehicle is out of service.</Text> : null}
            <Text inherit>A critical item failed. Do not drive this car; the fleet office has been told. Take another vehicle.</Text>
            {openedLink}
          </Stack>
        </Alert>
      ) : null}
      {submission.failed_items.length === 0 ? (
        <Alert color="green" variant="light" title="Everything passed" icon={<IconCircleCheck aria-hidden />}>
          Unit {submission.unit_number} is ready for patrol.
        </Alert>
      ) : (
        <Card withBorder padding="md">
          <Title order={2} fz="lg" mb="xs">
            {submission.failed_items.length === 1 ? 'One item failed' : `${submission.failed_items.length} items failed`}
          </Title>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {submission.failed_items.map((item) => (
              <li key={item.item_id}>
                <Stack gap={6} py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
                  <Group gap="xs">
                    <Text fw={600}>{item.label}</Text>
                    {item.critical ? (
                      <Text span fz="sm" c="red" fw={600}>
                        Critical
                      </Text>
                    ) : null}
                  </Group>
                  {item.note ? (
                    <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {item.note}
                    </Text>
                  ) : null}
                  {opened?.item_ids.includes(item.item_id) ? (
                    <Text fz="sm">
                      Covered by{' '}
                      <Anchor renderRoot={(props) => <Link {...props} to="/fleet/request" search={{ id: opened.id }} />} fz="sm" fw={600}>
                        service request #{opened.number}
                      </Anchor>
                    </Text>
                  ) : (
                    <Button
                      renderRoot={(props) => (
                        <Link {...props} to="/fleet/request" search={prefillFromFailedItem(submission, item, categories)} />
                      )}
                      size="md"
                      variant="light"
                      leftSection={<IconTool aria-hidden size={18} />}
                      style={{ alignSelf: 'flex-start' }}
                      aria-label={`Open a service request for ${item.label}`}
                    >
                      Open a service request
                    </Button>
                  )}
                </Stack>
              </li>
            ))}
          </Stack>
        </Card>
      )}
      <Group>
        <Anchor component={Link} to="/fleet">
          Back to Fleet
        </Anchor>
      </Group>
    </FleetPage>
  );
}
