import type { AccountType } from './contracts/auth.ts';

/**
 * The permission catalogue and the checks both ends use (spec section 6).
 *
 * Permissions are `area:action` strings carried in the access token's app_metadata. The browser uses
 * these checks to hide what a user cannot do; the server uses the same checks on every route and is
 * the one that counts.
 */

/** The areas permissions belong to, with the label an agency admin sees in the roles matrix. */
export const PERMISSION_AREAS = {
  admin: 'Administration',
  citations: 'Citations',
  reports: 'Reports',
  productivity: 'Productivity',
  scheduling: 'Scheduling',
  fleet: 'Fleet',
  fto: 'Field Training',
} as const;
export type PermissionArea = keyof typeof PERMISSION_AREAS;

export type PermissionInfo = {
  area: PermissionArea;
  /** A short name for the roles matrix column. */
  label: string;
  /** What holding the permission lets a person do, in words an agency admin understands. */
  description: string;
};

export const PERMISSIONS = {
  'admin:access': {
    area: 'admin',
    label: 'Full administrator',
    description:
      'Everything in Precinct for this agency: users, roles, module settings and every action of every module. ' +
      'It passes every permission and role check, so give it to very few people.',
  },
  'citations:access': {
    area: 'citations',
    label: 'Write citations',
    description: 'Open Citations to write, validate and issue citations and written warnings. Needs a full account.',
  },
  'citations:manage': {
    area: 'citations',
    label: 'Manage everyone’s citations',
    description:
      'See and search every officer’s citations, export them, file them with court and see the counts by officer and statute. Also needs “Write citations”.',
  },
  'citations:void': {
    area: 'citations',
    label: 'Void citations',
    description: 'Void an issued citation with a reason, and answer officers’ requests to void one. Also needs “Write citations”.',
  },
  'reports:editor': {
    area: 'reports',
    label: 'Write reports',
    description: 'Open Reports to write incident reports and submit them for review. Needs a full account.',
  },
  'reports:templates.use': {
    area: 'reports',
    label: 'Use report templates',
    description: 'Start a report from one of the agency’s templates or a guided template such as OWI or retail theft.',
  },
  'reports:templates.create_user': {
    area: 'reports',
    label: 'Create personal templates',
    description: 'Build report templates for their own use. Opening the template builder needs this and “Create agency templates”.',
  },
  'reports:templates.create_agency': {
    area: 'reports',
    label: 'Create agency templates',
    description:
      'Build report templates that everyone in the agency can use. Opening the template builder needs this and “Create personal templates”.',
  },
  'productivity:access': {
    area: 'productivity',
    label: 'Use Productivity',
    description: 'Open Productivity to see and work on spaces, lists and tasks. Needs a full account.',
  },
  'scheduling:view': {
    area: 'scheduling',
    label: 'View the schedule',
    description: 'See the schedule and their own shifts, sign up for overtime and ask for trades.',
  },
  'scheduling:ot.manage': {
    area: 'scheduling',
    label: 'Award overtime',
    description: 'Award posted overtime shifts by the agency’s rule and see everyone’s overtime totals.',
  },
  'scheduling:ot.create': {
    area: 'scheduling',
    label: 'Post overtime',
    description: 'Post open overtime shifts, including ones created from staffing gaps.',
  },
  'scheduling:pto.manage': {
    area: 'scheduling',
    label: 'Approve time off',
    description: 'Approve or deny time-off requests and adjust time-off balances.',
  },
  'scheduling:modification.manage': {
    area: 'scheduling',
    label: 'Approve schedule changes',
    description: 'Approve shift trades and change the schedule, including arranging a trade on someone’s behalf.',
  },
  'scheduling:allcall': {
    area: 'scheduling',
    label: 'Send all-calls',
    description: 'Broadcast an urgent open shift to eligible officers by app, e-mail and text message.',
  },
  'fleet:servicerequest.submit': {
    area: 'fleet',
    label: 'Request vehicle service',
    description: 'Report a problem with a vehicle and follow their own service requests.',
  },
  'fleet:squadcheck.submit': {
    area: 'fleet',
    label: 'Do squad checks',
    description: 'Fill in the squad check of a vehicle before a shift.',
  },
  'fleet:admin': {
    area: 'fleet',
    label: 'Manage the fleet',
    description: 'Manage vehicles, work service requests, review squad checks and edit squad check templates.',
  },
  'fto:user': {
    area: 'fto',
    label: 'Trainee',
    description: 'See their own field training binder: daily observation reports, tasksheets and policies.',
  },
  'fto:trainer': {
    area: 'fto',
    label: 'Field training officer',
    description: 'Write daily observation reports and sign off tasks for the trainees they train.',
  },
  'fto:admin': {
    area: 'fto',
    label: 'Run field training',
    description: 'See every binder, assign trainers, configure training programs and approve DORs.',
  },
} as const satisfies Record<string, PermissionInfo>;

export type Permission = keyof typeof PERMISSIONS;

/** Every permission, in catalogue order (grouped by area). */
export const PERMISSION_LIST = Object.keys(PERMISSIONS) as readonly Permission[];

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);
}

/** The superuser permission: it passes every permission check and every role check. */
export const ADMIN_PERMISSION = 'admin:access' satisfies Permission;

/** The claims of a signed-in user (the access token's app_metadata, spec section 3). */
export type Claims = {
  agency_id: string;
  account_type: AccountType;
  roles: readonly string[];
  permissions: readonly string[];
};

/** Null or undefined claims mean nobody is signed in: every check below is then false. */
type MaybeClaims = Claims | null | undefined;

export function isAdmin(claims: MaybeClaims): boolean {
  return claims != null && claims.permissions.includes(ADMIN_PERMISSION);
}

