import { Alert, Anchor, Button, Card, Group, Radio, Select, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconCar, IconCircleCheck, IconCloudOff } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { CreateServiceRequestInput, type ServiceRequest, type Vehicle } from '../../core/contracts/fleet.ts';
import { IdempotencyKeys } from '../lib/api.ts';
import { errorMessage } from '../lib/api-error.ts';
import { applyServerErrors, placeFieldErrors, schemaProblems } from '../lib/form-errors.ts';
import { asIfUploaded, parseKeptBody } from '../lib/outbox/kept-photo-rules.ts';
import { useRefusedItem } from '../lib/outbox/outbox.ts';
import type { OutboxItem } from '../lib/outbox/outbox-rules.ts';
import { RefusedItemAlert } from '../lib/outbox/refused-item-alert.tsx';
import { EmptyState, ErrorState, FormErrorAlert, LoadingState } from '../ui/states.tsx';
import { showsKeptAnswer } from '../lib/offline-reads/kept-answer.ts';
import { useCreateServiceRequest } from './create-service-request.ts';
import { REQUEST_STATUS_LABELS, RequestStatusBadge, VehicleStatusBadge } from './fleet-badges.tsx';
import { FleetPage } from './fleet-page.tsx';
import { useFleetSettings, useServiceRequest } from './fleet-api.ts';
import { useMyServiceRequests } from './list-my-service-requests.ts';
import { PhotoField } from './photo-field.tsx';
import { StoredPhoto } from '../ui/stored-photo.tsx';
import { useVehicleSearch } from './search-vehicles.ts';
import { readPrefill } from './service-request-prefill.ts';
import { useAgencyDates } from '../lib/agency-dates.tsx';
import { VehiclePicker } from './vehicle-picker.tsx';

type RequestValues = { vehicle_id: string; category: string; description: string; drivable: '' | 'yes' | 'no'; photo_ids: string[] };

/** The form's own checks: the contract's (core/contracts/fleet.ts CreateServiceRequestInput), every field at once. */
export function requestProblems(values: RequestValues): Partial<Record<keyof RequestValues, string>> {
  // Photos kept on the device have local ids until they are uploaded: checked as the uploads they will be.
  const problems: Partial<Record<keyof RequestValues, string>> = schemaProblems(
    CreateServiceRequestInput,
    asIfUploaded({ ...values, drivable: values.drivable === '' ? undefined : values.drivable === 'yes' }),
  );
  // A vehicle is picked, not typed: none picked is said as such, not as an id that is not valid.
  if (!values.vehicle_id) problems.vehicle_id = 'Pick the vehicle';
  return problems;
}

/**
 * /fleet/request: report a problem with a vehicle (pre-filled from a failed squad-check item through
 * the search parameters), see the request just made with its status timeline (`?id=`), and the list
 * of the officer's requests. `?outbox=<id>`: a request the server refused after it waited in the
 * outbox, opened with what was typed and the server's messages beside the fields, to fix and send again.
 */
export function ServiceRequestScreen() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const id = typeof search.id === 'string' ? search.id : null;
  const refused = useRefusedItem(typeof search.outbox === 'string' ? search.outbox : null);
  if (id) return <RequestDetail id={id} />;
  if (refused.loading)
    return (
      <FleetPage title="Report a problem" back>
        <LoadingState label="Loading the request…" />
      </FleetPage>
    );
  return <NewRequest refused={refusedRequest(refused.item)} />;
}

/** A refused request from the outbox, with what was sent (photos kept on the device included); null when its body is not a service request. */
type RefusedRequest = { item: OutboxItem; input: CreateServiceRequestInput };

function refusedRequest(item: OutboxItem | null): RefusedRequest | null {
  if (!item) return null;
  const input = parseKeptBody(CreateServiceRequestInput, item.body);
  return input ? { item, input } : null;
}

const EMPTY_REQUEST: RequestValues = { vehicle_id: '', category: '', description: '', drivable: '', photo_ids: [] };

