import { describe, expect, it } from 'vitest';
import { SYS_CONFIG_MODULE_KEYS, defaultSysConfig, type SysConfig } from './contracts/agency.ts';
import type { AccountType } from './contracts/auth.ts';
import {
  MODULES,
  MODULE_DISPLAY_NAMES,
  MODULE_KEYS,
  MODULE_LIST,
  checkModuleAccess,
  checkModuleApiAccess,
  disabledModulePath,
  isModuleEnabled,
  isModuleKey,
  moduleAccessForUser,
  moduleForPath,
  type ModuleKey,
} from './modules.ts';
import { BUILT_IN_ROLES, type Claims, type Permission } from './permissions.ts';

function user(permissions: Permission[], account_type: AccountType = 'full'): Claims {
  return { agency_id: '00000000-0000-4000-8000-000000000001', account_type, roles: [], permissions };
}

function limited(permissions: Permission[]): Claims {
  return user(permissions, 'limited');
}

const ADMIN: Permission[] = ['admin:access'];

/** The default configuration with the named modules switched off. */
function config(...disabled: ModuleKey[]): SysConfig {
  const sysConfig = defaultSysConfig();
  for (const module of disabled) sysConfig[MODULES[module].settingsKey].enabled = false;
  return sysConfig;
}

function access(path: string, claims: Claims | null | undefined, sysConfig: SysConfig | undefined = config()) {
  return checkModuleAccess({ path, claims, sysConfig });
}

const ALLOWED = { allowed: true };

function blocked(module: ModuleKey, displayName: string, reason: string) {
  return { allowed: false, module, displayName, reason };
}

describe('moduleForPath', () => {
  it.each([
    ['/citations', 'citations'],
    ['/reports/templates/create', 'reports'],
    ['/productivity/list/abc', 'productivity'],
    ['/schedule', 'schedule'],
    ['/fleet/admin/vehicle', 'fleet'],
    ['/fto/binder/x', 'fto'],
  ])('picks the module by the first segment of %s', (path, module) => {
    expect(moduleForPath(path)).toBe(module);
  });

  it.each(['/', '', '/admin/modules/fleet', '/disabled', '/login', '/fleetadmin', '/comingsoon'])('finds no module for %j', (path) => {
    expect(moduleForPath(path)).toBeNull();
  });

  it('ignores the query string, the hash and trailing or doubled slashes', () => {
    expect(moduleForPath('/fleet/?tab=open#top')).toBe('fleet');
    expect(moduleForPath('//schedule//')).toBe('schedule');
    expect(moduleForPath('/fto#binder')).toBe('fto');
    expect(moduleForPath('/?next=/fleet')).toBeNull();
  });

  it('matches regardless of letter case and percent-escapes, as the router does', () => {
    expect(moduleForPath('/Fleet/Admin')).toBe('fleet');
    expect(moduleForPath('/%66leet')).toBe('fleet');
  });
});

describe('checkModuleAccess: when the guard applies', () => {
  it('lets every navigation pass when nobody is signed in', () => {
    expect(access('/citations', null, config('citations'))).toEqual(ALLOWED);
    expect(access('/fleet/admin', undefined)).toEqual(ALLOWED);
  });

  it('lets every navigation pass while the agency sys_config is not loaded', () => {
    expect(checkModuleAccess({ path: '/citations', claims: limited([]), sysConfig: undefined })).toEqual(ALLOWED);
    expect(checkModuleAccess({ path: '/fto', claims: user([]), sysConfig: null })).toEqual(ALLOWED);
  });

  it.each(['/', '/admin', '/admin/users', '/admin/modules/fleet', '/disabled?module=Fleet', '/login', '/comingsoon'])(
    'lets %s pass for a user with nothing, because it belongs to no module',
    (path) => {
      expect(access(path, limited([]), config(...MODULE_KEYS))).toEqual(ALLOWED);
    },
  );
});

describe('checkModuleAccess: citations', () => {
  it('allows a full account holding citations:access', () => {
    expect(access('/citations', user(['citations:access']))).toEqual(ALLOWED);
  });

  it('sends everyone away from citations when the module is disabled', () => {
    expect(access('/citations', user(['citations:access']), config('citations'))).toEqual(blocked('citations', 'Citations', 'disabled'));
  });

  it('sends a limited account away from citations even when it holds citations:access', () => {
    expect(access('/citations', limited(['citations:access']))).toEqual(blocked('citations', 'Citations', 'account_type'));
  });

  it('sends a full account without citations:access away from citations', () => {
    expect(access('/citations', user(['reports:editor']))).toEqual(blocked('citations', 'Citations', 'permission'));
  });

  it('reports the disabled module before the limited account, in the table’s order', () => {
    expect(access('/citations', limited([]), config('citations'))).toEqual(blocked('citations', 'Citations', 'disabled'));
  });
});

