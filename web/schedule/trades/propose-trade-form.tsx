import { Alert, Button, Card, Group, Loader, Radio, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconCloudOff } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { TradeInput } from '../../../core/contracts/schedule-trades.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { IdempotencyKeys } from '../../lib/api.ts';
import { applyServerErrors, placeFieldErrors } from '../../lib/form-errors.ts';
import { useOnline } from '../../lib/online.ts';
import { parseKeptBody } from '../../lib/outbox/kept-photo-rules.ts';
import { refusalMessage } from '../../lib/outbox/outbox-rules.ts';
import { useRefusedItem } from '../../lib/outbox/outbox.ts';
import { ErrorState, FormErrorAlert } from '../../ui/states.tsx';
import { TradeReasons, useShiftLine } from './trade-card.tsx';
import { useProposeTrade, useTradeCheck, useTradeOptions } from './trades-calls.ts';

type Values = {
  requester_id: string;
  kind: 'swap' | 'giveaway';
  shift_id: string;
  recipient_id: string;
  recipient_shift_id: string;
  note: string;
};
const EMPTY: Values = { requester_id: '', kind: 'swap', shift_id: '', recipient_id: '', recipient_shift_id: '', note: '' };

/** The form's values as the contract's input ('' is "not chosen"). */
function inputOf(values: Values): TradeInput {
  return {
    kind: values.kind,
    ...(values.requester_id ? { requester_id: values.requester_id } : {}),
    shift_id: values.shift_id,
    recipient_id: values.recipient_id,
    recipient_shift_id: values.kind === 'swap' ? values.recipient_shift_id || null : null,
    note: values.note,
  };
}

const validate = (() => {
  const resolver = zod4Resolver(TradeInput);
  return (values: Values) => ({ ...resolver(inputOf(values)) }) as Record<string, string>;
})();

/**
 * Propose a trade: one of my upcoming shifts (or, for a supervisor, an officer's), a colleague and, for a
 * swap, the colleague's shift I take in exchange. As soon as the form names a whole trade the server
 * says what stands in its way (the agency's rules for each officer, staffing minimums, a shift already
 * in another trade); a trade the rules block cannot be sent. The proposal goes through the outbox.
 */
