import {
  ActionIcon,
  Button,
  Divider,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { ServiceRequest, WorkOrder, WorkOrderAttachment } from '../../../core/contracts/fleet.ts';
import { formatCents, lineTotalCents, workOrderLabel } from '../../../core/fleet/work-order-totals.ts';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { isStaleVersion } from '../../lib/api.ts';
import { placeFieldErrors } from '../../lib/form-errors.ts';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { useFleetSettings } from '../fleet-api.ts';
import { useWorkOrder } from './get-work-order.ts';
import { PersonPicker } from '../../lib/person-picker.tsx';
import { vendorOptions } from './officer-options.ts';
import { dollarsToCents } from './service-request-transitions.ts';
import { useSaveWorkOrder } from './save-work-order.ts';
import { WorkOrderAttachments } from './work-order-attachments.tsx';
import {
  emptyLine,
  formPathOf,
  previewTotals,
  workOrderInput,
  workOrderProblems,
  workOrderValues,
  type WorkOrderLineValues,
  type WorkOrderValues,
} from './work-order-form.ts';

const NOUN = { part: 'Part', labour: 'Labour' } as const;

function LineFields(props: {
  line: WorkOrderLineValues;
  index: number;
  /** Its place among the lines of its kind ("Part 2"). */
  ordinal: number;
  problems: Record<string, string>;
  onChange: (line: WorkOrderLineValues) => void;
  onRemove: () => void;
}) {
  const { line, index, problems } = props;
  const legend = `${NOUN[line.kind]} ${props.ordinal}`;
  const error = (field: string) => problems[`lines.${index}.${field}`];
  const quantity = Number(line.quantity);
  const cents = dollarsToCents(line.unit_cost);
  const amount =
    line.quantity.trim() !== '' && quantity > 0 && typeof cents === 'number' ? formatCents(lineTotalCents(quantity, cents)) : '—';
  return (
    <Fieldset legend={legend} p="xs" data-testid="work-order-line">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            style={{ flex: 1 }}
            label={line.kind === 'part' ? 'Part' : 'Work done'}
            value={line.description}
            onChange={(event) => props.onChange({ ...line, description: event.currentTarget.value })}
            error={error('description')}
          />
          <ActionIcon
            mt={26}
            variant="subtle"
            color="red"
            aria-label={`Remove ${legend.toLowerCase()}${line.description ? `: ${line.description}` : ''}`}
            onClick={props.onRemove}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: line.kind === 'part' ? 3 : 2 }} spacing="xs">
          {line.kind === 'part' ? (
            <TextInput
              label="Part number"
              value={line.part_number}
              onChange={(event) => props.onChange({ ...line, part_number: event.currentTarget.value })}
              error={error('part_number')}
            />
          ) : null}
          <TextInput
            label={line.kind === 'part' ? 'Quantity' : 'Hours'}
            inputMode="decimal"
            value={line.quantity}
            onChange={(event) => props.onChange({ ...line, quantity: event.currentTarget.value })}
            error={error('quantity')}
          />
          <TextInput
            label={line.kind === 'part' ? 'Unit cost ($)' : 'Rate per hour ($)'}
            inputMode="decimal"
            value={line.unit_cost}
            onChange={(event) => props.onChange({ ...line, unit_cost: event.currentTarget.value })}
            error={error('unit_cost')}
          />
        </SimpleGrid>
        <Text fz="sm" ta="right">
          Line total <strong>{amount}</strong>
        </Text>
      </Stack>
    </Fieldset>
  );
}

