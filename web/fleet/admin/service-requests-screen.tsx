import { Anchor, Group, Select, Text } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { SERVICE_REQUEST_STATUSES, type ServiceRequest } from '../../../core/contracts/fleet.ts';
import { ListView, type ListColumn } from '../../lib/list-view.tsx';
import { FilterSelect } from '../../ui/filter-select.tsx';
import { OutOfServiceBadge, REQUEST_STATUS_LABELS, RequestStatusBadge } from '../fleet-badges.tsx';
import { FleetAdminPage, labelOf } from './fleet-admin-page.tsx';
import { serviceRequestsApiQuery, type ServiceRequestsSearch } from './fleet-search.ts';
import { useFleetSettings } from '../fleet-api.ts';
import { useServiceRequests } from './list-service-requests.ts';
import { useVehicles } from './list-vehicles.ts';
import { ServiceRequestDrawer } from './service-request-drawer.tsx';
import { daysWaiting } from './service-request-transitions.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';

/** /fleet/admin/servicerequest: the queue, oldest first; a drawer works one request. */
export function ServiceRequestsScreen() {
  const state = useSearch({ from: '/_app/fleet/admin/servicerequest' });
  const navigate = useNavigate();
  const go = (next: ServiceRequestsSearch, replace = false) => void navigate({ to: '/fleet/admin/servicerequest', search: next, replace });
  const settings = useFleetSettings();
  const vehicles = useVehicles({ page_size: 200, sort: 'unit_number', order: 'asc' });
  const requests = useServiceRequests(serviceRequestsApiQuery(state));
  const dates = useAgencyDates();
  const filtered = state.status !== null || state.vehicle_id !== null || state.category !== null;
  const waiting = (request: ServiceRequest) =>
    request.status === 'open' || request.status === 'in_progress'
      ? `${daysWaiting(request.created_at)} d`
      : dates.date(request.completed_at ?? request.updated_at);

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
    { label: 'Category', cell: (request) => labelOf(settings.data?.service_categories, request.category) },
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
      label: 'Waiting',
      cell: waiting,
      // On a card the open requests say how long they have waited; closed ones when they closed.
      cardCell: (request) => {
        if (request.status !== 'open' && request.status !== 'in_progress') return `Closed ${waiting(request)}`;
        const days = daysWaiting(request.created_at);
        return `${days} ${days === 1 ? 'day' : 'days'}`;
      },
      td: (request) => ({ style: { whiteSpace: 'nowrap' }, title: dates.dateTime(request.created_at) }),
    },
    { label: 'Reported by', cell: (request) => request.reported_by_name },
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
      description="The queue of repairs and services, the longest-waiting first. Open one to work it."
      breadcrumbs={[{ label: 'Fleet office', to: '/fleet/admin' }]}
    >
      <Group gap="sm" align="flex-end" component="search" aria-label="Filter service requests">
        <FilterSelect
          label="Status"
          any="Any status"
          options={SERVICE_REQUEST_STATUSES.map((status) => ({ value: status, label: REQUEST_STATUS_LABELS[status] }))}
          value={state.status}
          onChange={(status) => go({ ...state, status, page: 1 })}
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
        <Select
          label="Order"
          data={[
            { value: 'oldest', label: 'Oldest first' },
            { value: 'newest', label: 'Newest first' },
          ]}
          value={state.order}
          onChange={(value) => go({ ...state, order: value === 'newest' ? 'newest' : 'oldest', page: 1 })}
          allowDeselect={false}
          style={{ flex: '0 1 10rem' }}
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
            ? { title: 'No request matches', children: 'Try another filter.' }
            : { title: 'No service requests', children: 'Requests officers send show here.' }
        }
        minWidth={760}
        pager={{ page: state.page, pageSize: state.page_size, onPage: (page) => go({ ...state, page }) }}
      />
      <ServiceRequestDrawer requestId={state.request} onClose={() => go({ ...state, request: null })} />
    </FleetAdminPage>
  );
}
