import { Alert, Badge, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { AddCommentInput, type Person, type Task } from '../../core/contracts/productivity.ts';
import { IdempotencyKeys } from '../lib/api.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { schemaProblems } from '../lib/form-errors.ts';
import { discardItem, useOutbox } from '../lib/outbox/outbox.ts';
import { refusalMessage, type OutboxItem } from '../lib/outbox/outbox-rules.ts';
import { ErrorState, LoadingState } from '../ui/states.tsx';
import { useComments } from './productivity-calls.ts';
import { useSendComment } from './task-drawer-calls.ts';
import { mentionsIn } from './task-fields.tsx';

const COMMENT_ENDPOINT = 'productivity.addComment';

/** The body of a comment kept in the outbox, read with the contract (an item of another shape is none). */
function keptBody(item: OutboxItem): string | null {
  const parsed = AddCommentInput.safeParse(item.body);
  return parsed.success ? parsed.data.body : null;
}

/**
 * A task's comments, and a new one with @mentions. It goes through the offline outbox: with no
 * connection it shows here as waiting to send and is sent once (its Idempotency-Key) when the
 * connection is back; one the server then refuses comes back into the box with the server's message,
 * to fix and send again (replacing it in the outbox) or discard.
 */
export function TaskComments({ task, people }: { task: Task; people: Person[] }) {
  const comments = useComments(task.id);
  const send = useSendComment();
  const dates = useAgencyDates();
  const { items } = useOutbox();
  const [keys] = useState(() => new IdempotencyKeys());
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fixing, setFixing] = useState<OutboxItem | null>(null);
  const mine = useMemo(() => items.filter((item) => item.endpoint === COMMENT_ENDPOINT && item.params?.id === task.id), [items, task.id]);
  const waiting = mine.filter((item) => item.state === 'waiting');
  const refused = mine.find((item) => item.state === 'rejected' && item.id !== fixing?.id) ?? null;

  // A refused comment comes back into the box (when the box holds nothing else), with why.
  const refusedText = refused && !fixing && body.trim() === '' ? keptBody(refused) : null;
  if (refused && refusedText !== null) {
    setFixing(refused);
    setBody(refusedText);
    setError(`Not sent: ${refusalMessage(refused)}`);
  }

  const submit = () => {
    const input = { body: body.trim(), mention_ids: mentionsIn(body, people) };
    const problems = schemaProblems(AddCommentInput, input);
    if (problems.body) return setError(problems.body);
    setError(null);
    send.mutate(
      {
        taskId: task.id,
        taskTitle: task.title,
        body: input,
        idempotencyKey: keys.keyFor(input),
        ...(fixing ? { replaces: fixing.id } : {}),
      },
      {
        onSuccess: () => {
          keys.reset();
          setBody('');
          setFixing(null);
        },
        onError: (failure) => {
          const fields = isApiError(failure) ? Object.values(failure.fields) : [];
          setError(fields.length ? fields.join(' ') : errorMessage(failure));
        },
      },
    );
  };
  const discard = () => {
    if (!fixing) return;
    void discardItem(fixing.id).then(() => {
      setFixing(null);
      setBody('');
      setError(null);
    });
  };

  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Comments
      </Title>
      {comments.isPending ? (
        <LoadingState label="Loading the comments…" />
      ) : comments.isError ? (
        <ErrorState message={errorMessage(comments.error)} onRetry={() => void comments.refetch()} />
      ) : (
        <>
          {comments.data.map((comment) => (
            <Stack key={comment.id} gap={0}>
              <Text fz="xs" c="dimmed">
                {comment.author.name} · {dates.dateTime(comment.created_at)}
              </Text>
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {comment.body}
              </Text>
            </Stack>
          ))}
          {comments.data.length === 0 && waiting.length === 0 ? <Text fz="sm">No comments yet.</Text> : null}
        </>
      )}
      {waiting.map((item) => (
        <Stack key={item.id} gap={2} data-testid="waiting-comment">
          <Group gap="xs">
            <Text fz="xs" c="dimmed">
              You · {dates.dateTime(item.created_at)}
            </Text>
            <Badge variant="light" color="blue" c="var(--mantine-color-text)" leftSection={<IconCloudOff size={12} aria-hidden />}>
              Waiting to send
            </Badge>
          </Group>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {keptBody(item) ?? ''}
          </Text>
        </Stack>
      ))}
      {waiting.length > 0 ? (
        <Alert color="blue" variant="light" role="status" icon={<IconCloudOff aria-hidden />}>
          Saved on this device; {waiting.length === 1 ? 'it' : 'they'} will be sent when you are back online.
        </Alert>
      ) : null}
      <Textarea
        label="New comment"
        description={people.length ? `Mention someone with @ and their name (@${people[0]?.name ?? ''})` : undefined}
        autosize
        minRows={2}
        value={body}
        error={error}
        onChange={(e) => setBody(e.currentTarget.value)}
      />
      <Group gap="xs">
        <Button variant="default" loading={send.isPending} onClick={submit}>
          {fixing ? 'Send the comment again' : 'Add the comment'}
        </Button>
        {fixing ? (
          <Button variant="subtle" color="red" onClick={discard}>
            Discard it
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
