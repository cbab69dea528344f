import { isAdmin, type Claims } from '../../../core/permissions.ts';

/**
 * The admin guard: every /admin route, /admin/modules/schedule/assignments included (the original
 * misspelled its marker there and left it open; ours sits on the parent of all admin routes), needs a
 * signed-in user with admin:access. A signed-in user without it goes home with a notice.
 */
export const ADMIN_REQUIRED_NOTICE =
  'Admin needs the Full administrator permission (admin:access). Ask your agency’s administrator if you need it.';

export type AdminGuardDecision =
  { action: 'pass' } | { action: 'redirect'; to: '/login' } | { action: 'redirect'; to: '/'; notice: string };

export function adminGuardDecision(claims: Claims | null): AdminGuardDecision {
  if (claims === null) return { action: 'redirect', to: '/login' };
  if (!isAdmin(claims)) return { action: 'redirect', to: '/', notice: ADMIN_REQUIRED_NOTICE };
  return { action: 'pass' };
}

/** True for /admin and every path below it (any letter case, as the router matches). */
export function isAdminPath(path: string): boolean {
  return /^\/admin(\/|$)/i.test(path);
}
