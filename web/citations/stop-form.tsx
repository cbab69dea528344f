import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconCurrentLocation, IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import {
  CITATION_KIND_LABELS,
  CITATION_KINDS,
  StopContent as StopContentSchema,
  type CitationKind,
  type CitationsSetup,
  type Statute,
  type Stop,
  type StopContent,
} from '../../core/contracts/citations.ts';
import { appearanceDate, courtFor, stopProblems } from '../../core/citations/citation-rules.ts';
import { US_STATES } from '../../core/vehicles.ts';
import { isApiError } from '../lib/api-error.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { isStaleVersion } from '../lib/api.ts';
import { deviceCopyKey } from '../lib/device-copy.ts';
import { placeFieldErrors } from '../lib/form-errors.ts';
import { useOnline } from '../lib/online.ts';
import { restoredCopy, saveStatusText, useServerDraft } from '../lib/server-draft.ts';
import { useAuthState } from '../lib/session/session.ts';
import { FormErrorAlert } from '../ui/states.tsx';
import { calendarDate } from './citations-ui.tsx';
import { LicenceScanButton } from './licence-scanner.tsx';
import {
  agencyNow,
  fieldId,
  fieldLabel,
  mergeLicence,
  money,
  newCitation,
  orderedProblems,
  ruleContext,
  statuteLabel,
  vinHint,
  wholeNumberOrNull,
} from './stop-model.ts';

type Form = ReturnType<typeof useForm<StopContent>>;

const STATE_OPTIONS = [{ value: '', label: 'State…' }, ...US_STATES.map((state) => ({ value: state, label: state }))];

/** The stop's content as the form edits it (the server's Stop carries more). */
export function stopContent(stop: StopContent): StopContent {
  return {
    occurred_at: stop.occurred_at,
    location: stop.location,
    latitude: stop.latitude,
    longitude: stop.longitude,
    person: stop.person,
    vehicle: stop.vehicle,
    citations: stop.citations,
  };
}

