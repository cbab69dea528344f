import type {
  AdminUser,
  BulkUserAction,
  BulkUserResult,
  BulkUsersResult,
  ImportUsersResult,
  InviteUserInput,
  ListUsersQuery,
  Page,
  UpdateUserInput,
} from '../../core/contracts/admin.ts';
import { inSequence } from '../platform/database.ts';
import { AccountType, TheirEmail, TheirName } from '../../core/contracts/auth.ts';
import { hasPermission, type Permission } from '../../core/permissions.ts';
import { createInvitation } from './invitations.ts';
import { deleteFactors, findUserById, revokeUserSessions, clearLock } from '../platform/users.ts';
import { expireOneTimeTokens, createLink } from '../platform/one-time-links.ts';
import { recordAudit } from '../platform/audit.ts';
import type { Tx } from '../platform/database.ts';
import { AppError, validationError } from '../platform/errors.ts';
import { staleVersion } from '../platform/versioning.ts';
import { assertAnAdminRemains, inAgency, notFound, type AdminContext } from './context.ts';
import { findRolesByIds, invitationExpiries, listRoles, listUsers, rolesOfUsers, setUserRoles, updateUserRow } from './queries.ts';
import { users } from '../db/schema.ts';

type UserRow = typeof users.$inferSelect;

async function present(tx: Tx, agencyId: string, rows: UserRow[]): Promise<AdminUser[]> {
  const ids = rows.map((r) => r.id);
  const [access, invitations] = await inSequence([() => rolesOfUsers(tx, agencyId, ids), () => invitationExpiries(tx, agencyId, ids)]);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    badge_number: row.badgeNumber,
    rank: row.rank,
    phone: row.phone,
    account_type: row.accountType,
    status: row.status,
    roles: access.get(row.id)!.roles,
    permissions: [...access.get(row.id)!.permissions].sort(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    locked: row.lockedAt !== null,
    created_at: row.createdAt.toISOString(),
    invitation_expires_at: row.status === 'invited' ? (invitations.get(row.id)?.toISOString() ?? null) : null,
    version: row.version,
  }));
}

/** What the audit log keeps of a user: the fields an admin changes. */
function snapshot(user: AdminUser | UserRow) {
  const isRow = 'agencyId' in user;
  return {
    name: user.name,
    email: user.email,
    badge_number: isRow ? user.badgeNumber : user.badge_number,
    rank: user.rank,
    phone: user.phone,
    account_type: isRow ? user.accountType : user.account_type,
    status: user.status,
    ...(isRow ? {} : { roles: user.roles.map((r) => r.name) }),
  };
}

async function loadUser(tx: Tx, ctx: AdminContext, userId: string): Promise<AdminUser> {
  const row = await findUserById(tx, ctx.scope.agencyId, userId);
  if (!row) throw notFound('User');
  return (await present(tx, ctx.scope.agencyId, [row]))[0]!;
}

export function listAgencyUsers(ctx: AdminContext, query: ListUsersQuery): Promise<Page<AdminUser>> {
  return inAgency(ctx, async (tx) => {
    const { rows, total } = await listUsers(tx, ctx.scope.agencyId, query);
    return { items: await present(tx, ctx.scope.agencyId, rows), total, page: query.page, page_size: query.page_size };
  });
}

export function getAgencyUser(ctx: AdminContext, userId: string): Promise<AdminUser> {
  return inAgency(ctx, (tx) => loadUser(tx, ctx, userId));
}

/** Role ids must be roles of this agency, and nobody may hand out a permission they do not hold themselves. */
async function checkGrantableRoles(tx: Tx, ctx: AdminContext, roleIds: string[], field = 'role_ids') {
  const unique = [...new Set(roleIds)];
  const found = await findRolesByIds(tx, ctx.scope.agencyId, unique);
  if (found.length !== unique.length) throw validationError({ [field]: 'One of the chosen roles does not exist' });
  const all = await listRoles(tx, ctx.scope.agencyId);
  const claims = {
    agency_id: ctx.scope.agencyId,
    account_type: ctx.scope.accountType,
    roles: ctx.scope.roles,
    permissions: ctx.scope.permissions,
  };
  for (const { role, permissions } of all.filter((r) => unique.includes(r.role.id))) {
    const missing = permissions.filter((p) => !hasPermission(claims, p as Permission));
    if (missing.length > 0)
      throw validationError({ [field]: `You cannot grant the role ${role.name}: it holds ${missing.join(', ')}, which you do not` });
  }
  return found;
}

