import { describe, expect, it } from 'vitest';
import { defaultSysConfig, type SysConfig } from '../../../core/contracts/agency.ts';
import type { Claims, Permission } from '../../../core/permissions.ts';
import { ADMIN_REQUIRED_NOTICE, adminGuardDecision, isAdminPath } from './admin-guard.ts';
import { moduleGuardDecision } from './module-guard.ts';
import { matchesRoutePattern } from '../../../core/route-patterns.ts';
import { SIGN_IN_GUARD_OPTIONS, signInGuardDecision, type SignInGuardOptions } from './sign-in-guard.ts';

const AGENCY = '0d6c4c62-55a8-4bbb-9a5a-8d4c1f1b7a21';

function claims(permissions: Permission[], accountType: 'full' | 'limited' = 'full'): Claims {
  return { agency_id: AGENCY, account_type: accountType, roles: [], permissions };
}

function sysConfig(disabled: (keyof SysConfig)[] = []): SysConfig {
  const config = defaultSysConfig('America/Chicago');
  for (const key of disabled) (config[key] as { enabled: boolean }).enabled = false;
  return config;
}

describe('route patterns', () => {
  it('match exactly, ignoring a trailing slash, the query and letter case', () => {
    expect(matchesRoutePattern('/signup', '/signup')).toBe(true);
    expect(matchesRoutePattern('/signup/', '/signup')).toBe(true);
    expect(matchesRoutePattern('/SignUp?invitation=x', '/signup')).toBe(true);
    expect(matchesRoutePattern('/signups', '/signup')).toBe(false);
  });

  it('let a wildcard stand for anything below a path but not the path itself', () => {
    expect(matchesRoutePattern('/forgotpassword/update', '/forgotpassword/*')).toBe(true);
    expect(matchesRoutePattern('/forgotpassword/a/b', '/forgotpassword/*')).toBe(true);
    expect(matchesRoutePattern('/forgotpassword', '/forgotpassword/*')).toBe(false);
  });

  it('treat the root pattern as the home page only', () => {
    expect(matchesRoutePattern('/', '/')).toBe(true);
    expect(matchesRoutePattern('/fleet', '/')).toBe(false);
  });
});

describe('the sign-in guard', () => {
  it.each(['/', '/login', '/signup', '/confirm', '/forgotpassword', '/forgotpassword/update', '/comingsoon', '/disabled'])(
    'lets a signed-out visitor open %s',
    (path) => {
      expect(signInGuardDecision({ path, fullPath: path, signedIn: false })).toEqual({ action: 'pass' });
    },
  );

  it.each(['/fleet', '/admin/users', '/reports/templates/owi', '/nonexistent'])(
    'sends a signed-out visitor from %s to the login path, saving the full path',
    (path) => {
      expect(signInGuardDecision({ path, fullPath: `${path}?tab=2#notes`, signedIn: false })).toEqual({
        action: 'redirect',
        to: '/login',
        savePath: `${path}?tab=2#notes`,
      });
    },
  );

  it('lets a signed-in user through', () => {
    expect(signInGuardDecision({ path: '/fleet', fullPath: '/fleet', signedIn: true })).toEqual({ action: 'pass' });
  });

  it('does not save the path when the cookie-redirect option is off', () => {
    const options: SignInGuardOptions = { ...SIGN_IN_GUARD_OPTIONS, cookieRedirect: false };
    expect(signInGuardDecision({ path: '/fleet', fullPath: '/fleet', signedIn: false, options })).toEqual({
      action: 'redirect',
      to: '/login',
      savePath: null,
    });
  });

  it('skips the login and callback paths even when they are not excluded', () => {
    const options: SignInGuardOptions = { loginPath: '/in', callbackPath: '/callback', exclude: [], cookieRedirect: true };
    expect(signInGuardDecision({ path: '/in', fullPath: '/in', signedIn: false, options }).action).toBe('pass');
    expect(signInGuardDecision({ path: '/callback', fullPath: '/callback?code=1', signedIn: false, options }).action).toBe('pass');
    expect(signInGuardDecision({ path: '/other', fullPath: '/other', signedIn: false, options }).action).toBe('redirect');
  });

  it('guards only the routes of the include list when there is one, wildcards allowed', () => {
    const options: SignInGuardOptions = { ...SIGN_IN_GUARD_OPTIONS, include: ['/fleet/*'] };
    expect(signInGuardDecision({ path: '/fleet/admin', fullPath: '/fleet/admin', signedIn: false, options }).action).toBe('redirect');
    expect(signInGuardDecision({ path: '/reports', fullPath: '/reports', signedIn: false, options }).action).toBe('pass');
  });
});