describe('checkModuleAccess: reports', () => {
  const editor: Permission[] = ['reports:editor'];
  const templateUser: Permission[] = ['reports:editor', 'reports:templates.use'];
  const templateAuthor: Permission[] = [
    'reports:editor',
    'reports:templates.use',
    'reports:templates.create_user',
    'reports:templates.create_agency',
  ];

  it('allows a full account holding reports:editor on the reports home and the fixed templates', () => {
    for (const path of ['/reports', '/reports/owi', '/reports/retailtheft', '/reports/ai/transcript']) {
      expect(access(path, user(editor))).toEqual(ALLOWED);
    }
  });

  it('sends a limited account away from reports even when it holds every reports permission', () => {
    expect(access('/reports', limited(templateAuthor))).toEqual(blocked('reports', 'Reports', 'account_type'));
  });

  it('sends everyone away from reports when the module is disabled', () => {
    expect(access('/reports', user(templateAuthor), config('reports'))).toEqual(blocked('reports', 'Reports', 'disabled'));
  });

  it('reports the limited account before the disabled module, in the table’s order', () => {
    expect(access('/reports', limited(editor), config('reports'))).toEqual(blocked('reports', 'Reports', 'account_type'));
  });

  it('sends a full account without reports:editor away from reports', () => {
    expect(access('/reports', user(['reports:templates.use']))).toEqual(blocked('reports', 'Reports', 'permission'));
  });

  it.each(['/reports/templates/select', '/reports/templates/edit', '/reports/templates/42'])(
    'sends an editor without reports:templates.use away from %s as Report Templates',
    (path) => {
      expect(access(path, user(editor))).toEqual(blocked('reports', 'Report Templates', 'permission'));
    },
  );

  it.each(['/reports/templates/select', '/reports/templates/edit', '/reports/templates/42'])(
    'allows an editor holding reports:templates.use on %s',
    (path) => {
      expect(access(path, user(templateUser))).toEqual(ALLOWED);
    },
  );

  it('names Reports, not Report Templates, when a template route is refused for lack of reports:editor', () => {
    expect(access('/reports/templates/select', user(['reports:templates.use']))).toEqual(blocked('reports', 'Reports', 'permission'));
  });

  it('allows the template create route only with both create permissions on top of the template ones', () => {
    expect(access('/reports/templates/create', user(templateAuthor))).toEqual(ALLOWED);
  });

  it('sends a template user holding only reports:templates.create_user away from the create route', () => {
    expect(access('/reports/templates/create', user([...templateUser, 'reports:templates.create_user']))).toEqual(
      blocked('reports', 'Report Templates', 'permission'),
    );
  });

  it('sends a template user holding only reports:templates.create_agency away from the create route', () => {
    expect(access('/reports/templates/create', user([...templateUser, 'reports:templates.create_agency']))).toEqual(
      blocked('reports', 'Report Templates', 'permission'),
    );
  });

  it('sends an editor with both create permissions but no reports:templates.use away from the create route', () => {
    const permissions: Permission[] = ['reports:editor', 'reports:templates.create_user', 'reports:templates.create_agency'];
    expect(access('/reports/templates/create', user(permissions))).toEqual(blocked('reports', 'Report Templates', 'permission'));
  });

  it('does not ask for the create permissions on other template routes', () => {
    expect(access('/reports/templates/edit', user(templateUser))).toEqual(ALLOWED);
  });
});

describe('checkModuleAccess: productivity', () => {
  it('allows a full account holding productivity:access anywhere in productivity', () => {
    for (const path of ['/productivity', '/productivity/list/l1', '/productivity/space/s1', '/productivity/print/task/t1']) {
      expect(access(path, user(['productivity:access']))).toEqual(ALLOWED);
    }
  });

  it('sends everyone away from productivity when the module is disabled', () => {
    expect(access('/productivity', user(['productivity:access']), config('productivity'))).toEqual(
      blocked('productivity', 'Productivity', 'disabled'),
    );
  });

  it('sends a limited account away from productivity even when it holds productivity:access', () => {
    expect(access('/productivity/list/l1', limited(['productivity:access']))).toEqual(
      blocked('productivity', 'Productivity', 'account_type'),
    );
  });

  it('sends a full account without productivity:access away from productivity', () => {
    expect(access('/productivity', user([]))).toEqual(blocked('productivity', 'Productivity', 'permission'));
  });

  it('reports the disabled module before the limited account, in the table’s order', () => {
    expect(access('/productivity', limited([]), config('productivity'))).toEqual(blocked('productivity', 'Productivity', 'disabled'));
  });
});