export function ProposeTradeForm({ supervisor, myId, outboxId }: { supervisor: boolean; myId: string; outboxId: string | null }) {
  const form = useForm<Values>({ initialValues: EMPTY, validate });
  const [keys] = useState(() => new IdempotencyKeys());
  const [formError, setFormError] = useState<string | null>(null);
  const online = useOnline();
  const line = useShiftLine();
  const propose = useProposeTrade();
  const refused = useRefusedItem(outboxId);
  const { values } = form;
  const requesterId = values.requester_id || myId;
  const options = useTradeOptions({
    ...(values.requester_id ? { requester_id: values.requester_id } : {}),
    ...(values.recipient_id ? { recipient_id: values.recipient_id } : {}),
  });
  const whole = values.shift_id && values.recipient_id && (values.kind === 'giveaway' || values.recipient_shift_id);
  const check = useTradeCheck(online && whole ? { ...inputOf(values), note: '' } : null);

  // A proposal the outbox could not send opens here with what was chosen and why it was refused.
  const refusedItem = refused.item;
  const { setValues, setErrors } = form;
  useEffect(() => {
    if (!refusedItem) return;
    const body = parseKeptBody(TradeInput, refusedItem.body);
    if (!body) return;
    const kept: Values = {
      requester_id: body.requester_id ?? '',
      kind: body.kind,
      shift_id: body.shift_id,
      recipient_id: body.recipient_id,
      recipient_shift_id: body.recipient_shift_id ?? '',
      note: body.note,
    };
    setValues(kept);
    setErrors(placeFieldErrors(kept, refusedItem.fields).placed);
  }, [refusedItem, setValues, setErrors]);

  const people = options.data?.people ?? [];
  const personLabel = (person: { name: string; positions: string[] }) =>
    person.positions.length ? `${person.name} (${person.positions.join(', ')})` : person.name;
  const requesterOptions = [
    { value: '', label: 'Me' },
    ...people.filter((person) => person.id !== myId).map((person) => ({ value: person.id, label: personLabel(person) })),
  ];
  const colleagueOptions = people
    .filter((person) => person.id !== requesterId)
    .map((person) => ({ value: person.id, label: personLabel(person) }));
  const shiftOptions = (options.data?.requester_shifts ?? []).map((shift) => ({ value: shift.id, label: line(shift) }));
  const theirShiftOptions = (options.data?.recipient_shifts ?? []).map((shift) => ({ value: shift.id, label: line(shift) }));
  const blocked = check.data?.verdict === 'block';
  const colleagueName = people.find((person) => person.id === values.recipient_id)?.name ?? 'the colleague';

  const send = form.onSubmit(async (submitted) => {
    setFormError(null);
    const input = TradeInput.parse(inputOf(submitted));
    try {
      const outcome = await propose.mutateAsync({
        input,
        key: keys.keyFor(input),
        summary: `Trade with ${colleagueName}`,
        ...(refusedItem ? { replaces: refusedItem.id } : {}),
      });
      keys.reset();
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
      notifications.show({
        color: outcome.kind === 'sent' ? 'green' : 'yellow',
        title: outcome.kind === 'sent' ? 'Trade proposed' : 'Kept on this device',
        message:
          outcome.kind === 'sent'
            ? `${colleagueName} is asked to accept it; a supervisor decides after that.`
            : 'It is sent when the connection is back (see the outbox).',
      });
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  });

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="propose-heading">
      <form onSubmit={send} noValidate aria-labelledby="propose-heading">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="propose-heading">
            Propose a trade
          </Title>
          {refusedItem ? (
            <Alert color="red" variant="light" role="alert" title="This proposal was refused when it was sent">
              {refusalMessage(refusedItem)} Fix it below and send it again.
            </Alert>
          ) : null}
          {options.isError ? <ErrorState message={errorMessage(options.error)} onRetry={() => void options.refetch()} /> : null}
          <Radio.Group
            label="Kind of trade"
            key={form.key('kind')}
            {...form.getInputProps('kind')}
            onChange={(kind) => form.setValues({ kind: kind as Values['kind'], recipient_shift_id: '' })}
          >
            <Group gap="lg" mt={4}>
              <Radio value="swap" label="Swap: I take one of their shifts" />
              <Radio value="giveaway" label="Giveaway: they take my shift" />
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: supervisor ? 3 : 2 }} spacing="sm">
            {supervisor ? (
              <Select
                label="Whose shift"
                description="A supervisor may arrange a trade for an officer"
                data={requesterOptions}
                searchable
                key={form.key('requester_id')}
                {...form.getInputProps('requester_id')}
                onChange={(value) => form.setValues({ requester_id: value ?? '', shift_id: '', recipient_id: '', recipient_shift_id: '' })}
                comboboxProps={{ withinPortal: true }}
              />
            ) : null}
            <Select
              label={values.requester_id ? 'Their shift to trade' : 'My shift'}
              required
              placeholder={options.isPending ? 'Loading…' : shiftOptions.length ? 'Choose a shift' : 'No upcoming shift to trade'}
              data={shiftOptions}
              key={form.key('shift_id')}
              {...form.getInputProps('shift_id')}
              onChange={(value) => form.setFieldValue('shift_id', value ?? '')}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Colleague"
              required
              searchable
              placeholder={options.isPending ? 'Loading…' : 'Choose a colleague'}
              data={colleagueOptions}
              nothingFoundMessage="Nobody by that name on the schedule"
              key={form.key('recipient_id')}
              {...form.getInputProps('recipient_id')}
              onChange={(value) => form.setValues({ recipient_id: value ?? '', recipient_shift_id: '' })}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          {values.kind === 'swap' ? (
            <Select
              label="Their shift, taken in exchange"
              required
              disabled={!values.recipient_id}
              placeholder={
                !values.recipient_id
                  ? 'Choose the colleague first'
                  : options.isFetching
                    ? 'Loading…'
                    : theirShiftOptions.length
                      ? 'Choose their shift'
                      : 'They have no upcoming shift to trade'
              }
              data={theirShiftOptions}
              key={form.key('recipient_shift_id')}
              {...form.getInputProps('recipient_shift_id')}
              onChange={(value) => form.setFieldValue('recipient_shift_id', value ?? '')}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          <Textarea
            label="Note for the colleague and the supervisor"
            autosize
            minRows={2}
            key={form.key('note')}
            {...form.getInputProps('note')}
          />
          <Stack gap="xs" aria-live="polite" data-testid="trade-check">
            {check.isFetching ? (
              <Group gap="xs">
                <Loader size="xs" aria-hidden />
                <Text fz="sm">Checking the agency’s rules…</Text>
              </Group>
            ) : check.isError ? (
              <Alert color="red" variant="light" title="The rules could not be checked">
                {errorMessage(check.error)}
              </Alert>
            ) : check.data?.verdict === 'allowed' ? (
              <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} title="No rule stands in its way">
                {colleagueName} can accept it, then a supervisor decides.
              </Alert>
            ) : check.data ? (
              <TradeReasons reasons={check.data.reasons} testId="trade-reasons" />
            ) : null}
          </Stack>
          {!online ? (
            <Alert color="yellow" variant="light" icon={<IconCloudOff aria-hidden />} role="status" title="No connection">
              The rules need the server to be checked. You can still propose the trade: it waits on this device and goes when the connection
              is back.
            </Alert>
          ) : null}
          <FormErrorAlert message={formError} />
          <Group justify="flex-end">
            <Button type="submit" loading={propose.isPending} disabled={online && (blocked || check.isFetching)}>
              Propose the trade
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
