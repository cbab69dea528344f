import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  SERVICE_REQUEST_PRIORITIES,
  UpdateServiceRequestInput,
  type ServiceRequest,
  type ServiceRequestPriority,
  type ServiceRequestStatus,
} from '../../../core/contracts/fleet.ts';
import { PersonPicker } from '../../lib/person-picker.tsx';
import { RecordTasks } from '../../lib/record-tasks.tsx';
import { fleetOfficeOptions, vendorOptions } from './officer-options.ts';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { placeFieldErrors, schemaProblems } from '../../lib/form-errors.ts';
import { ErrorState, FormErrorAlert, LoadingState } from '../../ui/states.tsx';
import { PRIORITY_LABELS, REQUEST_STATUS_LABELS, RequestStatusBadge } from '../fleet-badges.tsx';
import { labelOf } from './fleet-admin-page.tsx';
import { StaleVersionAlert } from '../../ui/stale-version-alert.tsx';
import { isStaleVersion } from '../../lib/api.ts';
import { useFleetSettings, useServiceRequest } from '../fleet-api.ts';
import { allowedMoves, centsToDollars, dollarsToCents, MOVE_LABELS, noteRequiredFor } from './service-request-transitions.ts';
import { useUpdateServiceRequest } from './update-service-request.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { StoredPhoto } from '../../ui/stored-photo.tsx';
import { formatCents, workOrderLabel } from '../../../core/fleet/work-order-totals.ts';
import { WorkOrderSection } from './work-order-section.tsx';

/** Who works a request: nobody yet, someone of the fleet office, or an outside vendor (never both). */
type Assign = 'nobody' | 'person' | 'vendor';

type WorkValues = {
  move: ServiceRequestStatus | 'stay';
  note: string;
  priority: ServiceRequestPriority;
  /** YYYY-MM-DD, or '' for no due date. */
  due_on: string;
  assign: Assign;
  assignee_id: string | null;
  vendor_id: string | null;
  cost: string;
  out_of_service: boolean;
  category: string;
};

function valuesOf(request: ServiceRequest): WorkValues {
  return {
    move: 'stay',
    note: '',
    priority: request.priority,
    due_on: request.due_on ?? '',
    assign: request.assignee_id ? 'person' : request.vendor_id ? 'vendor' : 'nobody',
    assignee_id: request.assignee_id,
    vendor_id: request.vendor_id,
    cost: centsToDollars(request.cost_cents),
    out_of_service: request.out_of_service,
    category: request.category,
  };
}

/** What is wrong with the work form, by field, every field at once. */
export type WorkProblems = Partial<Record<keyof WorkValues, string>>;

/** The PATCH body for what the fleet office changed, or what is not acceptable in what was typed (every field at once). */
export function serviceRequestChanges(
  request: ServiceRequest,
  values: WorkValues,
): { changes: UpdateServiceRequestInput; problems: WorkProblems } {
  const changes: UpdateServiceRequestInput = {};
  const problems: WorkProblems = {};
  if (values.move !== 'stay') {
    if (!allowedMoves(request.status).includes(values.move)) problems.move = 'That move is not allowed from here.';
    else if (noteRequiredFor(request.status, values.move) && values.note.trim() === '')
      problems.note = `Say why you ${values.move === 'declined' ? 'decline' : 'reopen'} it in the note.`;
    changes.status = values.move;
  }
  if (values.note.trim() !== '') changes.note = values.note.trim();
  // With a work order, the cost is its total (recorded on completion), never typed here.
  const cents = request.work_order ? request.cost_cents : dollarsToCents(values.cost);
  if (cents === undefined) problems.cost = 'Enter the cost in dollars, e.g. 125.50.';
  else if (cents !== request.cost_cents) changes.cost_cents = cents;
  if (values.priority !== request.priority) changes.priority = values.priority;
  const dueOn = values.due_on.trim() === '' ? null : values.due_on.trim();
  if (dueOn !== request.due_on) changes.due_on = dueOn;
  // Choosing a person clears the vendor on the server, and naming a vendor clears the person.
  if (values.assign === 'person') {
    if (values.assignee_id === null) problems.assignee_id = 'Choose who in the fleet office works it.';
    else if (values.assignee_id !== request.assignee_id) changes.assignee_id = values.assignee_id;
  } else if (values.assign === 'vendor') {
    if (values.vendor_id === null) problems.vendor_id = 'Choose the vendor doing the work.';
    else if (values.vendor_id !== request.vendor_id || request.assignee_id !== null) changes.vendor_id = values.vendor_id;
  } else {
    if (request.assignee_id !== null) changes.assignee_id = null;
    if (request.vendor_id !== null) changes.vendor_id = null;
  }
  if (values.out_of_service !== request.out_of_service) changes.out_of_service = values.out_of_service;
  if (values.category !== request.category) changes.category = values.category;
  // The contract's own limits (a note too long), in its words, beside the field.
  for (const [path, message] of Object.entries(schemaProblems(UpdateServiceRequestInput, changes))) {
    const field = path === 'cost_cents' ? 'cost' : path === 'status' ? 'move' : path;
    if (field in values) problems[field as keyof WorkValues] ??= message;
  }
  return { changes, problems };
}