describe('checkModuleAccess: schedule', () => {
  const managers: Permission[] = [
    'scheduling:ot.manage',
    'scheduling:ot.create',
    'scheduling:pto.manage',
    'scheduling:modification.manage',
    'scheduling:allcall',
  ];
  const scheduleAdmin: Permission[] = ['scheduling:view', ...managers];

  it.each(['/schedule', '/schedule/trades', '/schedule/overtime'])('allows a holder of scheduling:view on %s', (path) => {
    expect(access(path, user(['scheduling:view']))).toEqual(ALLOWED);
  });

  it('allows a limited account on the schedule, because the schedule has no account-type rule', () => {
    expect(access('/schedule', limited(['scheduling:view']))).toEqual(ALLOWED);
  });

  it('sends everyone away from the schedule when the module is disabled', () => {
    expect(access('/schedule/admin', user(scheduleAdmin), config('schedule'))).toEqual(blocked('schedule', 'Scheduling', 'disabled'));
  });

  it('sends a user without scheduling:view away from the schedule', () => {
    expect(access('/schedule/trades', user(managers))).toEqual(blocked('schedule', 'Scheduling', 'permission'));
  });

  it.each(['/schedule/admin', '/schedule/admin/allcall'])(
    'allows a holder of scheduling:view and all five manager permissions on %s',
    (path) => {
      expect(access(path, user(scheduleAdmin))).toEqual(ALLOWED);
    },
  );

  it.each(managers)('sends a user lacking only %s away from the scheduling admin area as Scheduling Admin', (missing) => {
    const permissions = scheduleAdmin.filter((permission) => permission !== missing);
    expect(access('/schedule/admin/allcall', user(permissions))).toEqual(blocked('schedule', 'Scheduling Admin', 'permission'));
  });

  it('names Scheduling, not Scheduling Admin, when the admin area is refused for lack of scheduling:view', () => {
    expect(access('/schedule/admin', user(managers))).toEqual(blocked('schedule', 'Scheduling', 'permission'));
  });

  it('does not treat a path that merely starts with "admin" as the admin sub-area', () => {
    expect(access('/schedule/administration', user(['scheduling:view']))).toEqual(ALLOWED);
  });
});

describe('checkModuleAccess: fleet', () => {
  it('lets any signed-in user, limited or not, open the fleet home while the module is on', () => {
    expect(access('/fleet', user([]))).toEqual(ALLOWED);
    expect(access('/fleet', limited([]))).toEqual(ALLOWED);
  });

  it('sends everyone away from fleet when the module is disabled, naming Fleet even on a sub-route', () => {
    const all: Permission[] = ['fleet:admin', 'fleet:servicerequest.submit', 'fleet:squadcheck.submit'];
    for (const path of ['/fleet', '/fleet/request', '/fleet/squadcheck', '/fleet/admin']) {
      expect(access(path, user(all), config('fleet'))).toEqual(blocked('fleet', 'Fleet', 'disabled'));
    }
  });

  it('allows /fleet/request with fleet:servicerequest.submit and refuses it as Service Requests without', () => {
    expect(access('/fleet/request', user(['fleet:servicerequest.submit']))).toEqual(ALLOWED);
    expect(access('/fleet/request', user(['fleet:squadcheck.submit']))).toEqual(blocked('fleet', 'Service Requests', 'permission'));
  });

  it('allows /fleet/squadcheck with fleet:squadcheck.submit and refuses it as Squad Checks without', () => {
    expect(access('/fleet/squadcheck', user(['fleet:squadcheck.submit']))).toEqual(ALLOWED);
    expect(access('/fleet/squadcheck', user(['fleet:servicerequest.submit']))).toEqual(blocked('fleet', 'Squad Checks', 'permission'));
  });

  it.each([
    '/fleet/admin',
    '/fleet/admin/vehicle',
    '/fleet/admin/vehicle/3f1c',
    '/fleet/admin/servicerequest',
    '/fleet/admin/squadchecks/configure/template/create',
    '/fleet/admin/squadchecks/abc',
  ])('allows %s with fleet:admin and refuses it as Fleet Admin without', (path) => {
    expect(access(path, user(['fleet:admin']))).toEqual(ALLOWED);
    expect(access(path, user(['fleet:servicerequest.submit', 'fleet:squadcheck.submit']))).toEqual(
      blocked('fleet', 'Fleet Admin', 'permission'),
    );
  });

  it('does not let fleet:admin stand in for the submit permissions, because the table does not say so', () => {
    expect(access('/fleet/request', user(['fleet:admin']))).toEqual(blocked('fleet', 'Service Requests', 'permission'));
  });

  it('cannot be talked past the admin rule with odd spellings of the path', () => {
    const officer = user(['fleet:squadcheck.submit']);
    for (const path of ['/Fleet/Admin', '/fleet//admin/', '/fleet/request/../admin', '/fleet/%61dmin?x=1#y']) {
      expect(access(path, officer)).toEqual(blocked('fleet', 'Fleet Admin', 'permission'));
    }
  });
});

