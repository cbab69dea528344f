import * as z from 'zod/mini';
import { AccountType, TheirEmail, TheirName, Timezone, UserStatus } from './auth.ts';
import { AgencyAddress, CompleteSecurityPolicy, SecurityPolicy } from './agency.ts';
import { PERMISSION_LIST, type Permission } from '../permissions.ts';
import { MODULE_KEYS } from '../modules.ts';
import { defineApi } from '../endpoints.ts';
import { Id, IdParams, pageOf, type Page } from './fields.ts';
import { USER_SORTS } from './list-values.ts';

export { USER_SORTS };

/** The admin area's API: adminApi at the end. Updates carry the record's version in `If-Match` (its ETag). */

// Shared with every module's contract; defined in fields.ts so that a module's screen does not load this file.
export const Uuid = Id;
export { IdParams, pageOf, type Page };

const isPermission = (p: string): p is Permission => (PERMISSION_LIST as readonly string[]).includes(p);
/** A permission's name, typed `Permission` once parsed (classic zod's `.refine` narrowed by the guard; zod/mini's does not). */
const PermissionName = z.string().check(z.refine(isPermission, 'Unknown permission')) as z.ZodMiniString &
  z.ZodMiniType<Permission, string>;

const optionalText = (max: number) =>
  z.optional(
    z.nullable(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(max, `Use at most ${max} characters`)),
        z.transform((v) => (v === '' ? null : v)),
      ),
    ),
  );

const PageQuery = {
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 25),
};

export const RoleRef = z.object({ id: z.string(), name: z.string() });