function NewRequest({ refused }: { refused: RefusedRequest | null }) {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const fromSearch = useMemo(() => readPrefill(search), [search]);
  const navigate = useNavigate();
  const settings = useFleetSettings();
  const create = useCreateServiceRequest();
  const [keys] = useState(() => new IdempotencyKeys());
  // The refused request being fixed, until it is sent again or discarded.
  const [fixing, setFixing] = useState(refused);
  const prefill = fixing
    ? { ...fromSearch, squad_check_id: fixing.input.squad_check_id, squad_check_item_id: fixing.input.squad_check_item_id }
    : fromSearch;
  const [initial] = useState(() => {
    const values: RequestValues = fixing
      ? {
          vehicle_id: fixing.input.vehicle_id,
          category: fixing.input.category,
          description: fixing.input.description,
          drivable: fixing.input.drivable ? 'yes' : 'no',
          photo_ids: fixing.input.photo_ids ?? [],
        }
      : {
          vehicle_id: fromSearch.vehicle_id ?? '',
          category: fromSearch.category ?? '',
          description: fromSearch.description ?? '',
          drivable: fromSearch.drivable ?? '',
          photo_ids: [],
        };
    return { values, errors: fixing ? placeFieldErrors(values, fixing.item.fields) : { placed: {}, unplaced: [] } };
  });
  const [formError, setFormError] = useState<string | null>(initial.errors.unplaced.length > 0 ? initial.errors.unplaced.join(' ') : null);
  // The request just kept in the outbox (offline, or no answer): said plainly above the emptied form.
  const [queued, setQueued] = useState<string | null>(null);
  // Bumped to draw the emptied form afresh (a Select keeps showing its old choice when its value is emptied).
  const [formGeneration, setFormGeneration] = useState(0);
  const form = useForm<RequestValues>({
    mode: 'controlled',
    initialValues: initial.values,
    initialErrors: initial.errors.placed,
    validate: (values) => requestProblems(values),
  });
  const startAfresh = () => {
    setFixing(null);
    form.setValues(EMPTY_REQUEST);
    form.clearErrors();
    setFormGeneration((generation) => generation + 1);
    void navigate({ to: '/fleet/request', replace: true });
  };

  const knownVehicles = useVehicleSearch('');
  /** The outbox's line for it: "Service request for unit P-417: Lights, siren and radio". */
  const requestSummary = (values: RequestValues) => {
    const unit = knownVehicles.data?.items.find((vehicle) => vehicle.id === values.vehicle_id)?.unit_number;
    const category = settings.data?.service_categories.find((entry) => entry.key === values.category)?.label ?? values.category;
    return `Service request${unit ? ` for unit ${unit}` : ''}: ${category}`;
  };
  const submit = form.onSubmit((values) => {
    setFormError(null);
    setQueued(null);
    const input = {
      vehicle_id: values.vehicle_id,
      category: values.category,
      description: values.description.trim(),
      drivable: values.drivable === 'yes',
      photo_ids: values.photo_ids,
      ...(prefill.squad_check_id ? { squad_check_id: prefill.squad_check_id } : {}),
      ...(prefill.squad_check_id && prefill.squad_check_item_id ? { squad_check_item_id: prefill.squad_check_item_id } : {}),
    };
    create.mutate(
      { input, idempotencyKey: keys.keyFor(input), summary: requestSummary(values), replaces: fixing?.item.id },
      {
        onSuccess: (outcome) => {
          keys.reset();
          if (outcome.kind === 'sent') {
            void navigate({ to: '/fleet/request', search: { id: outcome.answer.id } });
            return;
          }
          setQueued(outcome.item.summary);
          // An empty form, and no pre-fill left in the address: sending the same problem again would make a second request.
          const leftInAddress = prefill.squad_check_id || prefill.vehicle_id || fixing;
          setFixing(null);
          form.setValues(EMPTY_REQUEST);
          setFormGeneration((generation) => generation + 1);
          if (leftInAddress) void navigate({ to: '/fleet/request', replace: true });
          window.scrollTo({ top: 0 });
        },
        onError: (error) => setFormError(applyServerErrors(form, error)),
      },
    );
  });

  const categories = (settings.data?.service_categories ?? []).map((category) => ({ value: category.key, label: category.label }));
  return (
    <FleetPage
      title="Report a problem"
      description="Tell the fleet office what is wrong with a vehicle. You can follow the request here."
      back
    >
      <Card
        key={formGeneration}
        withBorder
        padding="md"
        component="form"
        onSubmit={submit}
        noValidate
        aria-labelledby="new-request-heading"
      >
        <Stack gap="md">
          <Title order={2} fz="lg" id="new-request-heading">
            New service request
          </Title>
          {fixing ? <RefusedItemAlert item={fixing.item} onDiscarded={startAfresh} /> : null}
          {queued ? (
            <Alert color="blue" variant="light" title={`${queued}: not sent yet`} icon={<IconCloudOff aria-hidden />} role="status">
              Saved on this device; it will be sent when you are back online. It waits in the outbox at the top of the page.
            </Alert>
          ) : null}
          {prefill.squad_check_id ? (
            <Alert color="blue" variant="light" title="From your squad check">
              The vehicle, category and description come from the failed item. Check them and add anything the mechanic should know.
            </Alert>
          ) : null}
          <VehicleField
            vehicleId={form.values.vehicle_id}
            onChange={(vehicleId) => form.setFieldValue('vehicle_id', vehicleId)}
            error={form.errors.vehicle_id ? String(form.errors.vehicle_id) : null}
          />
          {settings.isError && !showsKeptAnswer(settings) ? (
            <ErrorState
              title="The categories could not be loaded"
              message={errorMessage(settings.error)}
              onRetry={() => void settings.refetch()}
            />
          ) : (
            <Select
              label="Category"
              placeholder={settings.isPending ? 'Loading…' : 'Choose a category'}
              data={categories}
              size="md"
              withAsterisk
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('category')}
            />
          )}
          <Textarea
            label="What is wrong?"
            description="Where, what you saw or heard, and since when."
            withAsterisk
            autosize
            minRows={3}
            maxRows={10}
            size="md"
            {...form.getInputProps('description')}
          />
          <Radio.Group label="Can the vehicle be driven?" withAsterisk {...form.getInputProps('drivable')}>
            <Group gap="lg" mt={6}>
              <Radio value="yes" label="Yes, it can be driven" size="md" />
              <Radio value="no" label="No, it must not be driven" size="md" />
            </Group>
          </Radio.Group>
          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              Photos (optional)
            </Text>
            <PhotoField
              label="the problem"
              ids={form.values.photo_ids}
              onChange={(ids) => form.setFieldValue('photo_ids', ids)}
              error={form.errors.photo_ids ? String(form.errors.photo_ids) : null}
            />
          </Stack>
          <FormErrorAlert message={formError} title="The request was not sent" />
          <Group>
            <Button type="submit" size="md" loading={create.isPending}>
              Send the request
            </Button>
          </Group>
        </Stack>
      </Card>
      <MyRequests />
    </FleetPage>
  );
}

