import { Badge } from '@mantine/core';
import type { ServiceRequestStatus, VehicleStatus } from '../../core/contracts/fleet.ts';

export const VEHICLE_STATUS_LABELS: Record<VehicleStatus, string> = { in_service: 'In service', out_of_service: 'Out of service', retired: 'Retired' };
const VEHICLE_STATUS_COLORS: Record<VehicleStatus, string> = { in_service: 'green', out_of_service: 'red', retired: 'gray' };

export const REQUEST_STATUS_LABELS: Record<ServiceRequestStatus, string> = { open: 'Open', in_progress: 'In progress', completed: 'Completed', declined: 'Declined' };
const REQUEST_STATUS_COLORS: Record<ServiceRequestStatus, string> = { open: 'blue', in_progress: 'yellow', completed: 'green', declined: 'gray' };

/** Light badges with the theme's dark text keep their contrast in both themes. */
export function VehicleStatusBadge({ status }: { status: VehicleStatus }) {
  return (
    <Badge color={VEHICLE_STATUS_COLORS[status]} variant="light" c="var(--mantine-color-text)" style={{ flexShrink: 0 }}>
      {VEHICLE_STATUS_LABELS[status]}
    </Badge>
  );
}

export function RequestStatusBadge({ status }: { status: ServiceRequestStatus }) {
  return (
    <Badge color={REQUEST_STATUS_COLORS[status]} variant="light" c="var(--mantine-color-text)" style={{ flexShrink: 0 }}>
      {REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}