type Row = {
  path: string;
  permissions: Permission[];
  account?: 'full' | 'limited';
  disabled?: (keyof SysConfig)[];
  blockedAs: string | null;
};

/** Every row of the module table of spec section 5, allowed and blocked. */
const MODULE_TABLE: Row[] = [
  // citations: module disabled, or account type limited, or lacks citations:access
  { path: '/citations', permissions: ['citations:access'], blockedAs: null },
  { path: '/citations', permissions: ['citations:access'], disabled: ['citations_settings'], blockedAs: 'Citations' },
  { path: '/citations', permissions: ['citations:access'], account: 'limited', blockedAs: 'Citations' },
  { path: '/citations', permissions: [], blockedAs: 'Citations' },
  // reports: account limited, or module disabled, or lacks reports:editor; templates; create
  { path: '/reports', permissions: ['reports:editor'], blockedAs: null },
  { path: '/reports', permissions: ['reports:editor'], account: 'limited', blockedAs: 'Reports' },
  { path: '/reports', permissions: ['reports:editor'], disabled: ['reports_settings'], blockedAs: 'Reports' },
  { path: '/reports', permissions: ['reports:templates.use'], blockedAs: 'Reports' },
  { path: '/reports/templates/select', permissions: ['reports:editor'], blockedAs: 'Report Templates' },
  { path: '/reports/templates/owi', permissions: ['reports:editor', 'reports:templates.use'], blockedAs: null },
  {
    path: '/reports/templates/create',
    permissions: ['reports:editor', 'reports:templates.use', 'reports:templates.create_user'],
    blockedAs: 'Report Templates',
  },
  {
    path: '/reports/templates/create',
    permissions: ['reports:editor', 'reports:templates.use', 'reports:templates.create_agency'],
    blockedAs: 'Report Templates',
  },
  {
    path: '/reports/templates/create',
    permissions: ['reports:editor', 'reports:templates.use', 'reports:templates.create_user', 'reports:templates.create_agency'],
    blockedAs: null,
  },
  // productivity: module disabled, or account limited, or lacks productivity:access
  { path: '/productivity', permissions: ['productivity:access'], blockedAs: null },
  {
    path: '/productivity/print/task/x',
    permissions: ['productivity:access'],
    disabled: ['productivity_settings'],
    blockedAs: 'Productivity',
  },
  { path: '/productivity', permissions: ['productivity:access'], account: 'limited', blockedAs: 'Productivity' },
  { path: '/productivity/list/x', permissions: [], blockedAs: 'Productivity' },
  // schedule: module disabled, or lacks scheduling:view; admin needs five more
  { path: '/schedule', permissions: ['scheduling:view'], account: 'limited', blockedAs: null },
  { path: '/schedule/trades', permissions: ['scheduling:view'], disabled: ['schedule_settings'], blockedAs: 'Scheduling' },
  { path: '/schedule/overtime', permissions: [], blockedAs: 'Scheduling' },
  {
    path: '/schedule/admin',
    permissions: [
      'scheduling:view',
      'scheduling:ot.manage',
      'scheduling:ot.create',
      'scheduling:pto.manage',
      'scheduling:modification.manage',
    ],
    blockedAs: 'Scheduling Admin',
  },
  {
    path: '/schedule/admin/allcall',
    permissions: [
      'scheduling:view',
      'scheduling:ot.manage',
      'scheduling:ot.create',
      'scheduling:pto.manage',
      'scheduling:modification.manage',
      'scheduling:allcall',
    ],
    blockedAs: null,
  },
  // fleet: module disabled; request, squadcheck and admin need their permissions
  { path: '/fleet', permissions: [], account: 'limited', blockedAs: null },
  { path: '/fleet', permissions: ['fleet:admin'], disabled: ['fleet_settings'], blockedAs: 'Fleet' },
  { path: '/fleet/request', permissions: [], blockedAs: 'Service Requests' },
  { path: '/fleet/request', permissions: ['fleet:servicerequest.submit'], blockedAs: null },
  { path: '/fleet/squadcheck', permissions: ['fleet:servicerequest.submit'], blockedAs: 'Squad Checks' },
  { path: '/fleet/squadcheck', permissions: ['fleet:squadcheck.submit'], blockedAs: null },
  { path: '/fleet/admin/vehicle', permissions: ['fleet:squadcheck.submit'], blockedAs: 'Fleet Admin' },
  { path: '/fleet/admin/squadchecks/configure', permissions: ['fleet:admin'], blockedAs: null },
  // fto: module disabled, or holds none of fto:user, fto:trainer, fto:admin
  { path: '/fto', permissions: ['fto:user'], blockedAs: null },
  { path: '/fto/binder/x/dors', permissions: ['fto:trainer'], blockedAs: null },
  { path: '/fto/admin', permissions: ['fto:admin'], blockedAs: null },
  { path: '/fto', permissions: ['fto:admin'], disabled: ['field_training_settings'], blockedAs: 'Field Training' },
  { path: '/fto', permissions: ['fleet:admin'], blockedAs: 'Field Training' },
];