/**
 * Invites one person. An address can hold one account in all of Precinct, so an address taken in
 * another agency is refused; that tells an administrator the address is in use somewhere (never
 * where). Each refusal is audited and invitations are rate-limited per administrator, so probing
 * addresses shows up in the agency's log and cannot run at speed.
 */
export async function inviteUser(ctx: AdminContext, input: ReturnType<typeof normaliseInvite>): Promise<AdminUser> {
  const user = await inAgency(ctx, async (tx) => {
    const roles = await checkGrantableRoles(tx, ctx, input.role_ids);
    const { userId } = await createInvitation(ctx.services, tx, {
      agencyId: ctx.scope.agencyId,
      invitedBy: ctx.scope.userId,
      email: input.email,
      name: input.name,
      accountType: input.account_type,
      roleIds: input.role_ids,
    });
    if (input.badge_number || input.rank || input.phone)
      await updateUserRow(tx, ctx.scope.agencyId, userId, null, {
        badgeNumber: input.badge_number ?? null,
        rank: input.rank ?? null,
        phone: input.phone ?? null,
      });
    const created = await loadUser(tx, ctx, userId);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'user.invited',
      entityType: 'user',
      entityId: userId,
      summary: `Invited ${input.name} <${input.email}>${roles.length ? ` as ${roles.map((r) => r.name).join(', ')}` : ''}`,
      after: snapshot(created),
    });
    return created;
  }).catch(async (error: unknown) => {
    if (error instanceof AppError && error.code === 'email_exists') await auditRefusedInvitations(ctx, [input.email]);
    throw error;
  });
  return user;
}

/** Records, in its own transaction (the refused change rolled back), invitations refused because the address is taken. */
async function auditRefusedInvitations(ctx: AdminContext, emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  await inAgency(ctx, (tx) =>
    recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'user.invitation_refused',
      entityType: 'user',
      summary: `Invitation refused, address already has an account: ${emails.join(', ')}`,
    }),
  );
}

export function normaliseInvite(input: InviteUserInput) {
  return {
    email: input.email,
    name: input.name,
    account_type: input.account_type ?? 'limited',
    role_ids: input.role_ids ?? [],
    badge_number: input.badge_number ?? null,
    rank: input.rank ?? null,
    phone: input.phone ?? null,
  };
}

export function updateAgencyUser(ctx: AdminContext, userId: string, version: number, input: UpdateUserInput): Promise<AdminUser> {
  return inAgency(ctx, async (tx) => {
    const before = await loadUser(tx, ctx, userId);
    if (before.version !== version) throw staleVersion('user');
    const changes: Partial<typeof users.$inferInsert> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.badge_number !== undefined) changes.badgeNumber = input.badge_number;
    if (input.rank !== undefined) changes.rank = input.rank;
    if (input.phone !== undefined) changes.phone = input.phone;
    if (input.account_type !== undefined) changes.accountType = input.account_type;
    const updated = await updateUserRow(tx, ctx.scope.agencyId, userId, version, changes);
    if (!updated) throw staleVersion('user');
    if (input.role_ids) {
      const current = before.roles.map((r) => r.id);
      const added = input.role_ids.filter((id) => !current.includes(id));
      await checkGrantableRoles(tx, ctx, added);
      await setUserRoles(tx, ctx.scope.agencyId, userId, [...new Set(input.role_ids)]);
      await assertAnAdminRemains(tx, ctx.scope.agencyId);
    }
    const after = await loadUser(tx, ctx, userId);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'user.updated',
      entityType: 'user',
      entityId: userId,
      summary: `Changed ${after.name}`,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

/** Disabling ends every session of the user at once: their next request gets 401. Nothing is deleted. */
export function setUserEnabled(ctx: AdminContext, userId: string, enabled: boolean): Promise<AdminUser> {
  return inAgency(ctx, async (tx) => {
    const before = await loadUser(tx, ctx, userId);
    if (!enabled && userId === ctx.scope.userId) throw new AppError('conflict', 'You cannot disable your own account');
    if (enabled && before.status !== 'disabled') return before;
    if (!enabled && before.status === 'disabled') return before;
    // A disabled user who never accepted their invitation (no password yet) goes back to "invited".
    const row = await findUserById(tx, ctx.scope.agencyId, userId);
    const status = enabled ? (row!.passwordHash ? 'active' : 'invited') : 'disabled';
    await updateUserRow(tx, ctx.scope.agencyId, userId, null, { status });
    if (!enabled) {
      await revokeUserSessions(tx, ctx.scope.agencyId, userId, 'disabled by an administrator');
      await expireOneTimeTokens(tx, ctx.scope.agencyId, userId, 'invitation');
      await assertAnAdminRemains(tx, ctx.scope.agencyId);
    }
    const after = await loadUser(tx, ctx, userId);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: enabled ? 'user.enabled' : 'user.disabled',
      entityType: 'user',
      entityId: userId,
      summary: `${enabled ? 'Re-enabled' : 'Disabled'} ${after.name}`,
      before: { status: before.status },
      after: { status: after.status },
    });
    return after;
  });
}

