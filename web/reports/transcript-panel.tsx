import { Alert, Box, Card, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { AiDraft } from '../../core/contracts/reports.ts';
import { clockOf } from '../../core/reports/transcript.ts';
import { errorMessage } from '../lib/api-error.ts';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { useAiDraft } from './transcript-calls.ts';

/**
 * A transcript's numbered passages beside a drafted narrative: the passages the chosen sentence cites
 * are highlighted and scrolled into view, so the officer checks each sentence against what was said.
 */
export function TranscriptPassages({
  passages,
  active,
  height = 480,
}: {
  passages: AiDraft['passages'];
  active: string[];
  height?: number;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const first = active[0];
    if (!first) return;
    viewport.current?.querySelector(`[data-passage="${first}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [active]);
  return (
    <ScrollArea.Autosize mah={height} viewportRef={viewport} type="auto" offsetScrollbars>
      <Stack
        component="ol"
        gap={2}
        m={0}
        p={0}
        className="precinct-transcript"
        aria-label="Transcript passages"
        style={{ listStyle: 'none' }}
      >
        {passages.map((passage) => (
          <Box
            component="li"
            key={passage.id}
            data-passage={passage.id}
            data-active={active.includes(passage.id)}
            aria-current={active.includes(passage.id) ? 'true' : undefined}
            px="xs"
            py={4}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Text fz="sm">
              <Text span fw={700} ff="monospace" fz="xs" mr={6}>
                {passage.id}
              </Text>
              {passage.start_ms !== null ? (
                <Text span c="dimmed" ff="monospace" fz="xs" mr={6}>
                  {clockOf(passage.start_ms)}
                </Text>
              ) : null}
              {passage.speaker ? (
                <Text span fw={600} mr={4}>
                  {passage.speaker}:
                </Text>
              ) : null}
              {passage.text}
            </Text>
          </Box>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** The transcript an AI-drafted report came from, for its form: the cited passages of the sentence being edited light up. */
export function DraftTranscriptCard({ draftId, active }: { draftId: string; active: string[] }) {
  const draft = useAiDraft(draftId);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="draft-transcript-title">
      <Stack gap="xs">
        <Group gap="xs">
          <IconSparkles size={18} aria-hidden />
          <Title order={2} fz="md" id="draft-transcript-title">
            Transcript the draft came from
          </Title>
        </Group>
        {draft.isPending ? (
          <LoadingState label="Loading the transcript…" />
        ) : draft.isError ? (
          <ErrorState message={errorMessage(draft.error)} onRetry={() => void draft.refetch()} />
        ) : (
          <>
            <Text fz="sm" c="dimmed">
              {draft.data.file_name ?? 'Pasted transcript'} · {draft.data.passages.length} passages. Put the cursor in an underlined
              sentence of the narrative (or choose one) to see the passages it comes from.
            </Text>
            <TranscriptPassages passages={draft.data.passages} active={active} height={360} />
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The disclosure an AI-assisted report carries, after its narrative (on screen and in print). */
export function AiDisclosure({ draftId }: { draftId: string }) {
  const draft = useAiDraft(draftId);
  if (draft.isPending) return <LoadingState label="Loading the AI disclosure…" />;
  if (draft.isError) return <ErrorState message={errorMessage(draft.error)} onRetry={() => void draft.refetch()} />;
  if (!draft.data.disclosure) return null;
  return (
    <Alert variant="light" color="gray" icon={<IconSparkles size={18} aria-hidden />} title="AI disclosure">
      {draft.data.disclosure}
    </Alert>
  );
}