/** The chosen vehicle with a way to change it, or the picker. */
function VehicleField({ vehicleId, onChange, error }: { vehicleId: string; onChange: (vehicleId: string) => void; error: string | null }) {
  const [picked, setPicked] = useState<Vehicle | null>(null);
  const known = useVehicleSearch('');
  const vehicle = picked?.id === vehicleId ? picked : (known.data?.items.find((candidate) => candidate.id === vehicleId) ?? null);
  if (!vehicleId)
    return (
      <VehiclePicker
        label="Vehicle"
        error={error}
        onPick={(chosen) => {
          setPicked(chosen);
          onChange(chosen.id);
        }}
      />
    );
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        Vehicle
      </Text>
      <Card withBorder padding="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <IconCar aria-hidden size={20} />
            <Text fw={600}>{vehicle ? `Unit ${vehicle.unit_number}` : known.isPending ? 'Loading…' : 'The chosen vehicle'}</Text>
            {vehicle ? <VehicleStatusBadge status={vehicle.status} /> : null}
          </Group>
          <Button variant="subtle" size="sm" onClick={() => onChange('')}>
            Change vehicle
          </Button>
        </Group>
      </Card>
      {error ? (
        <Text fz="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

function RequestDetail({ id }: { id: string }) {
  const request = useServiceRequest(id);
  const settings = useFleetSettings();
  const dates = useAgencyDates();
  const title = request.data ? `Service request #${request.data.number}` : 'Service request';
  const categoryLabel = (key: string) => settings.data?.service_categories.find((category) => category.key === key)?.label ?? key;
  return (
    <FleetPage
      title={title}
      back
      actions={
        <Button component={Link} to="/fleet/request" variant="default" leftSection={<IconArrowLeft aria-hidden size={18} />}>
          Report another problem
        </Button>
      }
    >
      {request.isPending ? (
        <LoadingState label="Loading the request…" />
      ) : request.isError ? (
        <ErrorState message={errorMessage(request.error)} onRetry={() => void request.refetch()} />
      ) : (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Text fw={650} fz="lg">
                Unit {request.data.unit_number} · {categoryLabel(request.data.category)}
              </Text>
              <RequestStatusBadge status={request.data.status} />
            </Group>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{request.data.description}</Text>
            <Text fz="sm">{request.data.drivable ? 'The vehicle can be driven.' : 'The vehicle must not be driven.'}</Text>
            {request.data.out_of_service ? (
              <Text fz="sm" c="red" fw={600}>
                The vehicle is out of service.
              </Text>
            ) : null}
            {request.data.photo_ids.length > 0 ? (
              <Group gap="xs">
                {request.data.photo_ids.map((photoId, index) => (
                  <StoredPhoto key={photoId} id={photoId} alt={`Photo ${index + 1} of request ${request.data.number}`} />
                ))}
              </Group>
            ) : null}
            <Title order={2} fz="md" mt="sm">
              Status
            </Title>
            <Timeline active={request.data.events.length} bulletSize={18} lineWidth={2} aria-label="Status history">
              {request.data.events.map((event, index) => (
                <Timeline.Item
                  key={`${event.at}-${index}`}
                  title={REQUEST_STATUS_LABELS[event.to_status]}
                  bullet={<IconCircleCheck aria-hidden size={12} />}
                >
                  <Text fz="xs" c="dimmed">
                    {dates.dateTime(event.at)}
                    {event.actor_name ? ` · ${event.actor_name}` : ''}
                  </Text>
                  {event.note ? (
                    <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {event.note}
                    </Text>
                  ) : null}
                </Timeline.Item>
              ))}
            </Timeline>
          </Stack>
        </Card>
      )}
      <MyRequests currentId={id} />
    </FleetPage>
  );
}

function MyRequests({ currentId }: { currentId?: string }) {
  const requests = useMyServiceRequests();
  const dates = useAgencyDates();
  return (
    <section aria-labelledby="my-requests-heading">
      <Title order={2} fz="lg" id="my-requests-heading" mb="xs">
        Your service requests
      </Title>
      {requests.isPending ? (
        <LoadingState label="Loading your requests…" />
      ) : requests.isError ? (
        <ErrorState message={errorMessage(requests.error)} onRetry={() => void requests.refetch()} />
      ) : requests.data.items.length === 0 ? (
        <EmptyState title="No requests yet">Problems you report show here with their status.</EmptyState>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {requests.data.items.map((request: ServiceRequest) => (
            <li key={request.id}>
              <Card withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Stack gap={2} miw={0}>
                    <Anchor
                      renderRoot={(props) => <Link {...props} to="/fleet/request" search={{ id: request.id }} />}
                      fw={600}
                      className="precinct-tap"
                      aria-current={request.id === currentId ? 'page' : undefined}
                    >
                      #{request.number} · Unit {request.unit_number}
                    </Anchor>
                    <Text fz="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {request.description}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      Reported {dates.dateTime(request.created_at)} · updated {dates.dateTime(request.updated_at)}
                    </Text>
                  </Stack>
                  <RequestStatusBadge status={request.status} />
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}
