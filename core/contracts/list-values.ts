/**
 * The value lists of the lists' filters and sorts, without zod: the contracts build their schemas
 * from them, and the web app's routes validate their URLs against them (web/lib/url-search.ts)
 * without pulling the contracts' schemas into the entry chunk every page loads.
 */

export const USER_SORTS = ['name', 'email', 'badge_number', 'rank', 'status', 'last_sign_in_at', 'created_at'] as const;

export const VEHICLE_STATUSES = ['in_service', 'out_of_service', 'retired'] as const;
export const VEHICLE_SORTS = ['unit_number', 'vehicle_type', 'status', 'odometer', 'year', 'make'] as const;
export const SERVICE_REQUEST_STATUSES = ['open', 'in_progress', 'completed', 'declined'] as const;
export const SUBMISSION_STATUSES = ['submitted', 'approved', 'returned'] as const;
