import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  FileButton,
  Group,
  List,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  CITATION_KIND_LABELS,
  CITATION_KINDS,
  type CitationKind,
  type CitationsSettings,
  type Court,
  type Holiday,
  type ImportStatutesResult,
  type Statute,
  type StatuteInput,
} from '../../../core/contracts/citations.ts';
import { formatCitationNumber } from '../../../core/citations/citation-rules.ts';
import { WEEKDAY_SHORT_LABELS } from '../../../core/dates.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { ModuleSettingsGate } from '../../lib/module-settings-gate.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import {
  useCitationsSettings,
  useCitationsSetup,
  useImportStatutes,
  useSaveStatute,
  useStatutes,
  useUpdateCitationsSettings,
} from '../citations-calls.ts';
import { money } from '../stop-model.ts';
import { courtKeyOf } from './settings-rules.ts';
import { TableScroll } from '../../ui/table-scroll.tsx';

function fieldErrorOf(error: unknown) {
  return (field: string) => (isApiError(error) ? error.fields[field] : undefined);
}

function CourtCard(props: {
  court: Court;
  index: number;
  onChange: (court: Court) => void;
  onRemove: () => void;
  error: (f: string) => string | undefined;
}) {
  const { court, index } = props;
  const at = `courts.${index}`;
  const set = (change: Partial<Court>) => props.onChange({ ...court, ...change });
  return (
    <Card withBorder radius="sm" padding="sm" component="fieldset" style={{ margin: 0 }}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text component="legend" fw={600} fz="sm" p={0}>
            Court {index + 1}
            {court.name ? `: ${court.name}` : ''}
          </Text>
          <ActionIcon variant="subtle" color="red" aria-label={`Remove court ${court.name || index + 1}`} onClick={props.onRemove}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Name"
            value={court.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={props.error(`${at}.name`) ?? props.error(`${at}.key`)}
          />
          <TextInput
            label="Address"
            value={court.address}
            onChange={(e) => set({ address: e.currentTarget.value })}
            error={props.error(`${at}.address`)}
          />
          <TextInput
            label="Phone"
            type="tel"
            value={court.phone}
            onChange={(e) => set({ phone: e.currentTarget.value })}
            error={props.error(`${at}.phone`)}
          />
        </SimpleGrid>
        <Checkbox.Group
          label="Sits on"
          value={court.session_days.map(String)}
          onChange={(days) => set({ session_days: days.map(Number).sort() })}
          error={props.error(`${at}.session_days`)}
        >
          <Group gap="sm" mt={4}>
            {WEEKDAY_SHORT_LABELS.map((label, day) => (
              <Checkbox key={label} value={String(day)} label={label} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <TextInput
            label="Appearance time"
            type="time"
            value={court.session_time}
            onChange={(e) => set({ session_time: e.currentTarget.value })}
            error={props.error(`${at}.session_time`)}
          />
          <NumberInput
            label="At least days after the stop"
            min={1}
            max={180}
            value={court.min_days}
            onChange={(value) => set({ min_days: typeof value === 'number' ? value : Number(value) || 1 })}
            error={props.error(`${at}.min_days`)}
          />
        </SimpleGrid>
        <Checkbox.Group
          label="Takes these kinds"
          value={court.kinds}
          onChange={(kinds) => set({ kinds: kinds as CitationKind[] })}
          error={props.error(`${at}.kinds`)}
        >
          <Group gap="sm" mt={4}>
            {CITATION_KINDS.filter((kind) => kind !== 'warning').map((kind) => (
              <Checkbox key={kind} value={kind} label={CITATION_KIND_LABELS[kind]} />
            ))}
          </Group>
        </Checkbox.Group>
      </Stack>
    </Card>
  );
}

function SettingsEditor({ settings }: { settings: CitationsSettings }) {
  const update = useUpdateCitationsSettings();
  const setup = useCitationsSetup();
  const [format, setFormat] = useState(settings.number_format);
  const [nextNumber, setNextNumber] = useState<number | null>(null);
  const [courts, setCourts] = useState<Court[]>(settings.courts);
  const [holidays, setHolidays] = useState<Holiday[]>(settings.holidays);
  const [copyText, setCopyText] = useState(settings.violator_copy_text);
  const [error, setError] = useState<unknown>(null);
  const fieldError = fieldErrorOf(error);
  const current = setup.data?.next_number ?? null;
  const next = nextNumber ?? current ?? 1;
  const preview = /\{N{4,}\}/.test(format) ? formatCitationNumber(format, next, new Date().getFullYear()) : null;
  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({
        number_format: format,
        courts: courts.reduce<Court[]>(
          (keyed, court) => [...keyed, { ...court, key: court.key || courtKeyOf(court.name, [...courts, ...keyed]) }],
          [],
        ),
        holidays,
        violator_copy_text: copyText,
        ...(nextNumber !== null && nextNumber !== current ? { next_number: nextNumber } : {}),
      });
      setNextNumber(null);
      notifications.show({ color: 'green', title: 'Saved', message: 'The citations settings are saved.' });
    } catch (failure) {
      setError(failure);
    }
  };
  const placed = isApiError(error) && Object.keys(error.fields).length > 0;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="citations-settings-heading">
      <Stack gap="md">
        <Title order={2} fz="lg" id="citations-settings-heading">
          Citations settings
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Number format"
            description="{YYYY} or {YY} is the year, {NNNNNN} the agency’s sequence with as many digits as N’s (at least 4)."
            value={format}
            onChange={(e) => setFormat(e.currentTarget.value)}
            error={fieldError('number_format')}
          />
          <NumberInput
            label="Next number in the sequence"
            description={current !== null ? `Only forward: ${current} or more (a number given is never given again).` : 'Loading…'}
            min={current ?? 1}
            value={next}
            onChange={(value) => setNextNumber(typeof value === 'number' ? value : null)}
            error={fieldError('next_number')}
            allowDecimal={false}
          />
        </SimpleGrid>
        <Text fz="sm" role="status" data-testid="number-preview">
          {preview ? `The next citation issued reads ${preview}.` : 'Include the sequence, e.g. {NNNNNN}, to see the next number.'}
        </Text>
        <Stack gap="xs">
          <Text fw={600}>Courts</Text>
          <Text fz="sm" c="dimmed">
            A citation answers in the first court that takes its kind unless the officer picks another; its appearance date is the first day
            the court sits, at least the court’s days after the stop, that is not a holiday.
          </Text>
          {courts.length === 0 ? <Text fz="sm">No court yet: citations other than warnings cannot be issued without one.</Text> : null}
          {courts.map((court, index) => (
            <CourtCard
              key={index}
              court={court}
              index={index}
              error={fieldError}
              onChange={(changed) => setCourts((all) => all.map((c, i) => (i === index ? changed : c)))}
              onRemove={() => setCourts((all) => all.filter((_, i) => i !== index))}
            />
          ))}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() =>
                setCourts((all) => [
                  ...all,
                  {
                    key: '',
                    name: '',
                    address: '',
                    phone: '',
                    session_days: [1, 2, 3, 4, 5],
                    session_time: '09:00',
                    min_days: 14,
                    kinds: ['traffic'],
                  },
                ])
              }
            >
              Add a court
            </Button>
          </Group>
        </Stack>
        <Stack gap="xs">
          <Text fw={600} id="holidays-label">
            Holidays (no court sits)
          </Text>
          {holidays.map((holiday, index) => (
            <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                type="date"
                label={`Holiday ${index + 1} date`}
                value={holiday.date}
                onChange={(e) => {
                  const date = e.currentTarget.value;
                  setHolidays((all) => all.map((h, i) => (i === index ? { ...h, date } : h)));
                }}
                error={fieldError(`holidays.${index}.date`)}
              />
              <TextInput
                label="Name"
                value={holiday.name}
                onChange={(e) => {
                  const name = e.currentTarget.value;
                  setHolidays((all) => all.map((h, i) => (i === index ? { ...h, name } : h)));
                }}
                error={fieldError(`holidays.${index}.name`)}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={`Remove holiday ${holiday.name || index + 1}`}
                onClick={() => setHolidays((all) => all.filter((_, i) => i !== index))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setHolidays((all) => [...all, { date: '', name: '' }])}
            >
              Add a holiday
            </Button>
          </Group>
        </Stack>
        <Textarea
          label="Text on the violator’s copy"
          description="How to pay, plead or contest: printed under the citation on the copy handed to the violator."
          autosize
          minRows={4}
          value={copyText}
          onChange={(e) => setCopyText(e.currentTarget.value)}
          error={fieldError('violator_copy_text')}
        />
        <FormErrorAlert
          message={error && !placed ? errorMessage(error) : placed ? 'Some settings need fixing: see the marked fields.' : null}
        />
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={update.isPending}>
            Save the settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

const EMPTY_STATUTE: StatuteInput = {
  code: '',
  description: '',
  kinds: ['traffic'],
  fine_cents: null,
  points: 0,
  moving: true,
  speeding: false,
  effective_from: new Date().toISOString().slice(0, 10),
  effective_to: null,
};

function StatuteDialog({ statute, onClose }: { statute: Statute | 'new'; onClose: () => void }) {
  const saveStatute = useSaveStatute();
  const [key] = useState(() => crypto.randomUUID());
  const [input, setInput] = useState<StatuteInput>(() =>
    statute === 'new'
      ? EMPTY_STATUTE
      : {
          code: statute.code,
          description: statute.description,
          kinds: statute.kinds,
          fine_cents: statute.fine_cents,
          points: statute.points,
          moving: statute.moving,
          speeding: statute.speeding,
          effective_from: statute.effective_from,
          effective_to: statute.effective_to,
        },
  );
  const [error, setError] = useState<unknown>(null);
  const fieldError = fieldErrorOf(error);
  const set = (change: Partial<StatuteInput>) => setInput((current) => ({ ...current, ...change }));
  const save = async () => {
    setError(null);
    try {
      await saveStatute.mutateAsync({
        id: statute === 'new' ? null : statute.id,
        input,
        version: statute === 'new' ? 0 : statute.version,
        key,
      });
      notifications.show({ color: 'green', title: 'Saved', message: `${input.code} is in the statute library.` });
      onClose();
    } catch (failure) {
      setError(failure);
    }
  };
  const placed = isApiError(error) && Object.keys(error.fields).length > 0;
  return (
    <Modal
      opened
      onClose={onClose}
      title={statute === 'new' ? 'Add a statute' : `Edit ${statute.code}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Code"
            required
            value={input.code}
            onChange={(e) => set({ code: e.currentTarget.value })}
            error={fieldError('code')}
            data-autofocus
          />
          <TextInput
            label="Fine or bond ($)"
            description="Empty: set by the court"
            inputMode="decimal"
            value={input.fine_cents === null ? '' : String(input.fine_cents / 100)}
            onChange={(e) => {
              const text = e.currentTarget.value.replace(/[^0-9.]/g, '');
              set({ fine_cents: text === '' ? null : Math.round(Number(text) * 100) });
            }}
            error={fieldError('fine_cents')}
          />
        </SimpleGrid>
        <TextInput
          label="Description"
          required
          value={input.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          error={fieldError('description')}
        />
        <Checkbox.Group
          label="Written on"
          value={input.kinds}
          onChange={(kinds) => set({ kinds: kinds as CitationKind[] })}
          error={fieldError('kinds')}
        >
          <Group gap="sm" mt={4}>
            {CITATION_KINDS.map((kind) => (
              <Checkbox key={kind} value={kind} label={CITATION_KIND_LABELS[kind]} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput
            label="Points"
            min={0}
            max={20}
            value={input.points}
            onChange={(v) => set({ points: typeof v === 'number' ? v : 0 })}
            error={fieldError('points')}
          />
          <Switch label="Moving violation" checked={input.moving} onChange={(e) => set({ moving: e.currentTarget.checked })} mt="lg" />
          <Switch
            label="Speeding (records speed and limit)"
            checked={input.speeding}
            onChange={(e) => set({ speeding: e.currentTarget.checked })}
            mt="lg"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="date"
            label="In force from"
            value={input.effective_from}
            onChange={(e) => set({ effective_from: e.currentTarget.value })}
            error={fieldError('effective_from')}
          />
          <TextInput
            type="date"
            label="Last day in force"
            description="Empty: still in force"
            value={input.effective_to ?? ''}
            onChange={(e) => set({ effective_to: e.currentTarget.value || null })}
            error={fieldError('effective_to')}
          />
        </SimpleGrid>
        <FormErrorAlert message={error && !placed ? errorMessage(error) : null} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={saveStatute.isPending}>
            Save the statute
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ImportResult({ result, dryRun }: { result: ImportStatutesResult; dryRun: boolean }) {
  if (result.errors.length > 0)
    return (
      <Alert
        color="red"
        title={`${result.errors.length} ${result.errors.length === 1 ? 'line is' : 'lines are'} refused: nothing was saved`}
        role="alert"
      >
        <List size="sm" spacing={2} data-testid="import-errors">
          {result.errors.map((e) => (
            <List.Item key={`${e.line}-${e.message}`}>
              Line {e.line}: {e.message}
            </List.Item>
          ))}
        </List>
      </Alert>
    );
  return (
    <Alert color={dryRun ? 'blue' : 'green'} role="status" title={dryRun ? 'Every line reads well' : 'Imported'}>
      {dryRun ? 'Importing would add' : 'Added'} {result.created} and {dryRun ? 'update' : 'updated'} {result.updated}{' '}
      {result.created + result.updated === 1 ? 'statute' : 'statutes'}.
    </Alert>
  );
}

function StatuteLibrary() {
  const statutes = useStatutes();
  const importer = useImportStatutes();
  const [editing, setEditing] = useState<Statute | 'new' | null>(null);
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [result, setResult] = useState<{ result: ImportStatutesResult; dryRun: boolean } | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const run = async (dryRun: boolean) => {
    if (!csv) return;
    setImportError(null);
    try {
      const answer = await importer.mutateAsync({ csv: csv.text, dryRun });
      setResult({ result: answer, dryRun });
      if (!dryRun && answer.errors.length === 0) setCsv(null);
    } catch (failure) {
      setImportError(errorMessage(failure));
    }
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="statutes-heading">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg" id="statutes-heading">
            Statute library
          </Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            Add a statute
          </Button>
        </Group>
        {statutes.isPending ? (
          <LoadingState label="Loading the statutes…" />
        ) : statutes.isError ? (
          <ErrorState message={errorMessage(statutes.error)} onRetry={() => void statutes.refetch()} />
        ) : statutes.data.length === 0 ? (
          <EmptyState title="No statute yet">Add them one by one or import a CSV.</EmptyState>
        ) : (
          <TableScroll minWidth={760} tabIndex={0} aria-label="Statutes">
            <Table verticalSpacing={4} fz="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Code</Table.Th>
                  <Table.Th scope="col">Description</Table.Th>
                  <Table.Th scope="col">Kinds</Table.Th>
                  <Table.Th scope="col">Fine</Table.Th>
                  <Table.Th scope="col">Points</Table.Th>
                  <Table.Th scope="col">In force</Table.Th>
                  <Table.Th scope="col">Edit</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {statutes.data.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.code}</Table.Td>
                    <Table.Td>
                      {s.description}
                      {s.speeding ? ' (speeding)' : ''}
                      {s.moving ? '' : ' (non-moving)'}
                    </Table.Td>
                    <Table.Td>{s.kinds.map((k) => CITATION_KIND_LABELS[k]).join(', ')}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(s.fine_cents)}</Table.Td>
                    <Table.Td>{s.points}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {s.effective_from} – {s.effective_to ?? 'now'}
                    </Table.Td>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => setEditing(s)} aria-label={`Edit ${s.code}`}>
                        Edit
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        <Stack gap="xs">
          <Text fw={600}>Import from a CSV</Text>
          <Text fz="sm" c="dimmed">
            Columns: code, description, kinds (traffic|parking|ordinance|warning), fine, points, moving, speeding, effective_from,
            effective_to. A statute with the same code is updated. Try it first: nothing is saved while a line is refused.
          </Text>
          <Group gap="sm" wrap="wrap">
            <FileButton
              accept=".csv,text/csv"
              onChange={(file) => {
                setResult(null);
                setImportError(null);
                if (!file) return;
                void file.text().then((text) => setCsv({ name: file.name, text }));
              }}
            >
              {(props) => (
                <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} {...props}>
                  Choose a CSV file
                </Button>
              )}
            </FileButton>
            {csv ? <Text fz="sm">{csv.name}</Text> : null}
            <Button
              variant="default"
              disabled={!csv}
              loading={importer.isPending && importer.variables?.dryRun}
              onClick={() => void run(true)}
            >
              Try it (nothing saved)
            </Button>
            <Button
              disabled={!csv || !result || !result.dryRun || result.result.errors.length > 0}
              loading={importer.isPending && !importer.variables?.dryRun}
              onClick={() => void run(false)}
            >
              Import
            </Button>
          </Group>
          {result ? <ImportResult result={result.result} dryRun={result.dryRun} /> : null}
          <FormErrorAlert message={importError} />
        </Stack>
      </Stack>
      {editing ? <StatuteDialog statute={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

/** /admin/modules/citations below the module switch: numbering, courts, holidays, the violator's copy and the statute library. */
export function CitationsSettingsPanel({ moduleEnabled }: { moduleEnabled?: boolean | undefined }) {
  const settings = useCitationsSettings();
  return (
    <ModuleSettingsGate
      moduleEnabled={moduleEnabled}
      settings={settings}
      module="Citations"
      holds="numbering, courts, holidays, the violator’s copy and the statute library"
    >
      {(data) => (
        <Stack gap="md">
          <SettingsEditor settings={data} />
          <StatuteLibrary />
        </Stack>
      )}
    </ModuleSettingsGate>
  );
}