function Totals({ values }: { values: WorkOrderValues }) {
  const totals = previewTotals(values);
  const rows: Array<[string, number]> = [
    ['Parts', totals.parts_cents],
    ['Labour', totals.labour_cents],
    ['Subtotal', totals.subtotal_cents],
    [`Tax (${values.tax_rate.trim() || '0'} % of ${values.tax_labour ? 'parts and labour' : 'parts'})`, totals.tax_cents],
  ];
  return (
    <Table aria-label="Work order totals" verticalSpacing={2} data-testid="work-order-totals">
      <Table.Tbody>
        {rows.map(([label, cents]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={400}>
              {label}
            </Table.Th>
            <Table.Td ta="right">{formatCents(cents)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">Total</Table.Th>
          <Table.Td ta="right" fw={700}>
            {formatCents(totals.total_cents)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function WorkOrderForm(props: {
  request: ServiceRequest;
  order: WorkOrder | null;
  taxRate: number;
  onReload: () => Promise<unknown>;
  reloading: boolean;
  onCancel?: () => void;
}) {
  const save = useSaveWorkOrder();
  const [values, setValues] = useState<WorkOrderValues>(
    workOrderValues(props.order, { vendorId: props.request.vendor_id, taxRate: props.taxRate }),
  );
  const [files, setFiles] = useState<Record<string, WorkOrderAttachment>>(
    Object.fromEntries((props.order?.attachments ?? []).map((file) => [file.id, file])),
  );
  const [version, setVersion] = useState(props.order?.version ?? 0);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  // One start of the work order, however often it is retried after a lost answer.
  const startKey = useRef(crypto.randomUUID());

  const change = (next: Partial<WorkOrderValues>, cleared: string[]) => {
    setValues((current) => ({ ...current, ...next }));
    setProblems((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !cleared.includes(path))));
  };
  const setLine = (index: number, line: WorkOrderLineValues) =>
    change(
      { lines: values.lines.map((current, i) => (i === index ? line : current)) },
      ['description', 'part_number', 'quantity', 'unit_cost'].map((field) => `lines.${index}.${field}`),
    );
  // Removing a line moves the later ones up: their messages no longer fit, so they go (the next save says them again).
  const removeLine = (index: number) =>
    change(
      { lines: values.lines.filter((_, i) => i !== index) },
      Object.keys(problems).filter((path) => path.startsWith('lines')),
    );
  const addLine = (kind: 'part' | 'labour') => change({ lines: [...values.lines, emptyLine(kind)] }, ['lines']);

  const submit = async () => {
    setError(null);
    const found = workOrderProblems(values);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      const unplaced = Object.entries(found).filter(([path]) => path === 'lines' || path === 'attachment_ids');
      setError(unplaced.length > 0 ? unplaced.map(([, message]) => message).join(' ') : 'Some fields need fixing; they are marked.');
      return;
    }
    const input = workOrderInput(values);
    try {
      const saved = props.order
        ? await save.mutateAsync({ workOrderId: props.order.id, input, version })
        : await save.mutateAsync({ requestId: props.request.id, input, idempotencyKey: startKey.current });
      setVersion(saved.version);
      setValues(workOrderValues(saved, { vendorId: null, taxRate: props.taxRate }));
      notifications.show({
        color: 'green',
        title: 'Work order saved',
        message: `${workOrderLabel(saved.number)} totals ${formatCents(saved.total_cents)}.`,
      });
    } catch (failure) {
      if (isStaleVersion(failure)) setStale(true);
      else if (failure instanceof ApiError) {
        const fields = Object.fromEntries(Object.entries(failure.fields).map(([path, message]) => [formPathOf(path), message]));
        const { placed, unplaced } = placeFieldErrors(values, fields);
        setProblems(placed);
        setError(unplaced.length > 0 ? unplaced.join(' ') : Object.keys(placed).length > 0 ? null : errorMessage(failure));
      } else setError(errorMessage(failure));
    }
  };

  const reloadTheirs = async () => {
    const result = (await props.onReload()) as { data?: WorkOrder } | undefined;
    setStale(false);
    if (result?.data) {
      setVersion(result.data.version);
      setValues(workOrderValues(result.data, { vendorId: null, taxRate: props.taxRate }));
      setFiles(Object.fromEntries(result.data.attachments.map((file) => [file.id, file])));
    }
  };

  const ordinals = { part: 0, labour: 0 };
  return (
    <Stack gap="sm">
      {stale ? <StaleVersionAlert what="work order" onReload={() => void reloadTheirs()} reloading={props.reloading} /> : null}
      <PersonPicker
        search={vendorOptions}
        label="Vendor"
        description="The shop that billed the work, from the vendor list; empty for work done in-house"
        value={values.vendor_id}
        onChange={(vendorId) => change({ vendor_id: vendorId }, ['vendor_id'])}
        error={problems.vendor_id}
        clearable
      />
      {values.lines.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No lines yet. Add the parts used and the hours of labour.
        </Text>
      ) : null}
      {values.lines.map((line, index) => {
        ordinals[line.kind] += 1;
        return (
          <LineFields
            key={line.key}
            line={line}
            index={index}
            ordinal={ordinals[line.kind]}
            problems={problems}
            onChange={(next) => setLine(index, next)}
            onRemove={() => removeLine(index)}
          />
        );
      })}
      {problems.lines ? (
        <Text fz="sm" c="red" role="alert">
          {problems.lines}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button variant="default" size="sm" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => addLine('part')}>
          Add part
        </Button>
        <Button variant="default" size="sm" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => addLine('labour')}>
          Add labour
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Tax rate (%)"
          inputMode="decimal"
          value={values.tax_rate}
          onChange={(event) => change({ tax_rate: event.currentTarget.value }, ['tax_rate'])}
          error={problems.tax_rate}
        />
        <Switch
          mt={{ base: 0, xs: 30 }}
          label="Tax labour too"
          checked={values.tax_labour}
          onChange={(event) => change({ tax_labour: event.currentTarget.checked }, [])}
        />
      </SimpleGrid>
      <Totals values={values} />
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        value={values.notes}
        onChange={(event) => change({ notes: event.currentTarget.value }, ['notes'])}
        error={problems.notes}
      />
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          Invoice and photos
        </Text>
        <Text fz="xs" c="dimmed">
          Only the fleet office can open them.
        </Text>
        <WorkOrderAttachments
          files={values.attachment_ids.flatMap((id) => (files[id] ? [files[id]] : []))}
          onAdd={(file) => {
            setFiles((current) => ({ ...current, [file.id]: file }));
            setValues((current) => ({ ...current, attachment_ids: [...current.attachment_ids, file.id] }));
          }}
          onRemove={(id) => change({ attachment_ids: values.attachment_ids.filter((other) => other !== id) }, ['attachment_ids'])}
          error={problems.attachment_ids}
        />
      </Stack>
      <FormErrorAlert message={error} />
      <Group justify="flex-end" gap="xs">
        {props.onCancel ? (
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button onClick={() => void submit()} loading={save.isPending}>
          Save work order
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The service request's work order in the office's drawer: started from the request (its vendor and the
 * agency's tax rate filled in), then its parts and labour with the totals worked out as they are typed,
 * the invoice and photos, and notes. Completing the request records the work order's total as its cost.
 */
export function WorkOrderSection({ request }: { request: ServiceRequest }) {
  const settings = useFleetSettings();
  const order = useWorkOrder(request.work_order?.id ?? null);
  const [starting, setStarting] = useState(false);
  const taxRate = settings.data?.work_order_tax_rate ?? 0;
  const title = request.work_order ? `Work order ${workOrderLabel(request.work_order.number)}` : 'Work order';
  return (
    <Stack gap="sm" component="section" aria-labelledby="work-order-heading">
      <Divider />
      <Title order={3} fz="md" id="work-order-heading">
        {title}
      </Title>
      {request.work_order ? (
        order.isPending ? (
          <LoadingState label="Loading the work order…" />
        ) : order.isError ? (
          <ErrorState message={errorMessage(order.error)} onRetry={() => void order.refetch()} />
        ) : (
          <WorkOrderForm
            key={order.data.id}
            request={request}
            order={order.data}
            taxRate={taxRate}
            onReload={() => order.refetch()}
            reloading={order.isFetching}
          />
        )
      ) : starting ? (
        <WorkOrderForm
          request={request}
          order={null}
          taxRate={taxRate}
          onReload={() => Promise.resolve()}
          reloading={false}
          onCancel={() => setStarting(false)}
        />
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text fz="sm" c="dimmed">
            {request.status === 'declined'
              ? 'A declined request has no work to record.'
              : 'No work order yet: record the parts and labour, the tax and the vendor’s invoice. Its total becomes the request’s cost.'}
          </Text>
          {request.status !== 'declined' ? (
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setStarting(true)}>
              Start a work order
            </Button>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