export function unlockUser(ctx: AdminContext, userId: string): Promise<AdminUser> {
  return inAgency(ctx, async (tx) => {
    const row = await findUserById(tx, ctx.scope.agencyId, userId);
    if (!row) throw notFound('User');
    if (row.lockedAt) await clearLock(tx, row, ctx.actor, 'administrator');
    return loadUser(tx, ctx, userId);
  });
}

/** For a user who lost their factors: removes them all (they enrol again at their next sign-in) and ends their sessions. */
export function resetUserFactors(ctx: AdminContext, userId: string): Promise<AdminUser> {
  return inAgency(ctx, async (tx) => {
    const row = await findUserById(tx, ctx.scope.agencyId, userId);
    if (!row) throw notFound('User');
    const removed = await deleteFactors(tx, ctx.scope.agencyId, userId);
    await revokeUserSessions(tx, ctx.scope.agencyId, userId, 'factors reset by an administrator');
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'auth.factors_reset',
      entityType: 'user',
      entityId: userId,
      summary: `Reset ${row.name}'s second factors (${removed.length} removed) and ended their sessions`,
    });
    return loadUser(tx, ctx, userId);
  });
}

export async function resendInvitation(ctx: AdminContext, userId: string): Promise<AdminUser> {
  const user = await inAgency(ctx, async (tx) => {
    const row = await findUserById(tx, ctx.scope.agencyId, userId);
    if (!row) throw notFound('User');
    if (row.status === 'active') throw new AppError('conflict', `${row.name} has already accepted the invitation`);
    if (row.status === 'disabled') await updateUserRow(tx, ctx.scope.agencyId, userId, null, { status: 'invited' });
    await expireOneTimeTokens(tx, ctx.scope.agencyId, userId, 'invitation');
    const link = await createLink(tx, {
      agencyId: ctx.scope.agencyId,
      kind: 'invitation',
      email: row.email,
      userId,
      createdBy: ctx.scope.userId,
    });
    await ctx.services.mailer.enqueue(tx, ctx.scope.agencyId, {
      to: row.email,
      subject: 'Your Precinct invitation (sent again)',
      text: [
        `Hello ${row.name},`,
        '',
        'Here is your invitation to Precinct again. Choose your password and sign in here:',
        '',
        `${ctx.services.config.publicUrl}/signup?invitation=${link.token}`,
        '',
        `The invitation expires on ${link.expiresAt.toUTCString()}. Earlier invitation links no longer work.`,
      ].join('\n'),
    });
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'user.invitation_resent',
      entityType: 'user',
      entityId: userId,
      summary: `Sent ${row.name}'s invitation again`,
    });
    return loadUser(tx, ctx, userId);
  });
  return user;
}

/** Revoking an invitation makes its link stop working; the person stays listed as disabled (never deleted). */
export function revokeInvitation(ctx: AdminContext, userId: string): Promise<AdminUser> {
  return inAgency(ctx, async (tx) => {
    const row = await findUserById(tx, ctx.scope.agencyId, userId);
    if (!row) throw notFound('User');
    if (row.status !== 'invited') throw new AppError('conflict', `${row.name} has no pending invitation`);
    await expireOneTimeTokens(tx, ctx.scope.agencyId, userId, 'invitation');
    await updateUserRow(tx, ctx.scope.agencyId, userId, null, { status: 'disabled' });
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'user.invitation_revoked',
      entityType: 'user',
      entityId: userId,
      summary: `Revoked ${row.name}'s invitation`,
    });
    return loadUser(tx, ctx, userId);
  });
}

