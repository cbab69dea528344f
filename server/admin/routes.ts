import type { FastifyInstance } from 'fastify';
import { adminApi } from '../../core/contracts/admin.ts';
import { csvFile, registerApi } from '../platform/endpoints.ts';
import { perPerson } from '../platform/rate-limits.ts';
import type { Services } from '../platform/services.ts';
import {
  getAgencyProfile,
  getOverview,
  listModules,
  removeAgencyLogo,
  setModuleEnabled,
  updateAgencyProfile,
  uploadAgencyLogo,
} from './agency.ts';
import { exportAuditLog, readAuditLog } from './audit-log.ts';
import { createRole, deleteRole, getAgencyRole, listAgencyRoles, setMembersOfRole, updateRole } from './roles.ts';
import { endUserSession, endUserSessions, listUserSessions } from './sessions.ts';
import {
  bulkUsers,
  getAgencyUser,
  importUsers,
  inviteUser,
  listAgencyUsers,
  normaliseInvite,
  resendInvitation,
  resetUserFactors,
  revokeInvitation,
  setUserEnabled,
  unlockUser,
  updateAgencyUser,
} from './users.ts';

/** Invitations also tell whether an address is taken: 30 a minute per administrator keeps that from being probed at speed. */
const INVITING = { rateLimit: perPerson(30, 'sent a lot of invitations') };

/** The handlers of adminApi (core/contracts/admin.ts). */
export function adminRoutes(app: FastifyInstance, services: Services) {
  return registerApi(app, services, adminApi, {
    getOverview: (ctx) => getOverview(ctx),

    getAgency: (ctx) => getAgencyProfile(ctx),
    updateAgency: (ctx, { version, body }) => updateAgencyProfile(ctx, version, body),
    uploadLogo: (ctx, { body }) => uploadAgencyLogo(ctx, Buffer.isBuffer(body) ? body : Buffer.alloc(0)),
    removeLogo: (ctx) => removeAgencyLogo(ctx),

    listModules: (ctx) => listModules(ctx),
    setModule: (ctx, { params, body }) => setModuleEnabled(ctx, params.module, body.enabled),

    listUsers: (ctx, { query }) => listAgencyUsers(ctx, query),
    inviteUser: { handle: (ctx, { body }) => inviteUser(ctx, normaliseInvite(body)), route: INVITING },
    importUsers: { handle: (ctx, { body }) => importUsers(ctx, body.csv), route: INVITING },
    getUser: (ctx, { params }) => getAgencyUser(ctx, params.id),
    updateUser: (ctx, { params, version, body }) => updateAgencyUser(ctx, params.id, version, body),
    disableUser: (ctx, { params }) => setUserEnabled(ctx, params.id, false),
    enableUser: (ctx, { params }) => setUserEnabled(ctx, params.id, true),
    unlockUser: (ctx, { params }) => unlockUser(ctx, params.id),
    resetUserFactors: (ctx, { params }) => resetUserFactors(ctx, params.id),
    resendInvitation: (ctx, { params }) => resendInvitation(ctx, params.id),
    revokeInvitation: (ctx, { params }) => revokeInvitation(ctx, params.id),
    bulkUsers: { handle: (ctx, { body }) => bulkUsers(ctx, body), route: INVITING },
    listUserSessions: (ctx, { params }) => listUserSessions(ctx, params.id),
    endUserSession: (ctx, { params }) => endUserSession(ctx, params.id, params.session_id),
    endUserSessions: (ctx, { params }) => endUserSessions(ctx, params.id),

    listRoles: (ctx) => listAgencyRoles(ctx),
    createRole: (ctx, { body }) => createRole(ctx, body),
    getRole: (ctx, { params }) => getAgencyRole(ctx, params.id),
    updateRole: (ctx, { params, version, body }) => updateRole(ctx, params.id, version, body),
    deleteRole: (ctx, { params }) => deleteRole(ctx, params.id),
    setRoleMembers: (ctx, { params, body }) => setMembersOfRole(ctx, params.id, body.user_ids),

    listAudit: (ctx, { query }) => readAuditLog(ctx, query),
    exportAudit: async (ctx, { query }) => csvFile('audit-log', await exportAuditLog(ctx, query)),
  });
}
