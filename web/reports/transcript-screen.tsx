import {
  Alert,
  Anchor,
  Blockquote,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  List,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconFileUpload, IconSparkles } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Fragment, useEffect, useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { GUIDED_KEYS, type AiDraft, type AiDraftingStatus } from '../../core/contracts/reports.ts';
import { GUIDED_TEMPLATES } from '../../core/reports/guided-templates.ts';
import { parseTranscript, TRANSCRIPT_FORMAT_LABELS, TRANSCRIPT_MAX_CHARS } from '../../core/reports/transcript.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { deviceCopyKey, dropDeviceCopy, readDeviceCopy, writeDeviceCopy } from '../lib/device-copy.ts';
import { functionFailure } from '../lib/edge-functions.ts';
import { useAuthState } from '../lib/session/session.ts';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { ReportsPage } from './reports-ui.tsx';
import { TranscriptPassages } from './transcript-panel.tsx';
import { useAiDraft, useAiStatus, useDraftNarrative, useUseAiDraft } from './transcript-calls.ts';

/**
 * /reports/templates/ai/transcript: the officer pastes or uploads a transcript (text, WebVTT, SRT),
 * gets a draft narrative from the operator's AI provider, checks each sentence against the passages it
 * cites, signs the agency's acknowledgement with their name, and opens the report with that narrative.
 * What they typed is kept on the device until the report exists, so a failed or slow provider, a reload
 * or a lost connection loses nothing.
 */

const Kept = z.object({
  type_key: z.string(),
  transcript: z.string(),
  file_name: z.nullable(z.string()),
  draft_id: z.nullable(z.string()),
});
type Kept = z.infer<typeof Kept>;

const MAX_FILE_BYTES = 1024 * 1024;

function useKeptInput(userId: string) {
  const key = deviceCopyKey(userId, 'ai-transcript', 'new');
  const [kept, setKept] = useState<Kept>(
    () => readDeviceCopy(localStorage, key, Kept)?.values ?? { type_key: '', transcript: '', file_name: null, draft_id: null },
  );
  useEffect(() => {
    if (kept.transcript || kept.draft_id)
      writeDeviceCopy(localStorage, key, { version: 0, changed_at: new Date().toISOString(), values: kept });
    else dropDeviceCopy(localStorage, key);
  }, [key, kept]);
  return [kept, setKept, () => dropDeviceCopy(localStorage, key)] as const;
}

export function TranscriptScreen() {
  const status = useAiStatus();
  return (
    <ReportsPage
      title="Draft from a transcript"
      description="Paste or upload a body-worn camera transcript and get a first narrative whose every sentence points to what was said. You check it, fill the gaps and sign it: the report is yours."
      breadcrumbs={[
        { label: 'Reports', to: '/reports' },
        { label: 'Templates', to: '/reports/templates/select' },
      ]}
    >
      {status.isPending ? (
        <LoadingState label="Checking whether drafting is set up…" />
      ) : status.isError ? (
        <ErrorState message={errorMessage(status.error)} onRetry={() => void status.refetch()} />
      ) : !status.data.configured ? (
        <NotSetUp />
      ) : status.data.types.length === 0 ? (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="Your agency has not allowed drafting for any report type"
        >
          An administrator chooses the report types that may be drafted from a transcript in Settings, Reports (AI drafting). Until then,
          <GuidedLinks />
        </Alert>
      ) : (
        <Drafting status={status.data} />
      )}
    </ReportsPage>
  );
}

function GuidedLinks() {
  return (
    <>
      {' '}
      use a guided template:{' '}
      {GUIDED_KEYS.map((key, index) => (
        <Fragment key={key}>
          {index > 0 ? ', ' : ''}
          <Anchor component={Link} to={`/reports/templates/${key}`}>
            {GUIDED_TEMPLATES[key].name}
          </Anchor>
        </Fragment>
      ))}
      .
    </>
  );
}

function NotSetUp() {
  return (
    <Alert color="gray" icon={<IconSparkles size={18} aria-hidden />} title="Drafting from a transcript is not set up on this server">
      <Text fz="sm">
        It needs an AI provider, which whoever runs Precinct for your agency sets up (AI_BASE_URL, AI_MODEL and AI_API_KEY: any
        OpenAI-compatible service, including one running on the agency&apos;s own server). Until then, write the narrative yourself or
        <GuidedLinks />
      </Text>
    </Alert>
  );
}