/** Adds one role to a user's roles (what they held stays); false when they already held it. */
function addRoleToUser(ctx: AdminContext, userId: string, roleId: string): Promise<{ user: AdminUser; added: boolean }> {
  return inAgency(ctx, async (tx) => {
    const before = await loadUser(tx, ctx, userId);
    if (before.roles.some((r) => r.id === roleId)) return { user: before, added: false };
    const [role] = await checkGrantableRoles(tx, ctx, [roleId], 'role_id');
    await setUserRoles(tx, ctx.scope.agencyId, userId, [...before.roles.map((r) => r.id), roleId]);
    const after = await loadUser(tx, ctx, userId);
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'user.updated',
      entityType: 'user',
      entityId: userId,
      summary: `Gave ${after.name} the role ${role!.name}`,
      before: snapshot(before),
      after: snapshot(after),
    });
    return { user: after, added: true };
  });
}

/** The reason an action was refused, in the words the person's row shows. */
function refusal(error: AppError): string {
  if (error.code === 'not_found') return 'Not found in this agency';
  if (error.fields) return Object.values(error.fields)[0] ?? error.message;
  return error.message;
}

async function bulkOne(ctx: AdminContext, action: BulkUserAction, userId: string, roleId: string | undefined): Promise<BulkUserResult> {
  let name: string | null = null;
  const result = (outcome: BulkUserResult['outcome'], message: string): BulkUserResult => ({ user_id: userId, name, outcome, message });
  try {
    const before = await getAgencyUser(ctx, userId);
    name = before.name;
    switch (action) {
      case 'assign_role': {
        const { added, user } = await addRoleToUser(ctx, userId, roleId!);
        const role = user.roles.find((r) => r.id === roleId)?.name ?? 'the role';
        return added ? result('done', `Now holds ${role}`) : result('unchanged', `Already holds ${role}`);
      }
      case 'disable':
        if (before.status === 'disabled') return result('unchanged', 'Already disabled');
        await setUserEnabled(ctx, userId, false);
        return result('done', 'Disabled and signed out everywhere');
      case 'resend_invitation':
        if (before.status === 'active') return result('refused', 'Has already accepted the invitation');
        if (before.status === 'disabled') return result('refused', 'The account is disabled; enable it before inviting again');
        await resendInvitation(ctx, userId);
        return result('done', `Invitation sent again to ${before.email}`);
    }
  } catch (error) {
    if (error instanceof AppError) return result('refused', refusal(error));
    throw error;
  }
}

/**
 * One action on several people from the user list: each person in a transaction of their own, so one
 * refusal (the last administrator, an id of no one here) stops nothing else, and each row says what
 * happened to that person.
 */
export async function bulkUsers(
  ctx: AdminContext,
  input: { action: BulkUserAction; user_ids: string[]; role_id?: string | undefined },
): Promise<BulkUsersResult> {
  if (input.action === 'assign_role') {
    const found = await inAgency(ctx, (tx) => findRolesByIds(tx, ctx.scope.agencyId, [input.role_id!]));
    if (found.length === 0) throw validationError({ role_id: 'That role does not exist' });
  }
  const results: BulkUserResult[] = [];
  for (const userId of [...new Set(input.user_ids)]) results.push(await bulkOne(ctx, input.action, userId, input.role_id));
  return { results };
}

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

const CSV_COLUMNS = ['email', 'name', 'account_type', 'roles', 'badge_number', 'rank', 'phone'] as const;

/**
 * Bulk invitation from CSV: every row is checked first and reported by row number and field; when
 * any row fails, nothing is created (no half-imported list to clean up).
 */