export function hasPermission(claims: MaybeClaims, permission: Permission): boolean {
  if (claims == null) return false;
  return isAdmin(claims) || claims.permissions.includes(permission);
}

/**
 * True when the user holds at least one of the permissions. An empty list is false for everyone,
 * admins included: "at least one of nothing" is never satisfied, so a caller that builds the list
 * dynamically cannot open something by accident.
 */
export function hasAnyPermission(claims: MaybeClaims, permissions: readonly Permission[]): boolean {
  return permissions.some((permission) => hasPermission(claims, permission));
}

/**
 * True when the user holds every one of the permissions. An empty list is true for any signed-in
 * user (nothing is required) and false when signed out (signed out never passes a check).
 */
export function hasAllPermissions(claims: MaybeClaims, permissions: readonly Permission[]): boolean {
  if (claims == null) return false;
  return permissions.every((permission) => hasPermission(claims, permission));
}

/** Role names are agency-defined, so any string. An admin passes every role check (spec section 6). */
export function hasRole(claims: MaybeClaims, role: string): boolean {
  if (claims == null) return false;
  return isAdmin(claims) || claims.roles.includes(role);
}

/** Same empty-list rule as hasAnyPermission: an empty list is false. */
export function hasAnyRole(claims: MaybeClaims, roles: readonly string[]): boolean {
  return roles.some((role) => hasRole(claims, role));
}

/** Same empty-list rule as hasAllPermissions: true when signed in, false when signed out. */
export function hasAllRoles(claims: MaybeClaims, roles: readonly string[]): boolean {
  if (claims == null) return false;
  return roles.every((role) => hasRole(claims, role));
}

/** A role template seeded into every new agency; the agency may edit or delete its copy. */
export type BuiltInRole = {
  /** A stable kebab-case slug, the same in every agency. */
  key: string;
  name: string;
  description: string;
  permissions: Permission[];
};

/** What every sworn officer does day to day. Citations, reports and productivity also need a full account. */
const OFFICER_PERMISSIONS: Permission[] = [
  'citations:access',
  'reports:editor',
  'reports:templates.use',
  'productivity:access',
  'scheduling:view',
  'fleet:servicerequest.submit',
  'fleet:squadcheck.submit',
];

/** Everything the scheduling admin area (/schedule/admin) needs, plus seeing the schedule. */
const SCHEDULING_PERMISSIONS: Permission[] = [
  'scheduling:view',
  'scheduling:ot.manage',
  'scheduling:ot.create',
  'scheduling:pto.manage',
  'scheduling:modification.manage',
  'scheduling:allcall',
];

const FLEET_MANAGER_PERMISSIONS: Permission[] = ['fleet:admin', 'fleet:servicerequest.submit', 'fleet:squadcheck.submit'];

/** Keeps catalogue order and drops duplicates, so role templates read the same as the matrix. */
function permissionSet(...groups: readonly (readonly Permission[])[]): Permission[] {
  const wanted = new Set(groups.flat());
  return PERMISSION_LIST.filter((permission) => wanted.has(permission));
}

/**
 * The built-in Administrator role is what keeps an agency administrable: it may be renamed or given
 * members, never deleted (the admin area offers no "Delete role" for it and the server refuses).
 */
export const UNDELETABLE_ROLE_KEY = 'administrator';

export function isDeletableRole(role: { template_key: string | null }): boolean {
  return role.template_key !== UNDELETABLE_ROLE_KEY;
}

export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  {
    key: 'administrator',
    name: 'Administrator',
    description: 'Runs Precinct for the agency: users, roles, modules and every module’s records.',
    permissions: ['admin:access'],
  },
  {
    key: 'officer',
    name: 'Officer',
    description: 'Patrol work: citations, reports from templates, tasks, their schedule, squad checks and service requests.',
    permissions: permissionSet(OFFICER_PERMISSIONS),
  },
  {
    key: 'sergeant',
    name: 'Sergeant',
    description:
      'A patrol supervisor: everything an officer does, plus overtime, time off, trades, all-calls, personal report templates, and everyone’s citations with voids.',
    permissions: permissionSet(OFFICER_PERMISSIONS, SCHEDULING_PERMISSIONS, [
      'reports:templates.create_user',
      'citations:manage',
      'citations:void',
    ]),
  },
  {
    key: 'field-training-officer',
    name: 'Field Training Officer',
    description: 'An officer who trains recruits: writes their daily observation reports and signs off tasks.',
    permissions: permissionSet(OFFICER_PERMISSIONS, ['fto:trainer']),
  },
  {
    key: 'trainee',
    name: 'Trainee',
    description: 'A recruit in field training: an officer’s tools plus their own training binder.',
    permissions: permissionSet(OFFICER_PERMISSIONS, ['fto:user']),
  },
  {
    key: 'fto-coordinator',
    name: 'FTO Coordinator',
    description: 'Runs the field training program: programs, binders, trainers and DOR approval.',
    permissions: permissionSet(['fto:admin', 'fto:trainer']),
  },
  {
    key: 'fleet-manager',
    name: 'Fleet Manager',
    description: 'Keeps the vehicles on the road: vehicles, service requests, squad check review and templates.',
    permissions: permissionSet(FLEET_MANAGER_PERMISSIONS),
  },
  {
    key: 'scheduler',
    name: 'Scheduler',
    description: 'Builds and runs the schedule: overtime, time off, trades and all-calls.',
    permissions: permissionSet(SCHEDULING_PERMISSIONS),
  },
  {
    key: 'records-clerk',
    name: 'Records Clerk',
    description: 'Handles records: writes and edits reports, and files everyone’s citations with court.',
    permissions: permissionSet(['reports:editor', 'reports:templates.use', 'citations:access', 'citations:manage']),
  },
];