describe('checkModuleAccess: fto', () => {
  it.each(['fto:user', 'fto:trainer', 'fto:admin'] as const)('allows a holder of only %s into field training', (permission) => {
    for (const path of ['/fto', '/fto/binder/b1/dors', '/fto/admin/trainers']) {
      expect(access(path, limited([permission]))).toEqual(ALLOWED);
    }
  });

  it('sends a user holding none of the field training permissions away as Field Training', () => {
    expect(access('/fto/binder/b1', user(['fleet:admin']))).toEqual(blocked('fto', 'Field Training', 'permission'));
  });

  it('sends everyone away from field training when the module is disabled', () => {
    expect(access('/fto', user(['fto:admin']), config('fto'))).toEqual(blocked('fto', 'Field Training', 'disabled'));
  });
});

describe('checkModuleAccess: admin:access', () => {
  it('opens every route of every enabled module to a full-account admin', () => {
    const paths = [
      '/citations',
      '/reports/templates/create',
      '/productivity',
      '/schedule/admin/allcall',
      '/fleet/admin',
      '/fleet/request',
      '/fto',
    ];
    for (const path of paths) expect(access(path, user(ADMIN))).toEqual(ALLOWED);
  });

  it('does not open a disabled module to an admin, because a disabled module is disabled for everyone', () => {
    expect(access('/fleet/admin', user(ADMIN), config('fleet'))).toEqual(blocked('fleet', 'Fleet', 'disabled'));
    expect(access('/fto', user(ADMIN), config('fto'))).toEqual(blocked('fto', 'Field Training', 'disabled'));
  });

  it('does not lift the limited-account rule for an admin', () => {
    expect(access('/citations', limited(ADMIN))).toEqual(blocked('citations', 'Citations', 'account_type'));
    expect(access('/reports', limited(ADMIN))).toEqual(blocked('reports', 'Reports', 'account_type'));
    expect(access('/productivity', limited(ADMIN))).toEqual(blocked('productivity', 'Productivity', 'account_type'));
  });
});

describe('checkModuleAccess with the built-in roles', () => {
  const rolePermissions = (key: string): Permission[] => BUILT_IN_ROLES.find((role) => role.key === key)?.permissions ?? [];

  it('lets a Scheduler or a Sergeant into the scheduling admin area but not an Officer', () => {
    expect(access('/schedule/admin', user(rolePermissions('scheduler')))).toEqual(ALLOWED);
    expect(access('/schedule/admin', user(rolePermissions('sergeant')))).toEqual(ALLOWED);
    expect(access('/schedule/admin', user(rolePermissions('officer')))).toEqual(blocked('schedule', 'Scheduling Admin', 'permission'));
  });

  it('lets a Fleet Manager into fleet admin, service requests and squad checks', () => {
    for (const path of ['/fleet/admin', '/fleet/request', '/fleet/squadcheck']) {
      expect(access(path, user(rolePermissions('fleet-manager')))).toEqual(ALLOWED);
    }
  });

  it('lets a full-account Officer into citations, reports, productivity, the schedule and fleet, but not field training', () => {
    const officer = user(rolePermissions('officer'));
    for (const path of ['/citations', '/reports/templates/select', '/productivity', '/schedule', '/fleet/squadcheck']) {
      expect(access(path, officer)).toEqual(ALLOWED);
    }
    expect(access('/fto', officer)).toEqual(blocked('fto', 'Field Training', 'permission'));
  });
});

