import { Anchor, Group, Text } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { SERVICE_REQUEST_PRIORITIES, SERVICE_REQUEST_STATUSES, type ServiceRequest } from '../../../core/contracts/fleet.ts';
import { formatDate } from '../../../core/dates.ts';
import { ListView, type ListColumn } from '../../lib/list-view.tsx';
import { PersonPicker } from '../../lib/person-picker.tsx';
import { FilterSelect } from '../../ui/filter-select.tsx';
import { Select } from '../../ui/select.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { OutOfServiceBadge, PRIORITY_LABELS, PriorityBadge, REQUEST_STATUS_LABELS, RequestStatusBadge } from '../fleet-badges.tsx';
import { FleetAdminPage, labelOf } from './fleet-admin-page.tsx';
import { agencyToday, serviceRequestsApiQuery, type ServiceRequestsSearch } from './fleet-search.ts';
import { useFleetSettings } from '../fleet-api.ts';
import { useServiceRequests } from './list-service-requests.ts';
import { useVehicles } from './list-vehicles.ts';
import { fleetOfficeOptions } from './officer-options.ts';
import { ServiceRequestDrawer } from './service-request-drawer.tsx';
import { formatWait, isOverdue, waitedFor } from './service-request-transitions.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';

/** A due date (the agency's calendar date, YYYY-MM-DD) as the agency writes dates. */
export const dueDateLabel = (dueOn: string) => formatDate(`${dueOn}T12:00:00Z`, { timeZone: 'UTC' });

/** Who works a request: someone of the fleet office, an outside vendor, or nobody yet. */
export function assigneeLabel(request: Pick<ServiceRequest, 'assignee_name' | 'vendor_name' | 'status'>): string {
  if (request.assignee_name) return request.assignee_name;
  if (request.vendor_name) return `${request.vendor_name} (vendor)`;
  return request.status === 'open' || request.status === 'in_progress' ? 'Unassigned' : '—';
}

const STATUS_FILTERS = [
  { value: 'active', label: 'Open and in progress' },
  ...SERVICE_REQUEST_STATUSES.map((status) => ({ value: status, label: REQUEST_STATUS_LABELS[status] })),
  { value: 'all', label: 'Any status' },
] as const;

const ORDERS = [
  { value: 'oldest', label: 'Waiting longest first' },
  { value: 'newest', label: 'Newest first' },
  { value: 'priority', label: 'Most urgent first' },
  { value: 'due', label: 'Due soonest first' },
] as const;

/**
 * /fleet/admin/servicerequest: the queue. It opens on what is waiting (open and in progress), the
 * longest waiting first, each with its priority, who works it and when it is due; a drawer works one
 * request. Filters, order and the open request live in the URL.
 */