/** A section of the form with its heading. */
function Section({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** A problem about a group (a citation's violations, the stop's citations) rather than one input. */
function GroupProblem({ form, path }: { form: Form; path: string }) {
  const message = form.errors[path];
  if (!message) return null;
  return (
    <Text c="var(--mantine-color-error)" fz="sm" role="alert" id={fieldId(path)} tabIndex={-1} data-path={path}>
      {message}
    </Text>
  );
}

/** Every input's props for a path: its value and error from the form, its id for the summary's link. */
function at(form: Form, path: string) {
  return { ...form.getInputProps(path), id: fieldId(path), 'data-path': path };
}

function WhenWhere({ form }: { form: Form }) {
  const [locating, setLocating] = useState(false);
  const [locationProblem, setLocationProblem] = useState<string | null>(null);
  const { latitude, longitude } = form.getValues();
  const locate = () => {
    setLocationProblem(null);
    if (!('geolocation' in navigator)) {
      setLocationProblem('This device cannot give its position: type the location.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        form.setFieldValue('latitude', Math.round(position.coords.latitude * 1e6) / 1e6);
        form.setFieldValue('longitude', Math.round(position.coords.longitude * 1e6) / 1e6);
      },
      (error) => {
        setLocating(false);
        setLocationProblem(
          error.code === error.PERMISSION_DENIED
            ? 'Precinct may not use this device’s location. Allow it in the browser’s settings, or type the location.'
            : 'The position could not be found here. Type the location.',
        );
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  return (
    <Section id="stop-when" title="When and where">
      <TextInput type="datetime-local" label="Date and time" required {...at(form, 'occurred_at')} />
      <TextInput label="Location" description="Address, intersection or mile marker" required {...at(form, 'location')} />
      <Group gap="sm" wrap="wrap">
        <Button variant="default" size="md" leftSection={<IconCurrentLocation aria-hidden size={20} />} onClick={locate} loading={locating}>
          Use my location
        </Button>
        {latitude !== null && longitude !== null ? (
          <Group gap="xs">
            <Text fz="sm" data-testid="stop-position">
              Position {latitude.toFixed(5)}, {longitude.toFixed(5)}
            </Text>
            <Anchor
              component="button"
              type="button"
              fz="sm"
              className="precinct-tap"
              onClick={() => {
                form.setFieldValue('latitude', null);
                form.setFieldValue('longitude', null);
              }}
            >
              Clear
            </Anchor>
          </Group>
        ) : null}
      </Group>
      {locationProblem ? (
        <Text
          fz="sm"
          c="orange.9"
          role="alert"
          style={{ color: 'light-dark(var(--mantine-color-orange-9), var(--mantine-color-orange-3))' }}
        >
          {locationProblem}
        </Text>
      ) : null}
    </Section>
  );
}

function PersonSection({ form }: { form: Form }) {
  const [scanned, setScanned] = useState(false);
  return (
    <Section
      id="stop-person"
      title="Person"
      aside={
        <LicenceScanButton
          onScanned={(person) => {
            form.setFieldValue('person', mergeLicence(form.getValues().person, person));
            setScanned(true);
          }}
        />
      }
    >
      {scanned ? (
        <Text fz="sm" role="status">
          Filled from the licence: check each field against it.
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="Last name" autoComplete="off" {...at(form, 'person.last_name')} />
        <TextInput label="First name" autoComplete="off" {...at(form, 'person.first_name')} />
        <TextInput label="Middle name" autoComplete="off" {...at(form, 'person.middle_name')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="Date of birth" type="date" {...at(form, 'person.date_of_birth')} />
        <TextInput label="Licence number" autoComplete="off" {...at(form, 'person.licence_number')} />
        <NativeSelect label="Licence state" data={STATE_OPTIONS} {...at(form, 'person.licence_state')} />
      </SimpleGrid>
      <TextInput label="Address" autoComplete="off" {...at(form, 'person.address')} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <TextInput label="City" autoComplete="off" {...at(form, 'person.city')} style={{ gridColumn: 'span 2' }} />
        <NativeSelect label="State" data={STATE_OPTIONS} {...at(form, 'person.state')} />
        <TextInput label="ZIP code" inputMode="numeric" autoComplete="off" {...at(form, 'person.zip')} />
      </SimpleGrid>
      <TextInput label="Phone" type="tel" autoComplete="off" {...at(form, 'person.phone')} maw={320} />
    </Section>
  );
}

function VehicleSection({ form }: { form: Form }) {
  const { vin } = form.getValues().vehicle;
  const vinError = form.errors['vehicle.vin'];
  const hint = vinError ? null : vinHint(vin);
  const upper = (path: string) => {
    const props = at(form, path);
    return {
      ...props,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => form.setFieldValue(path, event.currentTarget.value.toUpperCase()),
    };
  };
  return (
    <Section id="stop-vehicle" title="Vehicle">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <TextInput label="Plate" autoCapitalize="characters" autoComplete="off" maxLength={10} {...upper('vehicle.plate')} />
        <NativeSelect label="Plate state" data={STATE_OPTIONS} {...at(form, 'vehicle.plate_state')} />
        <TextInput label="Make" {...at(form, 'vehicle.make')} />
        <TextInput label="Model" {...at(form, 'vehicle.model')} />
        <TextInput label="Year" inputMode="numeric" maxLength={4} {...at(form, 'vehicle.year')} />
        <TextInput label="Colour" {...at(form, 'vehicle.color')} />
      </SimpleGrid>
      <TextInput
        label="VIN"
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={17}
        ff="monospace"
        {...upper('vehicle.vin')}
        description={hint?.text}
        descriptionProps={hint ? { 'data-vin-hint': hint.ok ? 'ok' : 'problem', role: 'status' } : undefined}
      />
    </Section>
  );
}

function CitationCard(props: { form: Form; index: number; statutes: readonly Statute[]; setup: CitationsSetup; onRemove: () => void }) {
  const { form, index, statutes, setup } = props;
  const values = form.getValues();
  const citation = values.citations[index]!;
  const stopDate = values.occurred_at.slice(0, 10);
  const base = `citations.${index}`;
  const court = courtFor(citation.kind, setup.courts, citation.court_key);
  const computed = court && stopDate ? appearanceDate(stopDate, court, setup.holidays) : null;
  const byId = new Map(statutes.map((statute) => [statute.id, statute]));
  const usable = statutes.filter(
    (statute) =>
      statute.kinds.includes(citation.kind) &&
      (!stopDate || (statute.effective_from <= stopDate && (!statute.effective_to || statute.effective_to >= stopDate))),
  );
  const total = citation.violations.reduce((sum, violation) => sum + (byId.get(violation.statute_id)?.fine_cents ?? 0), 0);
  const courts = setup.courts.filter((candidate) => candidate.kinds.includes(citation.kind) || candidate.key === citation.court_key);
  const title = `${index + 1}. ${CITATION_KIND_LABELS[citation.kind]}`;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="citation-card" aria-labelledby={`${fieldId(base)}-title`} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="md" id={`${fieldId(base)}-title`}>
            {title}
          </Title>
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${title}`} onClick={props.onRemove}>
            <IconTrash size={20} aria-hidden />
          </ActionIcon>
        </Group>
        <NativeSelect
          label="Kind"
          data={CITATION_KINDS.map((kind) => ({ value: kind, label: CITATION_KIND_LABELS[kind] }))}
          {...at(form, `${base}.kind`)}
          onChange={(event) => {
            form.setFieldValue(`${base}.kind`, event.currentTarget.value as CitationKind);
            form.setFieldValue(`${base}.court_key`, '');
          }}
        />
        <Stack gap="xs">
          <Text fw={600} fz="sm">
            Violations
          </Text>
          <GroupProblem form={form} path={`${base}.violations`} />
          {citation.violations.map((violation, v) => {
            const path = `${base}.violations.${v}`;
            const statute = byId.get(violation.statute_id);
            const options = usable.some((s) => s.id === violation.statute_id) || !statute ? usable : [statute, ...usable];
            return (
              <Card key={v} withBorder radius="sm" padding="xs" data-testid="violation">
                <Stack gap="xs">
                  <Group gap="xs" wrap="nowrap" align="flex-end">
                    <Select
                      label={`Violation ${v + 1}`}
                      placeholder="Type a code or words"
                      searchable
                      data={options.map((s) => ({ value: s.id, label: statuteLabel(s) }))}
                      nothingFoundMessage="No statute of this kind matches"
                      {...at(form, `${path}.statute_id`)}
                      value={violation.statute_id || null}
                      onChange={(value) => {
                        form.setFieldValue(`${path}.statute_id`, value ?? '');
                        if (!byId.get(value ?? '')?.speeding) {
                          form.setFieldValue(`${path}.speed`, null);
                          form.setFieldValue(`${path}.posted_limit`, null);
                        }
                      }}
                      comboboxProps={{ withinPortal: true }}
                      maxDropdownHeight={300}
                      style={{ flex: 1, minWidth: 0 }}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      mb={4}
                      aria-label={`Remove violation ${v + 1} of ${title}`}
                      onClick={() => form.removeListItem(`${base}.violations`, v)}
                    >
                      <IconTrash size={20} aria-hidden />
                    </ActionIcon>
                  </Group>
                  {statute ? (
                    <Text fz="xs" c="dimmed">
                      {statute.moving ? 'Moving' : 'Non-moving'} · {statute.points} {statute.points === 1 ? 'point' : 'points'} ·{' '}
                      {money(statute.fine_cents)}
                    </Text>
                  ) : null}
                  {statute?.speeding ? (
                    <SimpleGrid cols={2} spacing="sm">
                      <TextInput
                        label="Speed (mph)"
                        inputMode="numeric"
                        {...at(form, `${path}.speed`)}
                        value={violation.speed === null ? '' : String(violation.speed)}
                        onChange={(e) => form.setFieldValue(`${path}.speed`, wholeNumberOrNull(e.currentTarget.value))}
                      />
                      <TextInput
                        label="Posted limit (mph)"
                        inputMode="numeric"
                        {...at(form, `${path}.posted_limit`)}
                        value={violation.posted_limit === null ? '' : String(violation.posted_limit)}
                        onChange={(e) => form.setFieldValue(`${path}.posted_limit`, wholeNumberOrNull(e.currentTarget.value))}
                      />
                    </SimpleGrid>
                  ) : null}
                </Stack>
              </Card>
            );
          })}
          <Group>
            <Button
              variant="default"
              size="md"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => form.insertListItem(`${base}.violations`, { statute_id: '', speed: null, posted_limit: null })}
              disabled={citation.violations.length >= 10}
            >
              Add a violation
            </Button>
            {citation.kind !== 'warning' && citation.violations.length > 0 ? <Text fz="sm">Total {money(total)}</Text> : null}
          </Group>
        </Stack>
        {citation.kind === 'warning' ? (
          <Text fz="sm" c="dimmed">
            A written warning has no court date.
          </Text>
        ) : (
          <>
            <NativeSelect
              label="Court"
              data={[
                { value: '', label: court && !citation.court_key ? `${court.name} (the court for this kind)` : 'Choose a court…' },
                ...courts.map((c) => ({ value: c.key, label: c.name })),
              ]}
              {...at(form, `${base}.court_key`)}
            />
            <GroupProblem form={form} path={`${base}.appearance_date`} />
            <Text fz="sm" data-testid="appearance-date">
              {computed
                ? `Appearance: ${calendarDate(citation.appearance_date || computed)} at ${court!.session_time}${citation.appearance_date ? '' : ' (the first day the court sits at least ' + court!.min_days + ' days after the stop)'}`
                : 'The appearance date is computed once a court and the stop’s date are set.'}
            </Text>
          </>
        )}
        <Textarea
          label="Officer-only notes"
          description="Never printed on the violator’s copy; the court copy and the record keep them."
          autosize
          minRows={2}
          {...at(form, `${base}.officer_notes`)}
        />
      </Stack>
    </Card>
  );
}

export type StopFormActions = {
  /** Saves the draft (autosave): the server's stop, or the outbox item of a stop still on the device. */
  onSave: (content: StopContent, version: number) => Promise<{ version: number }>;
  /** The server's check; null for a stop still on the device (only the rules run, here). */
  onValidate: ((content: StopContent, version: number) => Promise<Stop>) | null;
  /** Issues every draft; null for a stop still on the device. */
  onIssue: ((content: StopContent, version: number) => Promise<Stop>) | null;
  /** The server's version now, read again after a refusal (the check may have saved the stop before refusing). */
  currentVersion?: () => Promise<number | null>;
};

/**
 * The stop form, phone-first: when and where, the person and the vehicle once, then each citation and
 * written warning as a card. Kept on the device at each change and saved a moment later (or kept in
 * the outbox for a stop not on the server yet); "Check" runs every rule here and then on the server,
 * each problem beside its field and listed at the top; "Issue" needs the server, which numbers them.
 */
export function StopForm(props: {
  stop: StopContent & { id: string; version: number };
  setup: CitationsSetup;
  statutes: readonly Statute[];
  actions: StopFormActions;
  /** A refusal's messages when the stop waited in the outbox. */
  initialErrors?: Record<string, string>;
  /** The citations the server says passed its check (Stop.ready). */
  ready?: readonly string[];
}) {
  const { stop, setup, statutes, actions } = props;
  const { session } = useAuthState();
  const { timeZone } = useAgencyDates();
  const online = useOnline();
  const onDevice = actions.onIssue === null;
  const copyKey = deviceCopyKey(session?.user.id ?? 'signed-out', 'citations.stop', stop.id);
  const [restored] = useState(() =>
    restoredCopy(
      copyKey,
      StopContentSchema,
      { version: stop.version, values: stopContent(stop) },
      (a, b) => JSON.stringify(a) === JSON.stringify(b),
    ),
  );
  const form = useForm<StopContent>({
    mode: 'controlled',
    initialValues: restored ? restored.values : stopContent(stop),
    initialErrors: props.initialErrors ?? {},
  });
  const values = form.getValues();
  const serverVersion = useRef(stop.version);
  const draft = useServerDraft({
    copyKey,
    version: stop.version,
    values,
    getValues: () => form.getValues(),
    toSend: (content) => content,
    // The version is the form's own: the check saves the stop too, and the next save must send its version.
    onSave: async (content) => {
      const saved = await actions.onSave(content, serverVersion.current);
      serverVersion.current = saved.version;
      return saved;
    },
    restored,
    onDevice,
    what: 'stop',
  });
  const [message, setMessage] = useState<{ kind: 'problem' | 'ready' | 'offline'; text: string } | null>(null);
  const [ready, setReady] = useState<readonly string[]>(props.ready ?? []);
  // What the server's check passed: any change after it makes the drafts drafts again (the server says so too).
  const [checkedValues, setCheckedValues] = useState<string | null>(() => JSON.stringify(stopContent(stop)));
  const [busy, setBusy] = useState<'check' | 'issue' | null>(null);
  const problems = orderedProblems(
    Object.fromEntries(
      Object.entries(form.errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !!entry[1]),
    ),
  );

  const focusSummary = () => window.setTimeout(() => document.getElementById('stop-problems')?.focus(), 0);

  /** The rules, here: true when every draft passes. */
  const checkHere = (): boolean => {
    setMessage(null);
    form.clearErrors();
    const content = form.getValues();
    const found = stopProblems(content, ruleContext(setup, statutes, agencyNow(timeZone).slice(0, 10)));
    if (Object.keys(found).length === 0) return true;
    form.setErrors(found);
    focusSummary();
    return false;
  };

  /** A refusal from the server: each field message beside its field, the rest at the top. */
  const showRefusal = (failure: unknown) => {
    void actions.currentVersion?.().then((version) => {
      if (version !== null) serverVersion.current = version;
    });
    if (isStaleVersion(failure)) {
      setMessage({
        kind: 'problem',
        text: 'Someone changed this stop meanwhile. Reload it; what you typed stays on this device until you do.',
      });
      return;
    }
    if (isApiError(failure) && Object.keys(failure.fields).length > 0) {
      const { placed, unplaced } = placeFieldErrors(form.getValues(), failure.fields);
      form.setErrors(placed);
      if (unplaced.length) setMessage({ kind: 'problem', text: unplaced.join(' ') });
      focusSummary();
      return;
    }
    setMessage({ kind: 'problem', text: failure instanceof Error ? failure.message : String(failure) });
  };

  const check = async () => {
    if (!checkHere()) return;
    const validate = actions.onValidate;
    if (!validate || !online) {
      setMessage({
        kind: 'offline',
        text: 'Every rule passes on this device. The server checks again when the stop is issued, which needs a connection.',
      });
      return;
    }
    setBusy('check');
    try {
      const checked = await draft.send(async () => {
        const stop = await validate(form.getValues(), serverVersion.current);
        serverVersion.current = stop.version;
        return stop;
      });
      setReady(checked.ready);
      setCheckedValues(JSON.stringify(form.getValues()));
      setMessage({ kind: 'ready', text: 'Every rule passes: the stop is ready to issue.' });
    } catch (failure) {
      showRefusal(failure);
    } finally {
      setBusy(null);
    }
  };

  const issue = async () => {
    const passes = checkHere();
    // Said first and plainly: without the server there is no number to give, whatever the rules say.
    const issueStop = actions.onIssue;
    if (!issueStop || !online) {
      setMessage({
        kind: 'offline',
        text: 'Issuing needs a connection: citation numbers come from the agency’s sequence on the server. The draft is saved on this device; issue it when the connection is back.',
      });
      return;
    }
    if (!passes) return;
    setBusy('issue');
    try {
      await draft.send(() => issueStop(form.getValues(), serverVersion.current));
    } catch (failure) {
      showRefusal(failure);
    } finally {
      setBusy(null);
    }
  };

  const add = (kind: CitationKind) => form.insertListItem('citations', newCitation(kind));
  const count = values.citations.length;
  const unchanged = checkedValues === JSON.stringify(values);
  const allReady = unchanged && count > 0 && values.citations.every((citation) => ready.includes(citation.id));

  return (
    <form
      noValidate

      onSubmit={(event) => {
        event.preventDefault();
        void issue();
      }}
    >
      <Stack gap="md">
        {restored ? (
          <Alert color="blue" title="Restored from this device">
            What you typed at {new Date(restored.changed_at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })} had not reached
            the server; it is back in the form and is being saved.
          </Alert>
        ) : null}
        {problems.length > 0 ? (
          <Alert
            color="red"
            variant="light"
            title={`${problems.length} ${problems.length === 1 ? 'thing needs' : 'things need'} fixing before this stop can be issued`}
            id="stop-problems"
            tabIndex={-1}
            role="alert"
            data-testid="stop-problems"
          >
            <List size="sm" spacing={4}>
              {problems.map(([path, text]) => (
                <List.Item key={path}>
                  <Anchor
                    href={`#${fieldId(path)}`}
                    underline="always"
                    fz="sm"
                    onClick={(event) => {
                      event.preventDefault();
                      const target = document.getElementById(fieldId(path));
                      target?.scrollIntoView({ block: 'center' });
                      target?.focus();
                    }}
                  >
                    {fieldLabel(path, values)}
                  </Anchor>
                  : {text}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <WhenWhere form={form} />
        <PersonSection form={form} />
        <VehicleSection form={form} />
        <Section id="stop-citations" title={`Citations and warnings (${count})`}>
          <GroupProblem form={form} path="citations" />
          {values.citations.map((citation, index) => (
            <CitationCard
              key={citation.id}
              form={form}
              index={index}
              statutes={statutes}
              setup={setup}
              onRemove={() => form.removeListItem('citations', index)}
            />
          ))}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button
              variant="default"
              size="md"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => add('traffic')}
              disabled={count >= 10}
            >
              Add a citation
            </Button>
            <Button
              variant="default"
              size="md"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => add('warning')}
              disabled={count >= 10}
            >
              Add a written warning
            </Button>
          </SimpleGrid>
        </Section>
        {message?.kind === 'problem' ? <FormErrorAlert message={message.text} /> : null}
        {message && message.kind !== 'problem' && (message.kind !== 'ready' || unchanged) ? (
          <Alert
            color={message.kind === 'ready' ? 'green' : 'blue'}
            variant="light"
            role="status"
            icon={message.kind === 'ready' ? <IconCircleCheck aria-hidden /> : undefined}
          >
            {message.text}
          </Alert>
        ) : null}
        {!online && !message ? (
          <Text fz="sm" role="status">
            No connection: keep writing, the draft is kept on this device. Issuing needs a connection.
          </Text>
        ) : null}
        <Stack
          gap={6}
          pos="sticky"
          bottom={0}
          py="xs"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text fz="sm" role="status" aria-live="polite">
            {saveStatusText(draft.saveState, onDevice)}
          </Text>
          <SimpleGrid cols={2} spacing="sm">
            <Button variant="default" size="md" onClick={() => void check()} loading={busy === 'check'} disabled={busy === 'issue'}>
              Check
            </Button>
            <Button type="submit" size="md" loading={busy === 'issue'} disabled={busy === 'check'}>
              {allReady ? `Issue ${count}` : 'Issue'}
            </Button>
          </SimpleGrid>
        </Stack>
      </Stack>
    </form>
  );
}
