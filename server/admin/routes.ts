import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminOverview,
  AdminUser,
  AgencyProfile,
  AuditEntry,
  AuditQuery,
  CreateRoleInput,
  IdParams,
  ImportUsersInput,
  ImportUsersResult,
  InviteUserInput,
  ListUsersQuery,
  ModuleParams,
  ModuleState,
  pageOf,
  Role,
  RoleDetail,
  SetModuleInput,
  SetRoleMembersInput,
  UpdateAgencyInput,
  UpdateRoleInput,
  UpdateUserInput,
} from '../../core/contracts/admin.ts';
import { requestContext } from '../platform/context.ts';
import { perPerson } from '../platform/rate-limits.ts';
import type { Services } from '../platform/services.ts';
import { expectedVersion, setEtag } from '../platform/versioning.ts';
import type { AdminContext } from './context.ts';
import { getAgencyProfile, getOverview, listModules, LOGO_MAX_BYTES, removeAgencyLogo, setModuleEnabled, updateAgencyProfile, uploadAgencyLogo } from './agency.ts';
import { exportAuditLog, readAuditLog } from './audit-log.ts';
import { createRole, deleteRole, getAgencyRole, listAgencyRoles, setMembersOfRole, updateRole } from './roles.ts';
import {
  getAgencyUser,
  importUsers,
  inviteUser,
  listAgencyUsers,
  normaliseInvite,
  resendInvitation,
  revokeInvitation,
  resetUserFactors,
  setUserEnabled,
  unlockUser,
  updateAgencyUser,
} from './users.ts';

const ADMIN = { access: { permission: 'admin:access' } } as const;
/** Invitations also tell whether an address is taken: 30 a minute per administrator keeps that from being probed at speed. */
const INVITING = { ...ADMIN, rateLimit: perPerson(30, 'sent a lot of invitations') } as const;
const tags = ['admin'];