export function ServiceRequestsScreen() {
  const state = useSearch({ from: '/_app/fleet/admin/servicerequest' });
  const navigate = useNavigate();
  const go = (next: ServiceRequestsSearch, replace = false) => void navigate({ to: '/fleet/admin/servicerequest', search: next, replace });
  const settings = useFleetSettings();
  const vehicles = useVehicles({ page_size: 200, sort: 'unit_number', order: 'asc' });
  const requests = useServiceRequests(serviceRequestsApiQuery(state));
  const dates = useAgencyDates();
  const today = agencyToday(dates.timeZone);
  const filtered =
    state.status !== 'active' ||
    state.priority !== null ||
    state.vehicle_id !== null ||
    state.category !== null ||
    state.assignee_id !== null;
  const closed = (request: ServiceRequest) => request.status === 'completed' || request.status === 'declined';

  const columns: ListColumn<ServiceRequest>[] = [
    {
      label: 'Request',
      card: 'title',
      cell: (request) => (
        <Anchor
          renderRoot={(props) => <Link {...props} to="/fleet/admin/servicerequest" search={{ ...state, request: request.id }} />}
          fw={600}
          fz="sm"
        >
          #{request.number}
        </Anchor>
      ),
    },
    { label: 'Unit', cell: (request) => request.unit_number },
    {
      label: 'Status',
      card: 'status',
      cell: (request) => (
        <Group gap={4} wrap="nowrap">
          <RequestStatusBadge status={request.status} />
          {request.out_of_service ? <OutOfServiceBadge /> : null}
        </Group>
      ),
      cardCell: (request) => (
        <>
          <RequestStatusBadge status={request.status} />
          {request.out_of_service ? <OutOfServiceBadge /> : null}
        </>
      ),
    },
    {
      label: 'Priority',
      cell: (request) => <PriorityBadge priority={request.priority} />,
    },
    {
      label: 'Waiting',
      // How long it has waited (or, once closed, how long it waited until then): a duration, never a date.
      cell: (request) => formatWait(waitedFor(request)),
      cardCell: (request) => `${closed(request) ? 'Waited ' : ''}${formatWait(waitedFor(request))}`,
      td: (request) => ({ style: { whiteSpace: 'nowrap' }, title: `Reported ${dates.dateTime(request.created_at)}` }),
    },
    { label: 'Assigned to', cell: assigneeLabel },
    {
      label: 'Due',
      cell: (request) =>
        request.due_on === null ? (
          '—'
        ) : (
          <Group gap={4} wrap="nowrap">
            <span>{dueDateLabel(request.due_on)}</span>
            {isOverdue(request, today) ? <StatusBadge color="red">Overdue</StatusBadge> : null}
          </Group>
        ),
      td: { style: { whiteSpace: 'nowrap' } },
    },
    { label: 'Category', cell: (request) => labelOf(settings.data?.service_categories, request.category) },
    {
      label: 'Description',
      cell: (request) => (
        <Text fz="sm" lineClamp={2}>
          {request.description}
        </Text>
      ),
      td: { style: { maxWidth: 320, overflowWrap: 'anywhere' } },
    },
  ];

  return (
    <FleetAdminPage
      title="Service requests"
      description="Repairs and services waiting for the fleet office, the longest waiting first. Open one to work it, set its priority, who works it and when it is due."
      breadcrumbs={[{ label: 'Fleet office', to: '/fleet/admin' }]}
    >
      <Group gap="sm" align="flex-end" component="search" aria-label="Filter service requests">
        <Select
          label="Status"
          data={STATUS_FILTERS.map((option) => ({ ...option }))}
          value={state.status}
          onChange={(value) =>
            go({ ...state, status: STATUS_FILTERS.find((option) => option.value === value)?.value ?? 'active', page: 1 })
          }
          allowDeselect={false}
          style={{ flex: '0 1 13rem' }}
        />
        <FilterSelect
          label="Priority"
          any="Any priority"
          options={[...SERVICE_REQUEST_PRIORITIES].reverse().map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] }))}
          value={state.priority}
          onChange={(priority) => go({ ...state, priority, page: 1 })}
          width="10rem"
        />
        <FilterSelect
          label="Vehicle"
          any="Any vehicle"
          searchable
          options={(vehicles.data?.items ?? []).map((vehicle) => ({ value: vehicle.id, label: vehicle.unit_number }))}
          value={state.vehicle_id}
          onChange={(vehicleId) => go({ ...state, vehicle_id: vehicleId, page: 1 })}
        />
        <FilterSelect
          label="Category"
          any="Any category"
          options={(settings.data?.service_categories ?? []).map((category) => ({ value: category.key, label: category.label }))}
          value={state.category}
          onChange={(category) => go({ ...state, category, page: 1 })}
          width="14rem"
        />
        <PersonPicker
          search={fleetOfficeOptions}
          label="Assigned to"
          placeholder="Anyone"
          value={state.assignee_id}
          onChange={(assigneeId) => go({ ...state, assignee_id: assigneeId, page: 1 })}
          style={{ flex: '0 1 12rem' }}
        />
        <Select
          label="Order"
          data={ORDERS.map((option) => ({ ...option }))}
          value={state.order}
          onChange={(value) => go({ ...state, order: ORDERS.find((option) => option.value === value)?.value ?? 'oldest', page: 1 })}
          allowDeselect={false}
          style={{ flex: '0 1 13rem' }}
        />
      </Group>
      <ListView
        label="Service requests"
        query={requests}
        columns={columns}
        rowKey={(request) => request.id}
        rowTestId="service-request-row"
        loadingLabel="Loading service requests…"
        empty={
          filtered
            ? { title: 'No request matches', children: 'Try another filter, or every status.' }
            : { title: 'Nothing is waiting', children: 'Open and in-progress requests show here; choose “Any status” for closed ones.' }
        }
        minWidth={960}
        pager={{ page: state.page, pageSize: state.page_size, onPage: (page) => go({ ...state, page }) }}
      />
      <ServiceRequestDrawer requestId={state.request} onClose={() => go({ ...state, request: null })} />
    </FleetAdminPage>
  );
}