export async function importUsers(ctx: AdminContext, csv: string): Promise<ImportUsersResult> {
  const rows = parseCsv(csv.replace(/^\uFEFF/, ''));
  const errors: ImportUsersResult['errors'] = [];
  const header = (rows.shift() ?? []).map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  const missing = ['email', 'name'].filter((c) => !header.includes(c));
  if (missing.length > 0)
    return { created: 0, errors: [{ row: 1, field: null, message: `The header row needs the columns ${missing.join(' and ')}` }] };
  const unknown = header.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length > 0)
    return {
      created: 0,
      errors: [{ row: 1, field: null, message: `Unknown columns: ${unknown.join(', ')} (use ${CSV_COLUMNS.join(', ')})` }],
    };
  if (rows.length === 0) return { created: 0, errors: [{ row: 1, field: null, message: 'The file has no rows under its header' }] };
  if (rows.length > 1000) return { created: 0, errors: [{ row: 1, field: null, message: 'Import at most 1,000 people at a time' }] };

  const taken: string[] = [];
  const result = await inAgency(ctx, async (tx) => {
    const roles = await listRoles(tx, ctx.scope.agencyId);
    const roleByName = new Map(roles.map((r) => [r.role.name.toLowerCase(), r.role.id]));
    const seen = new Map<string, number>();
    const invites: Array<ReturnType<typeof normaliseInvite> & { row: number }> = [];
    rows.forEach((cells, index) => {
      const rowNumber = index + 2;
      const value = (column: string) => (cells[header.indexOf(column)] ?? '').trim();
      const fail = (field: string | null, message: string) => errors.push({ row: rowNumber, field, message });
      const email = TheirEmail.safeParse(value('email'));
      if (!email.success) return fail('email', email.error.issues[0]!.message);
      if (seen.has(email.data)) return fail('email', `The same address is on row ${seen.get(email.data)}`);
      seen.set(email.data, rowNumber);
      const name = TheirName.safeParse(value('name'));
      if (!name.success) return fail('name', name.error.issues[0]!.message);
      const accountType = AccountType.safeParse(value('account_type') || 'limited');
      if (!accountType.success) return fail('account_type', 'Use limited or full');
      const roleNames = value('roles')
        .split(';')
        .map((r) => r.trim())
        .filter(Boolean);
      const roleIds: string[] = [];
      for (const roleName of roleNames) {
        const id = roleByName.get(roleName.toLowerCase());
        if (!id) return fail('roles', `There is no role called ${roleName}`);
        roleIds.push(id);
      }
      invites.push({
        row: rowNumber,
        email: email.data,
        name: name.data,
        account_type: accountType.data,
        role_ids: roleIds,
        badge_number: value('badge_number') || null,
        rank: value('rank') || null,
        phone: value('phone') || null,
      });
    });
    if (errors.length > 0) return { created: 0 };
    for (const invite of invites) {
      try {
        await checkGrantableRoles(tx, ctx, invite.role_ids, 'roles');
        const { userId } = await createInvitation(ctx.services, tx, {
          agencyId: ctx.scope.agencyId,
          invitedBy: ctx.scope.userId,
          email: invite.email,
          name: invite.name,
          accountType: invite.account_type,
          roleIds: invite.role_ids,
        });
        if (invite.badge_number || invite.rank || invite.phone)
          await updateUserRow(tx, ctx.scope.agencyId, userId, null, {
            badgeNumber: invite.badge_number,
            rank: invite.rank,
            phone: invite.phone,
          });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'email_exists') {
          taken.push(invite.email);
          // Past a handful, which addresses are taken is not said: an import must not become a way to
          // test thousands of addresses a minute.
          if (taken.length > TAKEN_ADDRESSES_NAMED) continue;
        }
        const field = error.fields ? Object.keys(error.fields)[0]! : null;
        errors.push({ row: invite.row, field, message: field ? error.fields![field]! : error.message });
      }
    }
    if (taken.length > TAKEN_ADDRESSES_NAMED)
      errors.push({
        row: 1,
        field: 'email',
        message: `${taken.length - TAKEN_ADDRESSES_NAMED} more addresses already have accounts; check the file`,
      });
    // Any failure rolls the whole import back.
    if (errors.length > 0) throw new ImportRejected();
    await recordAudit(tx, ctx.scope.agencyId, ctx.actor, {
      action: 'user.imported',
      entityType: 'user',
      summary: `Invited ${invites.length} people from a CSV file`,
      after: { emails: invites.map((i) => i.email) },
    });
    return { created: invites.length };
  }).catch((error: unknown) => {
    if (error instanceof ImportRejected) return { created: 0 };
    throw error;
  });
  await auditRefusedInvitations(ctx, taken);
  return { created: result.created, errors: errors.sort((a, b) => a.row - b.row) };
}

class ImportRejected extends Error {}

/** How many taken addresses an import names, row by row. */
const TAKEN_ADDRESSES_NAMED = 5;