export const AdminUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  badge_number: z.nullable(z.string()),
  rank: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  account_type: AccountType,
  status: UserStatus,
  roles: z.array(RoleRef),
  permissions: z.array(z.string()),
  last_sign_in_at: z.nullable(z.string()),
  created_at: z.string(),
  /** Locked after repeated failed sign-ins (an administrator or the user's e-mailed link unlocks). */
  locked: z.boolean(),
  /** The pending invitation's expiry, for invited users. */
  invitation_expires_at: z.nullable(z.string()),
  version: z.number().check(z.int()),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const ListUsersQuery = z.object({
  ...PageQuery,
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  status: z.optional(UserStatus),
  role_id: z.optional(Uuid),
  sort: z._default(z.enum(USER_SORTS), 'name'),
  order: z._default(z.enum(['asc', 'desc']), 'asc'),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

export const InviteUserInput = z.object({
  email: TheirEmail,
  name: TheirName,
  account_type: z._default(AccountType, 'limited'),
  role_ids: z._default(z.array(Uuid).check(z.maxLength(50)), []),
  badge_number: optionalText(32),
  rank: optionalText(64),
  phone: optionalText(32),
});
export type InviteUserInput = z.input<typeof InviteUserInput>;

export const UpdateUserInput = z.strictObject({
  name: z.optional(TheirName),
  badge_number: optionalText(32),
  rank: optionalText(64),
  phone: optionalText(32),
  account_type: z.optional(AccountType),
  role_ids: z.optional(z.array(Uuid).check(z.maxLength(50))),
});
export type UpdateUserInput = z.input<typeof UpdateUserInput>;

/** Bulk invitation from a CSV file with a header row: email,name[,account_type,roles,badge_number,rank,phone]; roles separated by ";". */
export const ImportUsersInput = z.object({
  csv: z.string().check(z.minLength(1, 'The file is empty'), z.maxLength(2_000_000, 'The file is too large (2 MB at most)')),
});
export const ImportUsersResult = z.object({
  created: z.number().check(z.int()),
  errors: z.array(z.object({ row: z.number().check(z.int()), field: z.nullable(z.string()), message: z.string() })),
});
export type ImportUsersResult = z.infer<typeof ImportUsersResult>;

/** What the user list's bulk actions do to each chosen person. */
export const BULK_USER_ACTIONS = ['assign_role', 'disable', 'resend_invitation'] as const;
export const BulkUserAction = z.enum(BULK_USER_ACTIONS);
export type BulkUserAction = z.infer<typeof BulkUserAction>;

/** One action on up to a page of people; `role_id` names the role to add for assign_role. */
export const BulkUsersInput = z
  .object({
    action: BulkUserAction,
    user_ids: z.array(Uuid).check(z.minLength(1, 'Choose at least one person'), z.maxLength(200, 'Choose at most 200 people at a time')),
    role_id: z.optional(Uuid),
  })
  .check(
    z.refine((input) => input.action !== 'assign_role' || input.role_id !== undefined, {
      path: ['role_id'],
      message: 'Choose the role to assign',
    }),
  );
export type BulkUsersInput = z.input<typeof BulkUsersInput>;

/** Each person's outcome: done, nothing to do (already so), or refused, with the reason in words. */
export const BulkUserResult = z.object({
  user_id: z.string(),
  /** Null when the id is no one in this agency. */
  name: z.nullable(z.string()),
  outcome: z.enum(['done', 'unchanged', 'refused']),
  message: z.string(),
});
export type BulkUserResult = z.infer<typeof BulkUserResult>;
export const BulkUsersResult = z.object({ results: z.array(BulkUserResult) });
export type BulkUsersResult = z.infer<typeof BulkUsersResult>;

/** A live session of a user: one signed-in browser or device. */
export const UserSession = z.object({
  id: z.string(),
  user_agent: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  signed_in_at: z.string(),
  last_used_at: z.string(),
  /** Signed in with a second factor. */
  aal: z.enum(['aal1', 'aal2']),
  /** The administrator's own session, the one this request came from. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSession>;
export const UserSessionParams = z.object({ id: Uuid, session_id: Uuid });

export const Role = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  template_key: z.nullable(z.string()),
  permissions: z.array(z.string()),
  member_count: z.number().check(z.int()),
  version: z.number().check(z.int()),
});
export type Role = z.infer<typeof Role>;

export const RoleMember = z.object({ id: z.string(), name: z.string(), email: z.string(), status: UserStatus });
export const RoleDetail = z.extend(Role, { members: z.array(RoleMember) });
export type RoleDetail = z.infer<typeof RoleDetail>;

const RoleName = z
  .string()
  .check(z.trim(), z.minLength(2, 'Give the role a name of at least 2 characters'), z.maxLength(60, 'Use at most 60 characters'));
export const CreateRoleInput = z.object({
  name: RoleName,
  description: z._default(z.string().check(z.trim(), z.maxLength(300, 'Use at most 300 characters')), ''),
  permissions: z._default(z.array(PermissionName).check(z.maxLength(100)), []),
});
export type CreateRoleInput = z.input<typeof CreateRoleInput>;
export const UpdateRoleInput = z.strictObject({
  name: z.optional(RoleName),
  description: z.optional(z.string().check(z.trim(), z.maxLength(300, 'Use at most 300 characters'))),
  permissions: z.optional(z.array(PermissionName).check(z.maxLength(100))),
});
export type UpdateRoleInput = z.input<typeof UpdateRoleInput>;
export const SetRoleMembersInput = z.object({ user_ids: z.array(Uuid).check(z.maxLength(5000)) });

export const AgencyProfile = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  ori: z.nullable(z.string()),
  timezone: z.string(),
  clock: z.enum(['12h', '24h']),
  address: AgencyAddress,
  security_policy: CompleteSecurityPolicy,
  logo_url: z.nullable(z.string()),
  version: z.number().check(z.int()),
});
export type AgencyProfile = z.infer<typeof AgencyProfile>;

export const UpdateAgencyInput = z.strictObject({
  name: z.optional(z.string().check(z.trim(), z.minLength(2, 'Enter the agency name'), z.maxLength(120, 'Use at most 120 characters'))),
  ori: z.optional(
    z.nullable(
      z.pipe(
        z
          .string()
          .check(
            z.trim(),
            z.toUpperCase(),
            z.regex(/^([A-Z]{2}[A-Z0-9]{7})?$/, 'An ORI is 9 characters: the state’s two letters, then 7 letters or digits'),
          ),
        z.transform((v) => (v === '' ? null : v)),
      ),
    ),
  ),
  timezone: z.optional(Timezone),
  clock: z.optional(z.enum(['12h', '24h'])),
  address: z.optional(AgencyAddress),
  security_policy: z.optional(SecurityPolicy),
});
export type UpdateAgencyInput = z.input<typeof UpdateAgencyInput>;

export const ModuleState = z.object({ key: z.enum(MODULE_KEYS), label: z.string(), enabled: z.boolean() });
export type ModuleState = z.infer<typeof ModuleState>;
export const ModuleParams = z.object({ module: z.enum(MODULE_KEYS) });
export const SetModuleInput = z.object({ enabled: z.boolean() });

export const AuditEntry = z.object({
  id: z.number().check(z.int()),
  occurred_at: z.string(),
  actor_id: z.nullable(z.string()),
  actor_email: z.nullable(z.string()),
  /** The actor's name as it is now (null for Precinct itself, or a person no longer found). */
  actor_name: z.nullable(z.string()),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.nullable(z.string()),
  summary: z.string(),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  ip: z.nullable(z.string()),
  user_agent: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.object({
  ...PageQuery,
  actor_id: z.optional(Uuid),
  /** An action or its area prefix: `user` matches `user.disabled`, `user.invited`, … */
  action: z.optional(z.string().check(z.trim(), z.maxLength(60))),
  entity_id: z.optional(z.string().check(z.maxLength(100))),
  from: z.optional(z.iso.datetime({ offset: true, error: 'Use an ISO date and time' })),
  to: z.optional(z.iso.datetime({ offset: true, error: 'Use an ISO date and time' })),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AdminOverview = z.object({
  users_by_status: z.object({
    invited: z.number().check(z.int()),
    active: z.number().check(z.int()),
    disabled: z.number().check(z.int()),
  }),
  role_count: z.number().check(z.int()),
  modules: z.array(ModuleState),
  recent_activity: z.array(AuditEntry),
});
export type AdminOverview = z.infer<typeof AdminOverview>;

// ---------------------------------------------------------------- the endpoints

/** The agency logo: an image of at most 2 MB, sent as its bytes. */
export const LOGO_UPLOAD = {
  contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
  maxBytes: 2 * 1024 * 1024,
} as const;

const ADMIN = { permission: 'admin:access' } as const;

/** /rest/v1/admin: the agency administrator's area; every endpoint needs admin:access. */
export const adminApi = defineApi('admin', '/rest/v1/admin', {
  getOverview: { method: 'GET', path: '/overview', access: ADMIN, response: AdminOverview },

  getAgency: { method: 'GET', path: '/agency', access: ADMIN, response: AgencyProfile, versioned: true },
  updateAgency: { method: 'PATCH', path: '/agency', access: ADMIN, body: UpdateAgencyInput, response: AgencyProfile, versioned: true },
  uploadLogo: { method: 'PUT', path: '/agency/logo', access: ADMIN, upload: LOGO_UPLOAD, response: AgencyProfile },
  removeLogo: { method: 'DELETE', path: '/agency/logo', access: ADMIN, response: AgencyProfile },

  listModules: { method: 'GET', path: '/modules', access: ADMIN, response: z.array(ModuleState) },
  setModule: {
    method: 'PUT',
    path: '/modules/:module',
    access: ADMIN,
    params: ModuleParams,
    body: SetModuleInput,
    response: z.array(ModuleState),
  },

  listUsers: { method: 'GET', path: '/users', access: ADMIN, query: ListUsersQuery, response: pageOf(AdminUser) },
  // Not idempotent: a refused invitation is audited in a transaction of its own (one address is one account, so a retry is refused, never doubled).
  inviteUser: { method: 'POST', path: '/users', access: ADMIN, body: InviteUserInput, response: AdminUser, status: 201 },
  importUsers: { method: 'POST', path: '/users/import', access: ADMIN, body: ImportUsersInput, response: ImportUsersResult },
  getUser: { method: 'GET', path: '/users/:id', access: ADMIN, params: IdParams, response: AdminUser, versioned: true },
  updateUser: {
    method: 'PATCH',
    path: '/users/:id',
    access: ADMIN,
    params: IdParams,
    body: UpdateUserInput,
    response: AdminUser,
    versioned: true,
  },
  disableUser: { method: 'POST', path: '/users/:id/disable', access: ADMIN, params: IdParams, response: AdminUser },
  enableUser: { method: 'POST', path: '/users/:id/enable', access: ADMIN, params: IdParams, response: AdminUser },
  unlockUser: { method: 'POST', path: '/users/:id/unlock', access: ADMIN, params: IdParams, response: AdminUser },
  resetUserFactors: { method: 'POST', path: '/users/:id/factors/reset', access: ADMIN, params: IdParams, response: AdminUser },
  resendInvitation: { method: 'POST', path: '/users/:id/invitation/resend', access: ADMIN, params: IdParams, response: AdminUser },
  revokeInvitation: { method: 'POST', path: '/users/:id/invitation/revoke', access: ADMIN, params: IdParams, response: AdminUser },
  bulkUsers: { method: 'POST', path: '/users/bulk', access: ADMIN, body: BulkUsersInput, response: BulkUsersResult },
  listUserSessions: { method: 'GET', path: '/users/:id/sessions', access: ADMIN, params: IdParams, response: z.array(UserSession) },
  endUserSession: {
    method: 'POST',
    path: '/users/:id/sessions/:session_id/end',
    access: ADMIN,
    params: UserSessionParams,
    response: z.array(UserSession),
  },
  endUserSessions: { method: 'POST', path: '/users/:id/sessions/end', access: ADMIN, params: IdParams, response: z.array(UserSession) },

  listRoles: { method: 'GET', path: '/roles', access: ADMIN, response: z.array(Role) },
  createRole: { method: 'POST', path: '/roles', access: ADMIN, body: CreateRoleInput, response: RoleDetail, idempotent: true },
  getRole: { method: 'GET', path: '/roles/:id', access: ADMIN, params: IdParams, response: RoleDetail, versioned: true },
  updateRole: {
    method: 'PATCH',
    path: '/roles/:id',
    access: ADMIN,
    params: IdParams,
    body: UpdateRoleInput,
    response: RoleDetail,
    versioned: true,
  },
  deleteRole: { method: 'DELETE', path: '/roles/:id', access: ADMIN, params: IdParams, response: null },
  setRoleMembers: {
    method: 'PUT',
    path: '/roles/:id/members',
    access: ADMIN,
    params: IdParams,
    body: SetRoleMembersInput,
    response: RoleDetail,
  },

  listAudit: { method: 'GET', path: '/audit', access: ADMIN, query: AuditQuery, response: pageOf(AuditEntry) },
  exportAudit: { method: 'GET', path: '/audit.csv', access: ADMIN, query: AuditQuery, response: 'csv' },
});
