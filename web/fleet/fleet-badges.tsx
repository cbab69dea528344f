import type { ServiceRequestPriority, ServiceRequestStatus, SUBMISSION_STATUSES, VehicleStatus } from '../../core/contracts/fleet.ts';
import { StatusBadge } from '../ui/status-badge.tsx';

/**
 * The fleet module's statuses, in words and colours: one file for the officer's screens and the
 * fleet office's, so a status reads and looks the same on both sides.
 */

export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const VEHICLE_STATUS_LABELS: Record<VehicleStatus, string> = {
  in_service: 'In service',
  out_of_service: 'Out of service',
  retired: 'Retired',
};
const VEHICLE_STATUS_COLORS: Record<VehicleStatus, string> = { in_service: 'green', out_of_service: 'red', retired: 'gray' };

export const REQUEST_STATUS_LABELS: Record<ServiceRequestStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  completed: 'Completed',
  declined: 'Declined',
};
/** Open is waiting for someone (yellow); in progress is being worked (blue). */
const REQUEST_STATUS_COLORS: Record<ServiceRequestStatus, string> = {
  open: 'yellow',
  in_progress: 'blue',
  completed: 'green',
  declined: 'gray',
};

export const PRIORITY_LABELS: Record<ServiceRequestPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};
/** Urgent stands out (red), high warns (orange); normal and low stay quiet. */
const PRIORITY_COLORS: Record<ServiceRequestPriority, string> = { low: 'gray', normal: 'blue', high: 'orange', urgent: 'red' };

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  submitted: 'Waiting for review',
  approved: 'Approved',
  returned: 'Returned',
};
const SUBMISSION_STATUS_COLORS: Record<SubmissionStatus, string> = { submitted: 'blue', approved: 'green', returned: 'orange' };

export function VehicleStatusBadge({ status }: { status: VehicleStatus }) {
  return <StatusBadge color={VEHICLE_STATUS_COLORS[status]}>{VEHICLE_STATUS_LABELS[status]}</StatusBadge>;
}

export function RequestStatusBadge({ status }: { status: ServiceRequestStatus }) {
  return <StatusBadge color={REQUEST_STATUS_COLORS[status]}>{REQUEST_STATUS_LABELS[status]}</StatusBadge>;
}

export function PriorityBadge({ priority }: { priority: ServiceRequestPriority }) {
  return (
    <StatusBadge color={PRIORITY_COLORS[priority]} variant={priority === 'low' || priority === 'normal' ? 'outline' : 'light'}>
      {PRIORITY_LABELS[priority]}
    </StatusBadge>
  );
}

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return <StatusBadge color={SUBMISSION_STATUS_COLORS[status]}>{SUBMISSION_STATUS_LABELS[status]}</StatusBadge>;
}

/** A request that took its vehicle off the road. */
export function OutOfServiceBadge() {
  return (
    <StatusBadge color="red" variant="outline">
      Out of service
    </StatusBadge>
  );
}