function Drafting({ status }: { status: AiDraftingStatus }) {
  const userId = useAuthState().session?.user.id ?? 'anonymous';
  const [kept, setKept, forget] = useKeptInput(userId);
  const draftNarrative = useDraftNarrative();
  const keptDraft = useAiDraft(kept.draft_id);
  const typeKey = status.types.some((type) => type.key === kept.type_key) ? kept.type_key : status.types[0]!.key;
  const parsed = useMemo(() => (kept.transcript.trim() ? parseTranscript(kept.transcript) : null), [kept.transcript]);
  const [fileError, setFileError] = useState<string | null>(null);
  const failure = draftNarrative.isError ? functionFailure(draftNarrative.error) : null;

  const readFile = async (file: File | null) => {
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setFileError(`“${file.name}” is larger than 1 MB: use a transcript file, not a recording`);
    const text = await file.text();
    if (text.includes('\u0000')) return setFileError(`“${file.name}” is not a text file: upload the transcript as .txt, .vtt or .srt`);
    setKept({ ...kept, transcript: text, file_name: file.name, draft_id: null });
  };
  const draft = () =>
    draftNarrative.mutate(
      { type_key: typeKey, transcript: kept.transcript, ...(kept.file_name ? { file_name: kept.file_name } : {}) },
      { onSuccess: (made) => setKept({ ...kept, type_key: typeKey, draft_id: made.id }) },
    );

  if (kept.draft_id && keptDraft.isPending) return <LoadingState label="Loading your draft…" />;
  if (kept.draft_id && keptDraft.isError)
    return (
      <Stack gap="sm" align="flex-start">
        <ErrorState
          title="Your draft could not be loaded"
          message={errorMessage(keptDraft.error)}
          onRetry={() => void keptDraft.refetch()}
        />
        <Button variant="default" onClick={() => setKept({ ...kept, draft_id: null })}>
          Back to the transcript
        </Button>
      </Stack>
    );
  if (kept.draft_id && keptDraft.data && !keptDraft.data.report_id)
    return (
      <DraftReview
        draft={keptDraft.data}
        typeLabel={status.types.find((type) => type.key === keptDraft.data.type_key)?.label ?? keptDraft.data.type_key}
        acknowledgement={status.acknowledgement_text}
        onStartOver={() => setKept({ ...kept, draft_id: null })}
        onUsed={forget}
      />
    );

  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={(event) => (event.preventDefault(), draft())}>
      <Stack gap="sm">
        <NativeSelect
          label="Type of report"
          description="The types your agency allows to be drafted from a transcript."
          data={status.types.map((type) => ({ value: type.key, label: type.label }))}
          value={typeKey}
          onChange={(event) => setKept({ ...kept, type_key: event.currentTarget.value })}
          error={failure?.fields.type_key}
        />
        <Group gap="sm" align="center" wrap="wrap">
          <FileButton onChange={(file) => void readFile(file)} accept=".txt,.vtt,.srt,text/plain,text/vtt,application/x-subrip">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconFileUpload size={18} aria-hidden />}>
                Upload a transcript
              </Button>
            )}
          </FileButton>
          <Text fz="sm" c="dimmed">
            {kept.file_name ? `From “${kept.file_name}”.` : 'A .txt, .vtt (WebVTT) or .srt file, or paste below.'}
          </Text>
        </Group>
        {fileError ? (
          <Text fz="sm" c="red" role="alert">
            {fileError}
          </Text>
        ) : null}
        <Textarea
          label="Transcript"
          description="Each line or caption becomes a numbered passage the draft cites. “Name: words” lines name the speaker."
          autosize
          minRows={8}
          maxRows={20}
          maxLength={TRANSCRIPT_MAX_CHARS}
          value={kept.transcript}
          onChange={(event) =>
            setKept({ ...kept, transcript: event.currentTarget.value, file_name: kept.transcript ? kept.file_name : null })
          }
          error={failure?.fields.transcript ?? (parsed && !parsed.ok ? parsed.message : undefined)}
        />
        {parsed?.ok ? (
          <Text fz="sm" c="dimmed" aria-live="polite">
            Read as {TRANSCRIPT_FORMAT_LABELS[parsed.format]}: {parsed.passages.length} passage{parsed.passages.length === 1 ? '' : 's'}.
          </Text>
        ) : null}
        {failure ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={failure.title}>
            {failure.message ?? 'The draft could not be made. Nothing you entered was lost: try again.'}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button
            type="submit"
            leftSection={<IconSparkles size={18} aria-hidden />}
            loading={draftNarrative.isPending}
            disabled={!parsed?.ok}
          >
            Draft the narrative
          </Button>
          {draftNarrative.isPending ? (
            <Text fz="sm" c="dimmed" aria-live="polite">
              Drafting with {status.model}: this can take up to a minute.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

const PLACEHOLDER = /(\[INSERT[^\]]*\])/g;

/** A sentence's text with its placeholders marked. */
function SentenceText({ text }: { text: string }) {
  return (
    <>
      {text.split(PLACEHOLDER).map((part, index) =>
        index % 2 === 1 ? (
          <mark key={index} className="precinct-placeholder">
            {part}
          </mark>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function DraftReview(props: { draft: AiDraft; typeLabel: string; acknowledgement: string; onStartOver: () => void; onUsed: () => void }) {
  const { draft } = props;
  const [active, setActive] = useState<string[]>([]);
  const [signature, setSignature] = useState('');
  const [key] = useState(() => crypto.randomUUID());
  const use = useUseAiDraft();
  const navigate = useNavigate();
  const notes = draft.paragraphs.flat().flatMap((sentence) => sentence.notes);
  const signatureError = use.isError && isApiError(use.error) ? use.error.fields.signature : undefined;
  const sign = () =>
    use.mutate(
      { id: draft.id, signature, key },
      {
        onSuccess: (report) => {
          props.onUsed();
          void navigate({ to: '/reports/$report_id', params: { report_id: report.id } });
        },
      },
    );
  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="draft-title" className="precinct-draft">
            <Stack gap="xs">
              <Title order={2} fz="lg" id="draft-title">
                Draft narrative: {props.typeLabel}
              </Title>
              <Text fz="sm" c="dimmed">
                Choose a sentence to see the passages it comes from. {draft.model}, {draft.passages.length} passages,{' '}
                {Math.round(draft.duration_ms / 100) / 10} s.
              </Text>
              {draft.paragraphs.map((sentences, p) => (
                <Text key={p} fz="sm" lh={1.7}>
                  {sentences.map((sentence, s) => (
                    <Fragment key={s}>
                      {s > 0 ? ' ' : null}
                      {sentence.passages.length > 0 ? (
                        <Anchor
                          component="button"
                          type="button"
                          fz="sm"
                          c="inherit"
                          ta="left"
                          underline="always"
                          style={{ textDecorationStyle: 'dotted', display: 'inline' }}
                          aria-pressed={active.join(' ') === sentence.passages.join(' ')}
                          aria-label={`${sentence.text} (from ${sentence.passages.join(', ')})`}
                          onClick={() => setActive(sentence.passages)}
                        >
                          <SentenceText text={sentence.text} />
                        </Anchor>
                      ) : (
                        <SentenceText text={sentence.text} />
                      )}
                    </Fragment>
                  ))}
                </Text>
              ))}
              {draft.placeholders.length > 0 ? (
                <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
                  {draft.placeholders.length} [INSERT …] placeholder{draft.placeholders.length === 1 ? '' : 's'} to replace in the report
                  before it can be submitted.
                </Alert>
              ) : null}
              {notes.length > 0 ? (
                <div>
                  <Text fz="sm" fw={600}>
                    What the check against the transcript changed
                  </Text>
                  <List size="sm" spacing={2}>
                    {notes.map((note, index) => (
                      <List.Item key={index}>{note}</List.Item>
                    ))}
                  </List>
                </div>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="passages-title">
            <Stack gap="xs">
              <Title order={2} fz="lg" id="passages-title">
                Transcript
              </Title>
              <Text fz="sm" c="dimmed">
                {draft.file_name ?? 'Pasted transcript'}
              </Text>
              <TranscriptPassages passages={draft.passages} active={active} />
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <Card
        withBorder
        radius="md"
        padding="md"
        component="form"
        onSubmit={(event) => (event.preventDefault(), sign())}
        aria-labelledby="ack-title"
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id="ack-title">
            Acknowledgement
          </Title>
          <Blockquote p="sm" fz="sm">
            {props.acknowledgement}
          </Blockquote>
          <TextInput
            label="Type your full name to sign"
            value={signature}
            onChange={(event) => setSignature(event.currentTarget.value)}
            error={signatureError}
            autoComplete="name"
            required
          />
          <Text fz="sm" c="dimmed">
            The report will say that AI assisted with its first draft, with the model, the transcript and your signature.
          </Text>
          {use.isError && !signatureError ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="The report could not be started">
              {errorMessage(use.error)}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={use.isPending} disabled={!signature.trim()}>
              Sign and use this draft
            </Button>
            <Button variant="default" onClick={props.onStartOver}>
              Back to the transcript
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
