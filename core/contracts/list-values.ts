/**
 * The value lists of the lists' filters and sorts, without zod: the contracts build their schemas
 * from them, and the web app's routes validate their URLs against them (web/lib/url-search.ts)
 * without pulling the contracts' schemas into the entry chunk every page loads.
 */

export const USER_SORTS = ['name', 'email', 'badge_number', 'rank', 'status', 'last_sign_in_at', 'created_at'] as const;

export const VEHICLE_STATUSES = ['in_service', 'out_of_service', 'retired'] as const;
export const VEHICLE_SORTS = ['unit_number', 'vehicle_type', 'status', 'odometer', 'year', 'make'] as const;
export const SERVICE_REQUEST_STATUSES = ['open', 'in_progress', 'completed', 'declined'] as const;
/** The queue's status filter: `active` (open and in progress, the queue's default) or one status. */
export const SERVICE_REQUEST_STATUS_FILTERS = ['active', ...SERVICE_REQUEST_STATUSES] as const;
/** How urgent the fleet office judges a request, least first. */
export const SERVICE_REQUEST_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
/** oldest: waiting longest first; newest; priority: most urgent first, then oldest; due: soonest due first. */
export const SERVICE_REQUEST_ORDERS = ['oldest', 'newest', 'priority', 'due'] as const;
export const SUBMISSION_STATUSES = ['submitted', 'approved', 'returned'] as const;

export const REPORT_STATUSES = ['draft', 'submitted', 'returned', 'approved'] as const;
export const REPORT_QUEUES = ['mine', 'drafts', 'returned', 'review', 'approved', 'all'] as const;

export const CITATION_KINDS = ['traffic', 'parking', 'ordinance', 'warning'] as const;
/**
 * draft: being written (never numbered). validated: every rule passed when the officer checked it (any
 * change makes it a draft again). issued: numbered and handed over (printed). filed: exported to court
 * by the clerk. void: cancelled by a supervisor, with a reason; the number is never reused.
 */
export const CITATION_STATUSES = ['draft', 'validated', 'issued', 'filed', 'void'] as const;
export const CITATION_QUEUES = ['mine', 'all'] as const;

export const TASK_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export const TASK_SORTS = ['position', 'due', 'priority', 'title', 'created', 'updated', 'status'] as const;
/** How a list's table may group its tasks (none: one table). */
export const TASK_GROUPS = ['none', 'status', 'priority', 'assignee', 'due'] as const;
