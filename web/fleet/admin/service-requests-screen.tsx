import { Anchor, Group, Select, Stack, Table, Text } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { SERVICE_REQUEST_STATUSES, type ServiceRequestStatus } from '../../../core/contracts/fleet.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states.tsx';
import { OutOfServiceBadge, REQUEST_STATUS_LABELS, RequestStatusBadge } from '../fleet-badges.tsx';
import { FleetAdminPage, labelOf } from './fleet-admin-page.tsx';
import { serviceRequestsApiQuery, type ServiceRequestsSearch } from './fleet-search.ts';
import { useFleetSettings } from './get-fleet-settings.ts';
import { useServiceRequests } from './list-service-requests.ts';
import { useVehicles } from './list-vehicles.ts';
import { ServiceRequestDrawer } from './service-request-drawer.tsx';
import { daysWaiting } from './service-request-transitions.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';
import { TablePager } from '../../ui/table-pager.tsx';

/** /fleet/admin/servicerequest: the queue, oldest first; a drawer works one request. */
export function ServiceRequestsScreen() {
  const state = useSearch({ from: '/_app/fleet/admin/servicerequest' });
  const navigate = useNavigate();
  const go = (next: ServiceRequestsSearch, replace = false) => void navigate({ to: '/fleet/admin/servicerequest', search: next, replace });
  const settings = useFleetSettings();
  const vehicles = useVehicles({ page_size: 200, sort: 'unit_number', order: 'asc' });
  const requests = useServiceRequests(serviceRequestsApiQuery(state));
  const dates = useAgencyDates();
  const total = requests.data?.total ?? 0;
  const filtered = state.status !== null || state.vehicle_id !== null || state.category !== null;

  return (
    <FleetAdminPage title="Service requests" description="The queue of repairs and services, the longest-waiting first. Open one to work it." breadcrumbs={[{ label: 'Fleet office', to: '/fleet/admin' }]}>
      <Group gap="sm" align="flex-end" component="search" aria-label="Filter service requests">
        <Select
          label="Status"
          data={[{ value: 'all', label: 'Any status' }, ...SERVICE_REQUEST_STATUSES.map((status) => ({ value: status, label: REQUEST_STATUS_LABELS[status] }))]}
          value={state.status ?? 'all'}
          onChange={(value) => go({ ...state, status: value && value !== 'all' ? (value as ServiceRequestStatus) : null, page: 1 })}
          allowDeselect={false}
          style={{ flex: '0 1 12rem' }}
        />
        <Select
          label="Vehicle"
          searchable
          data={[{ value: 'all', label: 'Any vehicle' }, ...(vehicles.data?.items ?? []).map((vehicle) => ({ value: vehicle.id, label: vehicle.unit_number }))]}
          value={state.vehicle_id ?? 'all'}
          onChange={(value) => go({ ...state, vehicle_id: value && value !== 'all' ? value : null, page: 1 })}
          allowDeselect={false}
          style={{ flex: '0 1 12rem' }}
        />
        <Select
          label="Category"
          data={[{ value: 'all', label: 'Any category' }, ...(settings.data?.service_categories ?? []).map((category) => ({ value: category.key, label: category.label }))]}
          value={state.category ?? 'all'}
          onChange={(value) => go({ ...state, category: value && value !== 'all' ? value : null, page: 1 })}
          allowDeselect={false}
          style={{ flex: '0 1 14rem' }}
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
      {requests.isPending ? (
        <LoadingState label="Loading service requests…" />
      ) : requests.isError ? (
        <ErrorState message={errorMessage(requests.error)} onRetry={() => void requests.refetch()} />
      ) : requests.data.items.length === 0 ? (
        <EmptyState title={filtered ? 'No request matches' : 'No service requests'}>{filtered ? 'Try another filter.' : 'Requests officers send show here.'}</EmptyState>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs" aria-label="Service requests" aria-busy={requests.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Request</Table.Th>
                  <Table.Th scope="col">Unit</Table.Th>
                  <Table.Th scope="col">Category</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Waiting</Table.Th>
                  <Table.Th scope="col">Reported by</Table.Th>
                  <Table.Th scope="col">Description</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.data.items.map((request) => (
                  <Table.Tr key={request.id} data-testid="service-request-row">
                    <Table.Td>
                      <Anchor renderRoot={(props) => <Link {...props} to="/fleet/admin/servicerequest" search={{ ...state, request: request.id }} />} fw={600} fz="sm">
                        #{request.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{request.unit_number}</Table.Td>
                    <Table.Td>{labelOf(settings.data?.service_categories, request.category)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <RequestStatusBadge status={request.status} />
                        {request.out_of_service ? (
                          <OutOfServiceBadge />
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} title={dates.dateTime(request.created_at)}>
                      {request.status === 'open' || request.status === 'in_progress' ? `${daysWaiting(request.created_at)} d` : dates.date(request.completed_at ?? request.updated_at)}
                    </Table.Td>
                    <Table.Td>{request.reported_by_name}</Table.Td>
                    <Table.Td style={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                      <Text fz="sm" lineClamp={2}>
                        {request.description}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePager page={state.page} pageSize={state.page_size} total={total} onPage={(page) => go({ ...state, page })} />
        </Stack>
      )}
      <ServiceRequestDrawer requestId={state.request} onClose={() => go({ ...state, request: null })} />
    </FleetAdminPage>
  );
}
