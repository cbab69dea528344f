import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { BinderDetail } from '../../core/contracts/fto.ts';
import { errorMessage, isApiError } from '../lib/api-error.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { FormErrorAlert } from '../ui/states.tsx';
import { useAdvanceSignature } from './fto-calls.ts';

/**
 * The signatures of a phase advancement, on the binder's page: a trainer recommends advancing (with the
 * reason), the trainee acknowledges (with an optional comment), then the coordinator signs the advance.
 */
export function AdvancementPanel({ binder }: { binder: BinderDetail }) {
  const dates = useAgencyDates();
  const sign = useAdvanceSignature();
  const [writing, setWriting] = useState(false);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = binder.advance_request;
  const next = binder.program.phases[binder.program.phases.findIndex((p) => p.key === binder.phase_key) + 1];
  if (!next && !request) return null;
  const recommending = binder.can.recommend_advance && !request;
  const acknowledging = binder.can.acknowledge_advance;
  const submit = async () => {
    setError(null);
    setFieldError(null);
    if (recommending && !text.trim()) return setFieldError('Say why the trainee is ready');
    try {
      await sign.mutateAsync(
        recommending
          ? { id: binder.id, version: binder.version, recommend: text.trim() }
          : { id: binder.id, version: binder.version, acknowledge: text.trim() },
      );
      setWriting(false);
      setText('');
    } catch (failure) {
      if (isApiError(failure) && (failure.fields.reason || failure.fields.comment))
        setFieldError(failure.fields.reason ?? failure.fields.comment ?? null);
      else setError(errorMessage(failure));
    }
  };
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={600}>
        Advancement{next ? ` to ${next.name}` : ''}
      </Text>
      {request ? (
        <>
          <Text fz="sm">
            Recommended by {request.recommended_by_name} on {dates.date(request.recommended_at)}: “{request.reason}”
          </Text>
          <Text fz="sm">
            {request.acknowledged_at
              ? `Acknowledged by ${binder.trainee_name} on ${dates.date(request.acknowledged_at)}${request.comment ? `: “${request.comment}”` : ''}. Waiting for the coordinator.`
              : `Waiting for ${binder.trainee_name} to acknowledge.`}
          </Text>
        </>
      ) : (
        <Text fz="sm">Not recommended yet: a trainer recommends it when the trainee is ready.</Text>
      )}
      {(recommending || acknowledging) && !writing ? (
        <Group>
          <Button size="sm" variant="light" onClick={() => setWriting(true)}>
            {recommending ? 'Recommend advancing' : 'Acknowledge the recommendation'}
          </Button>
        </Group>
      ) : null}
      {writing ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={recommending ? 'Why the trainee is ready' : 'Your comment (optional)'}
              required={recommending}
              autosize
              minRows={2}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={fieldError}
            />
            <FormErrorAlert message={error} />
            <Group gap="xs">
              <Button type="submit" size="sm" loading={sign.isPending}>
                {recommending ? 'Sign the recommendation' : 'Sign: I have read it'}
              </Button>
              <Button size="sm" variant="default" onClick={() => setWriting(false)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