describe('moduleAccessForUser', () => {
  it('tells the navigation which module home screens a user may open', () => {
    expect(moduleAccessForUser(user(['citations:access', 'fto:user']), config('productivity'))).toEqual({
      citations: true,
      reports: false,
      productivity: false,
      schedule: false,
      fleet: true,
      fto: true,
    });
  });

  it('hides the modules whose account-type rule a limited account fails', () => {
    expect(moduleAccessForUser(limited(ADMIN), config())).toEqual({
      citations: false,
      reports: false,
      productivity: false,
      schedule: true,
      fleet: true,
      fto: true,
    });
  });

  it('shows nothing when nobody is signed in or the sys_config is not loaded', () => {
    const nothing = { citations: false, reports: false, productivity: false, schedule: false, fleet: false, fto: false };
    expect(moduleAccessForUser(null, config())).toEqual(nothing);
    expect(moduleAccessForUser(user(ADMIN), undefined)).toEqual(nothing);
  });
});

describe('isModuleEnabled', () => {
  it('reads the module’s enabled flag from its settings key', () => {
    expect(isModuleEnabled(config(), 'fto')).toBe(true);
    expect(isModuleEnabled(config('fto'), 'fto')).toBe(false);
    expect(isModuleEnabled(config('fto'), 'fleet')).toBe(true);
  });

  it('treats missing module settings as disabled, so access fails closed', () => {
    const { fleet_settings: _dropped, ...rest } = config();
    expect(isModuleEnabled(rest as unknown as SysConfig, 'fleet')).toBe(false);
  });
});

describe('checkModuleApiAccess', () => {
  it('allows the API of an enabled module', () => {
    expect(checkModuleApiAccess({ module: 'fleet', sysConfig: config() })).toEqual(ALLOWED);
  });

  it.each([
    ['citations', 'Citations'],
    ['reports', 'Reports'],
    ['productivity', 'Productivity'],
    ['schedule', 'Scheduling'],
    ['fleet', 'Fleet'],
    ['fto', 'Field Training'],
  ] as const)('refuses the API of the disabled %s module, naming it %s', (module, displayName) => {
    expect(checkModuleApiAccess({ module, sysConfig: config(module) })).toEqual(blocked(module, displayName, 'disabled'));
  });

  it('applies the limited-account rule when the caller passes the account type', () => {
    expect(checkModuleApiAccess({ module: 'citations', sysConfig: config(), accountType: 'limited' })).toEqual(
      blocked('citations', 'Citations', 'account_type'),
    );
    expect(checkModuleApiAccess({ module: 'fleet', sysConfig: config(), accountType: 'limited' })).toEqual(ALLOWED);
    expect(checkModuleApiAccess({ module: 'citations', sysConfig: config(), accountType: 'full' })).toEqual(ALLOWED);
  });

  it('checks only the module switch when no account type is passed', () => {
    expect(checkModuleApiAccess({ module: 'citations', sysConfig: config() })).toEqual(ALLOWED);
  });

  it('keeps the table’s order between the module switch and the account type', () => {
    expect(checkModuleApiAccess({ module: 'reports', sysConfig: config('reports'), accountType: 'limited' }).allowed).toBe(false);
    expect(checkModuleApiAccess({ module: 'reports', sysConfig: config('reports'), accountType: 'limited' })).toMatchObject({
      reason: 'account_type',
    });
    expect(checkModuleApiAccess({ module: 'citations', sysConfig: config('citations'), accountType: 'limited' })).toMatchObject({
      reason: 'disabled',
    });
  });
});

describe('the module table', () => {
  it('covers the six modules, each with its own sys_config settings key', () => {
    expect(MODULE_LIST.map((module) => module.key)).toEqual([...MODULE_KEYS]);
    expect(MODULE_LIST.map((module) => module.settingsKey)).toEqual([...SYS_CONFIG_MODULE_KEYS]);
  });

  it('uses exactly the display names of the spec, each at least once', () => {
    const used = new Set(MODULE_LIST.flatMap((module) => module.rules.map((rule) => rule.displayName)));
    expect([...used].sort()).toEqual([...MODULE_DISPLAY_NAMES].sort());
  });

  it('gives each module a home path that belongs to that module', () => {
    for (const module of MODULE_LIST) expect(moduleForPath(module.homePath)).toBe(module.key);
  });

  it('recognises module keys', () => {
    expect(isModuleKey('fto')).toBe(true);
    expect(isModuleKey('field_training')).toBe(false);
    expect(isModuleKey(undefined)).toBe(false);
  });
});

describe('disabledModulePath', () => {
  it('puts the display name in the module query parameter of /disabled', () => {
    expect(disabledModulePath('Report Templates')).toBe('/disabled?module=Report%20Templates');
    expect(new URLSearchParams(disabledModulePath('Fleet Admin').split('?')[1]).get('module')).toBe('Fleet Admin');
  });
});