describe('the module-access guard', () => {
  it.each(MODULE_TABLE)('$path with $permissions (account $account, disabled $disabled) is blocked as $blockedAs', (row) => {
    const decision = moduleGuardDecision({
      path: row.path,
      claims: claims(row.permissions, row.account ?? 'full'),
      sysConfig: sysConfig(row.disabled),
    });
    if (row.blockedAs === null) expect(decision).toEqual({ action: 'pass' });
    else expect(decision).toEqual({ action: 'redirect', to: '/disabled', search: { module: row.blockedAs } });
  });

  it('passes when nobody is signed in or the sys_config is not known', () => {
    expect(moduleGuardDecision({ path: '/citations', claims: null, sysConfig: sysConfig() })).toEqual({ action: 'pass' });
    expect(moduleGuardDecision({ path: '/citations', claims: claims([]), sysConfig: null })).toEqual({ action: 'pass' });
  });

  it('passes paths that belong to no module', () => {
    expect(moduleGuardDecision({ path: '/admin/users', claims: claims([]), sysConfig: sysConfig() })).toEqual({ action: 'pass' });
    expect(moduleGuardDecision({ path: '/', claims: claims([]), sysConfig: sysConfig() })).toEqual({ action: 'pass' });
  });

  it('lets admin:access pass the permission rules but not a module the agency switched off', () => {
    expect(moduleGuardDecision({ path: '/schedule/admin', claims: claims(['admin:access']), sysConfig: sysConfig() }).action).toBe('pass');
    expect(
      moduleGuardDecision({ path: '/fleet', claims: claims(['admin:access']), sysConfig: sysConfig(['fleet_settings']) }),
    ).toMatchObject({ search: { module: 'Fleet' } });
  });

  it('cannot be dodged by letter case or a trailing slash', () => {
    expect(moduleGuardDecision({ path: '/Fleet/Admin/', claims: claims([]), sysConfig: sysConfig() })).toMatchObject({
      search: { module: 'Fleet Admin' },
    });
  });
});

describe('the admin guard', () => {
  it('lets a user with admin:access in', () => {
    expect(adminGuardDecision(claims(['admin:access']))).toEqual({ action: 'pass' });
  });

  it('sends a signed-in user without admin:access home with a notice', () => {
    expect(adminGuardDecision(claims(['fleet:admin', 'fto:admin']))).toEqual({
      action: 'redirect',
      to: '/',
      notice: ADMIN_REQUIRED_NOTICE,
    });
  });

  it('sends a visitor without claims to sign in', () => {
    expect(adminGuardDecision(null)).toEqual({ action: 'redirect', to: '/login' });
  });

  it('covers /admin and every path below it, schedule assignments included', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/modules/schedule/assignments')).toBe(true);
    expect(isAdminPath('/ADMIN/users')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
  });
});