function WorkForm({ request, onReload, reloading }: { request: ServiceRequest; onReload: () => Promise<unknown>; reloading: boolean }) {
  const update = useUpdateServiceRequest();
  const settings = useFleetSettings();
  const dates = useAgencyDates();
  const [values, setValues] = useState<WorkValues>(valuesOf(request));
  const [version, setVersion] = useState(request.version);
  // What the form was last filled with: a newer version (the cost following a work order saved below) is taken in while nothing is typed.
  const [baseline, setBaseline] = useState<WorkValues>(values);
  const [stale, setStale] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<WorkProblems>({});
  const set = <K extends keyof WorkValues>(key: K, value: WorkValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setProblems((current) => ({ ...current, [key]: undefined }));
  };
  if (request.version > version && !stale && JSON.stringify(values) === JSON.stringify(baseline)) {
    setVersion(request.version);
    setValues(valuesOf(request));
    setBaseline(valuesOf(request));
  }
  const moves = allowedMoves(request.status);
  const noteRequired = values.move !== 'stay' && noteRequiredFor(request.status, values.move);

  const save = async () => {
    setError(null);
    const { changes, problems: found } = serviceRequestChanges(request, values);
    setProblems(found);
    // A move is a choice among buttons, with no message of its own: said for the form as a whole.
    if (found.move) setError(found.move);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(changes).length === 0) return setError('Nothing changed.');
    try {
      const updated = await update.mutateAsync({ id: request.id, input: changes, version });
      setVersion(updated.version);
      setValues(valuesOf(updated));
      setBaseline(valuesOf(updated));
      notifications.show({
        color: 'green',
        title: 'Saved',
        message: `Request #${updated.number} is ${REQUEST_STATUS_LABELS[updated.status].toLowerCase()}.`,
      });
    } catch (failure) {
      if (isStaleVersion(failure)) setStale(true);
      else if (failure instanceof ApiError) {
        // The server's field errors beside their fields (its cost_cents is the form's cost).
        const fields = Object.fromEntries(
          Object.entries(failure.fields).map(([path, message]) => [path === 'cost_cents' ? 'cost' : path, message]),
        );
        const { placed, unplaced } = placeFieldErrors(values, fields);
        setProblems(placed);
        setError(unplaced.length > 0 ? unplaced.join(' ') : Object.keys(placed).length > 0 ? null : errorMessage(failure));
      } else setError(errorMessage(failure));
    }
  };

  const reloadTheirs = async () => {
    const result = (await onReload()) as { data?: ServiceRequest } | undefined;
    setStale(false);
    if (result?.data) {
      setVersion(result.data.version);
      setValues(valuesOf(result.data));
      setBaseline(valuesOf(result.data));
    }
  };

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <RequestStatusBadge status={request.status} />
        <Text fz="sm">
          Unit {request.unit_number} · {labelOf(settings.data?.service_categories, request.category)} ·{' '}
          {request.drivable ? 'drivable' : 'not drivable'}
        </Text>
      </Group>
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {request.description}
      </Text>
      {request.photo_ids.length > 0 ? (
        <Group gap="xs" aria-label="Photos from the officer" role="group">
          {request.photo_ids.map((photoId, index) => (
            <StoredPhoto key={photoId} id={photoId} alt={`Photo ${index + 1} of request ${request.number}`} />
          ))}
        </Group>
      ) : null}
      <Text fz="xs" c="dimmed">
        Reported by {request.reported_by_name} on {dates.dateTime(request.created_at)}
      </Text>
      <Divider />
      {stale ? <StaleVersionAlert what="service request" onReload={() => void reloadTheirs()} reloading={reloading} /> : null}
      <Stack gap={4}>
        <Text fz="sm" fw={600} id="move-label">
          Move it
        </Text>
        <SegmentedControl
          aria-labelledby="move-label"
          fullWidth
          orientation="vertical"
          value={values.move}
          onChange={(value) => set('move', value as WorkValues['move'])}
          data={[
            { value: 'stay', label: `Keep ${REQUEST_STATUS_LABELS[request.status].toLowerCase()}` },
            ...moves.map((move) => ({ value: move, label: MOVE_LABELS[move] })),
          ]}
        />
      </Stack>
      <Textarea
        label="Note"
        description={noteRequired ? 'Required: say why' : 'Kept on the request’s history; the officer sees it'}
        required={noteRequired}
        autosize
        minRows={2}
        value={values.note}
        onChange={(event) => set('note', event.currentTarget.value)}
        error={problems.note}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Priority"
          data={[...SERVICE_REQUEST_PRIORITIES].reverse().map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] }))}
          value={values.priority}
          onChange={(value) => set('priority', (value as ServiceRequestPriority | null) ?? request.priority)}
          allowDeselect={false}
          error={problems.priority}
        />
        <TextInput
          label="Due by"
          description="Empty for no due date"
          type="date"
          value={values.due_on}
          onChange={(event) => set('due_on', event.currentTarget.value)}
          error={problems.due_on}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text fz="sm" fw={600} id="assign-label">
          Who works it
        </Text>
        <SegmentedControl
          aria-labelledby="assign-label"
          fullWidth
          value={values.assign}
          onChange={(value) => set('assign', value as Assign)}
          data={[
            { value: 'nobody', label: 'Nobody yet' },
            { value: 'person', label: 'Fleet office' },
            { value: 'vendor', label: 'Outside vendor' },
          ]}
        />
        {values.assign === 'person' ? (
          <PersonPicker
            search={fleetOfficeOptions}
            label="Person"
            description="Someone of the fleet office; they are told by the bell and by e-mail"
            value={values.assignee_id}
            onChange={(personId) => set('assignee_id', personId)}
            error={problems.assignee_id}
          />
        ) : values.assign === 'vendor' ? (
          <PersonPicker
            search={vendorOptions}
            label="Vendor"
            description="The shop doing the work, from the vendor list"
            value={values.vendor_id}
            onChange={(vendorId) => set('vendor_id', vendorId)}
            error={problems.vendor_id}
          />
        ) : null}
      </Stack>
      {request.work_order ? (
        <Text fz="sm">
          Cost: {formatCents(request.work_order.total_cents)}, the total of work order {workOrderLabel(request.work_order.number)} (below)
          {request.status === 'completed' ? '' : ', recorded when the request is completed'}.
        </Text>
      ) : (
        <TextInput
          label="Cost (dollars)"
          description="Or start a work order below: its total becomes the cost"
          inputMode="decimal"
          value={values.cost}
          onChange={(event) => set('cost', event.currentTarget.value)}
          error={problems.cost}
        />
      )}
      <Select
        label="Category"
        data={(settings.data?.service_categories ?? [{ key: request.category, label: request.category }]).map((category) => ({
          value: category.key,
          label: category.label,
        }))}
        value={values.category}
        onChange={(value) => set('category', value ?? request.category)}
        allowDeselect={false}
        error={problems.category}
      />
      <Switch
        label="Vehicle out of service"
        description="On takes the vehicle off the road until the request is completed or this is switched off"
        checked={values.out_of_service}
        onChange={(event) => set('out_of_service', event.currentTarget.checked)}
      />
      <FormErrorAlert message={error} />
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={update.isPending}>
          Save
        </Button>
      </Group>
      <WorkOrderSection request={request} />
      <Divider />
      <Title order={3} fz="md">
        History
      </Title>
      <Timeline bulletSize={12} lineWidth={2} active={-1}>
        {request.events.map((event, index) => (
          <Timeline.Item
            key={`${event.at}-${index}`}
            title={
              <Text fz="sm" fw={600}>
                {event.from_status
                  ? `${REQUEST_STATUS_LABELS[event.from_status]} → ${REQUEST_STATUS_LABELS[event.to_status]}`
                  : REQUEST_STATUS_LABELS[event.to_status]}
              </Text>
            }
          >
            {event.note ? (
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {event.note}
              </Text>
            ) : null}
            <Text fz="xs" c="dimmed">
              {dates.dateTime(event.at)}
              {event.actor_name ? ` · ${event.actor_name}` : ''}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

/** A task made from a request ("Make a task"): its title. */
const taskTitleOf = (request: ServiceRequest) =>
  `Service request: #${request.number} ${request.unit_number}, ${request.description.replace(/\s+/g, ' ')}`.slice(0, 200);

/** The drawer in which the fleet office works one request (?request=<id>). */
export function ServiceRequestDrawer({ requestId, onClose }: { requestId: string | null; onClose: () => void }) {
  const request = useServiceRequest(requestId);
  return (
    <Drawer
      opened={requestId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={request.data ? `Service request #${request.data.number}` : 'Service request'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {request.isPending ? (
        <LoadingState label="Loading the request…" />
      ) : request.isError ? (
        <ErrorState message={errorMessage(request.error)} onRetry={() => void request.refetch()} />
      ) : (
        <Stack gap="md">
          <WorkForm key={request.data.id} request={request.data} onReload={() => request.refetch()} reloading={request.isFetching} />
          <RecordTasks
            kind="service_request"
            recordId={request.data.id}
            title={taskTitleOf(request.data)}
            label={`Service request #${request.data.number} (${request.data.unit_number})`}
          />
        </Stack>
      )}
      {request.data?.status === 'completed' || request.data?.status === 'declined' ? (
        <Alert mt="md" variant="light" color="gray">
          This request is closed. Reopen it (with a note) to work it again.
        </Alert>
      ) : null}
    </Drawer>
  );
}