/** /rest/v1/admin: the agency administrator's area (issue 5). Every route needs admin:access. */
export function adminRoutes(services: Services) {
  const context = (request: FastifyRequest): AdminContext => requestContext(services, request);

  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addContentTypeParser(['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES + 1 }, (_request, body, done) =>
      done(null, body),
    );

    app.get('/overview', { config: ADMIN, schema: { tags, response: { 200: AdminOverview } } }, (request) => getOverview(context(request)));

    app.get('/agency', { config: ADMIN, schema: { tags, response: { 200: AgencyProfile } } }, async (request, reply) => {
      const profile = await getAgencyProfile(context(request));
      setEtag(reply, profile.version);
      return profile;
    });
    app.patch('/agency', { config: ADMIN, schema: { tags, body: UpdateAgencyInput, response: { 200: AgencyProfile } } }, async (request, reply) => {
      const profile = await updateAgencyProfile(context(request), expectedVersion(request), request.body);
      setEtag(reply, profile.version);
      return profile;
    });
    app.put('/agency/logo', { config: ADMIN, schema: { tags, response: { 200: AgencyProfile } } }, (request) =>
      uploadAgencyLogo(context(request), Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)),
    );
    app.delete('/agency/logo', { config: ADMIN, schema: { tags, response: { 200: AgencyProfile } } }, (request) => removeAgencyLogo(context(request)));

    app.get('/modules', { config: ADMIN, schema: { tags, response: { 200: z.array(ModuleState) } } }, (request) => listModules(context(request)));
    app.put('/modules/:module', { config: ADMIN, schema: { tags, params: ModuleParams, body: SetModuleInput, response: { 200: z.array(ModuleState) } } }, (request) =>
      setModuleEnabled(context(request), request.params.module, request.body.enabled),
    );

    app.get('/users', { config: ADMIN, schema: { tags, querystring: ListUsersQuery, response: { 200: pageOf(AdminUser) } } }, (request) =>
      listAgencyUsers(context(request), request.query),
    );
    app.post('/users', { config: INVITING, schema: { tags, body: InviteUserInput, response: { 201: AdminUser } } }, async (request, reply) => {
      const user = await inviteUser(context(request), normaliseInvite(request.body));
      return reply.status(201).send(user);
    });
    app.post('/users/import', { config: INVITING, schema: { tags, body: ImportUsersInput, response: { 200: ImportUsersResult } } }, (request) =>
      importUsers(context(request), request.body.csv),
    );
    app.get('/users/:id', { config: ADMIN, schema: { tags, params: IdParams, response: { 200: AdminUser } } }, async (request, reply) => {
      const user = await getAgencyUser(context(request), request.params.id);
      setEtag(reply, user.version);
      return user;
    });
    app.patch('/users/:id', { config: ADMIN, schema: { tags, params: IdParams, body: UpdateUserInput, response: { 200: AdminUser } } }, async (request, reply) => {
      const user = await updateAgencyUser(context(request), request.params.id, expectedVersion(request), request.body);
      setEtag(reply, user.version);
      return user;
    });
    app.post('/users/:id/disable', { config: ADMIN, schema: { tags, params: IdParams, response: { 200: AdminUser } } }, (request) =>
      setUserEnabled(context(request), request.params.id, false),
    );
    app.post('/users/:id/enable', { config: ADMIN, schema: { tags, params: IdParams, response: { 200: AdminUser } } }, (request) =>
      setUserEnabled(context(request), request.params.id, true),
    );
    app.post('/users/:id/unlock', { config: ADMIN, schema: { tags, params: IdParams, response: { 200: AdminUser } } }, (request) =>
      unlockUser(context(request), request.params.id),
    );
    app.post('/users/:id/factors/reset', { config: ADMIN, schema: { tags, params: IdParams, response: { 200: AdminUser } } }, (request) =>
      resetUserFactors(context(request), request.params.id),
    );
    app.post('/users/:id/invitation/resend', { config: ADMIN, schema: { tags, params: IdParams, response: { 200: AdminUser } } }, (request) =>
      resendInvitation(context(request), request.params.id),
    );
    app.post('/users/:id/invitation/revoke', { config: ADMIN, schema: { tags, params: IdParams, response: { 200: AdminUser } } }, (request) =>
      revokeInvitation(context(request), request.params.id),
    );

    app.get('/roles', { config: ADMIN, schema: { tags, response: { 200: z.array(Role) } } }, (request) => listAgencyRoles(context(request)));
    app.post('/roles', { config: ADMIN, schema: { tags, body: CreateRoleInput, response: { 201: RoleDetail } } }, async (request, reply) =>
      reply.status(201).send(await createRole(context(request), request.body)),
    );
    app.get('/roles/:id', { config: ADMIN, schema: { tags, params: IdParams, response: { 200: RoleDetail } } }, async (request, reply) => {
      const role = await getAgencyRole(context(request), request.params.id);
      setEtag(reply, role.version);
      return role;
    });
    app.patch('/roles/:id', { config: ADMIN, schema: { tags, params: IdParams, body: UpdateRoleInput, response: { 200: RoleDetail } } }, async (request, reply) => {
      const role = await updateRole(context(request), request.params.id, expectedVersion(request), request.body);
      setEtag(reply, role.version);
      return role;
    });
    app.delete('/roles/:id', { config: ADMIN, schema: { tags, params: IdParams } }, async (request, reply) => {
      await deleteRole(context(request), request.params.id);
      return reply.status(204).send();
    });
    app.put('/roles/:id/members', { config: ADMIN, schema: { tags, params: IdParams, body: SetRoleMembersInput, response: { 200: RoleDetail } } }, (request) =>
      setMembersOfRole(context(request), request.params.id, request.body.user_ids),
    );

    app.get('/audit', { config: ADMIN, schema: { tags, querystring: AuditQuery, response: { 200: pageOf(AuditEntry) } } }, (request) =>
      readAuditLog(context(request), request.query),
    );
    app.get('/audit.csv', { config: ADMIN, schema: { tags, querystring: AuditQuery } }, async (request, reply) => {
      const csv = await exportAuditLog(context(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    });
  };
}
