import { Anchor, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { SUBMISSION_STATUSES, type SquadCheckSubmission } from '../../../core/contracts/fleet.ts';
import { ListView, type ListColumn } from '../../lib/list-view.tsx';
import { FilterSelect } from '../../ui/filter-select.tsx';
import { SUBMISSION_STATUS_LABELS, SubmissionStatusBadge } from '../fleet-badges.tsx';
import { FleetAdminPage } from './fleet-admin-page.tsx';
import { agencyToday, daysBefore, squadChecksApiQuery, type SquadChecksSearch } from './fleet-search.ts';
import { useSquadChecks } from './list-squad-checks.ts';
import { useVehicles } from './list-vehicles.ts';
import { PersonPicker } from '../../lib/person-picker.tsx';
import { officerOptions } from './officer-options.ts';
import { useAgencyDates } from '../../lib/agency-dates.tsx';

/** /fleet/admin/squadchecks: submitted squad checks, exceptions (failed items) first by default. */
export function SquadChecksScreen() {
  const state = useSearch({ from: '/_app/fleet/admin/squadchecks' });
  const navigate = useNavigate();
  const go = (next: SquadChecksSearch, replace = false) => void navigate({ to: '/fleet/admin/squadchecks', search: next, replace });
  const dates = useAgencyDates();
  const vehicles = useVehicles({ page_size: 200, sort: 'unit_number', order: 'asc' });
  const checks = useSquadChecks(squadChecksApiQuery(state));
  const today = agencyToday(dates.timeZone);

  const columns: ListColumn<SquadCheckSubmission>[] = [
    {
      label: 'Submitted',
      card: 'title',
      cell: (check) => (
        <Anchor
          renderRoot={(props) => (
            <Link {...props} to="/fleet/admin/squadchecks/$squad_check_submission_id" params={{ squad_check_submission_id: check.id }} />
          )}
          fw={600}
          fz="sm"
        >
          {dates.dateTime(check.submitted_at)}
        </Anchor>
      ),
      td: { style: { whiteSpace: 'nowrap' } },
    },
    { label: 'Unit', cell: (check) => check.unit_number },
    { label: 'Officer', cell: (check) => check.officer_name },
    {
      label: 'Failed items',
      cell: (check) => (
        <>
          {check.failed_items.length === 0 ? (
            <Text span fz="sm" c="dimmed">
              None
            </Text>
          ) : (
            <Text span fz="sm">
              {check.failed_items.map((item) => `${item.label}${item.critical ? ' (critical)' : ''}`).join(', ')}
            </Text>
          )}
          {check.took_vehicle_out_of_service ? (
            <Text fz="xs" fw={700}>
              Took the vehicle out of service
            </Text>
          ) : null}
        </>
      ),
      td: { style: { overflowWrap: 'anywhere' } },
    },
    {
      label: 'Template',
      cell: (check) => (
        <>
          {check.template_name} (v{check.template_version_number})
        </>
      ),
    },
    { label: 'Review', card: 'status', cell: (check) => <SubmissionStatusBadge status={check.status} /> },
  ];

  return (
    <FleetAdminPage
      title="Squad checks"
      description={`Submitted checks with failed items, unless you show all. Dates are the agency’s days (${dates.timeZone}).`}
      breadcrumbs={[{ label: 'Fleet office', to: '/fleet/admin' }]}
      actions={
        <Button variant="default" renderRoot={(props) => <Link {...props} to="/fleet/admin/squadchecks/configure" />}>
          Templates
        </Button>
      }
    >
      <Stack gap="sm" component="search" aria-label="Filter squad checks">
        <SegmentedControl
          aria-label="Which checks"
          value={state.failures}
          onChange={(value) => go({ ...state, failures: value === 'all' ? 'all' : 'only', page: 1 })}
          data={[
            { value: 'only', label: 'With failures' },
            { value: 'all', label: 'All checks' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <Group gap="sm" align="flex-end">
          <TextInput
            type="date"
            label="From"
            value={state.from ?? ''}
            max={today}
            onChange={(event) => go({ ...state, from: event.currentTarget.value || null, page: 1 })}
            style={{ flex: '0 1 11rem' }}
          />
          <TextInput
            type="date"
            label="To"
            value={state.to ?? ''}
            max={today}
            onChange={(event) => go({ ...state, to: event.currentTarget.value || null, page: 1 })}
            style={{ flex: '0 1 11rem' }}
          />
          <FilterSelect
            label="Vehicle"
            any="Any vehicle"
            searchable
            options={(vehicles.data?.items ?? []).map((vehicle) => ({ value: vehicle.id, label: vehicle.unit_number }))}
            value={state.vehicle_id}
            onChange={(vehicleId) => go({ ...state, vehicle_id: vehicleId, page: 1 })}
            width="11rem"
          />
          <PersonPicker
            search={officerOptions}
            label="Officer"
            placeholder="Any officer"
            value={state.officer_id}
            onChange={(officerId) => go({ ...state, officer_id: officerId, page: 1 })}
            style={{ flex: '0 1 14rem' }}
          />
          <FilterSelect
            label="Review"
            any="Any"
            options={SUBMISSION_STATUSES.map((status) => ({ value: status, label: SUBMISSION_STATUS_LABELS[status] }))}
            value={state.status}
            onChange={(status) => go({ ...state, status, page: 1 })}
          />
          <Group gap="xs">
            <Button variant="default" size="sm" onClick={() => go({ ...state, from: today, to: today, page: 1 })}>
              Today
            </Button>
            <Button variant="default" size="sm" onClick={() => go({ ...state, from: daysBefore(today, 6), to: today, page: 1 })}>
              Last 7 days
            </Button>
            {state.from || state.to ? (
              <Button variant="subtle" size="sm" onClick={() => go({ ...state, from: null, to: null, page: 1 })}>
                Any date
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
      <ListView
        label="Squad checks"
        query={checks}
        columns={columns}
        rowKey={(check) => check.id}
        rowTestId="squad-check-row"
        loadingLabel="Loading squad checks…"
        empty={
          state.failures === 'only'
            ? { title: 'No failed checks', children: 'No submission in this range has a failed item. Show all checks to see the rest.' }
            : { title: 'No squad checks', children: 'Checks officers submit show here.' }
        }
        minWidth={760}
        pager={{ page: state.page, pageSize: state.page_size, onPage: (page) => go({ ...state, page }) }}
      />
    </FleetAdminPage>
  );
}
