import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_ROLES,
  PERMISSION_AREAS,
  PERMISSION_LIST,
  PERMISSIONS,
  hasAllPermissions,
  hasAllRoles,
  hasAnyPermission,
  hasAnyRole,
  hasPermission,
  hasRole,
  isAdmin,
  isPermission,
  type Claims,
  type Permission,
} from './permissions.ts';

function claims(overrides: Partial<Claims> = {}): Claims {
  return {
    agency_id: '00000000-0000-4000-8000-000000000001',
    account_type: 'full',
    roles: [],
    permissions: [],
    ...overrides,
  };
}

const admin = claims({ permissions: ['admin:access'] });

/** Spec section 6, "Permissions seen", in the spec's order. */
const SPEC_PERMISSIONS = [
  'citations:access',
  'reports:editor',
  'reports:templates.use',
  'reports:templates.create_user',
  'reports:templates.create_agency',
  'productivity:access',
  'scheduling:view',
  'scheduling:ot.manage',
  'scheduling:ot.create',
  'scheduling:pto.manage',
  'scheduling:modification.manage',
  'scheduling:allcall',
  'fleet:servicerequest.submit',
  'fleet:squadcheck.submit',
  'fleet:admin',
  'fto:user',
  'fto:trainer',
  'fto:admin',
];

describe('the permission catalogue', () => {
  it('holds every permission the spec names, plus admin:access and the citations clerk’s and supervisor’s, and nothing else', () => {
    expect([...PERMISSION_LIST].sort()).toEqual([...SPEC_PERMISSIONS, 'admin:access', 'citations:manage', 'citations:void'].sort());
  });

  it('lists each permission once, in the same order as the catalogue object', () => {
    expect(new Set(PERMISSION_LIST).size).toBe(PERMISSION_LIST.length);
    expect(PERMISSION_LIST).toEqual(Object.keys(PERMISSIONS));
  });

  it('files every permission under the area its area:action prefix names', () => {
    for (const permission of PERMISSION_LIST) {
      const [prefix] = permission.split(':');
      expect(PERMISSIONS[permission].area).toBe(prefix);
      expect(Object.keys(PERMISSION_AREAS)).toContain(prefix);
    }
  });

  it('gives every permission a label and a full-sentence description an admin can read', () => {
    for (const permission of PERMISSION_LIST) {
      const { label, description } = PERMISSIONS[permission];
      expect(label.length).toBeGreaterThan(0);
      expect(description).toMatch(/^[A-Z].{20,}\.$/);
    }
  });

  it('labels each area for display, with fto shown as Field Training', () => {
    expect(PERMISSION_AREAS).toEqual({
      admin: 'Administration',
      citations: 'Citations',
      reports: 'Reports',
      productivity: 'Productivity',
      scheduling: 'Scheduling',
      fleet: 'Fleet',
      fto: 'Field Training',
    });
  });

  it('recognises catalogue permissions and rejects anything else, including object-prototype names', () => {
    expect(isPermission('fleet:admin')).toBe(true);
    expect(isPermission('admin:access')).toBe(true);
    expect(isPermission('fleet:delete')).toBe(false);
    expect(isPermission('FLEET:ADMIN')).toBe(false);
    expect(isPermission('toString')).toBe(false);
    expect(isPermission('__proto__')).toBe(false);
    expect(isPermission(42)).toBe(false);
    expect(isPermission(null)).toBe(false);
  });
});

describe('hasPermission', () => {
  it('passes a user who holds the permission', () => {
    expect(hasPermission(claims({ permissions: ['fleet:admin'] }), 'fleet:admin')).toBe(true);
  });

  it('fails a user who does not hold the permission', () => {
    expect(hasPermission(claims({ permissions: ['fleet:squadcheck.submit'] }), 'fleet:admin')).toBe(false);
  });

  it('passes an admin for every permission in the catalogue', () => {
    for (const permission of PERMISSION_LIST) expect(hasPermission(admin, permission)).toBe(true);
  });

  it('fails when nobody is signed in, whether the claims are null or undefined', () => {
    expect(hasPermission(null, 'citations:access')).toBe(false);
    expect(hasPermission(undefined, 'citations:access')).toBe(false);
    expect(hasPermission(null, 'admin:access')).toBe(false);
  });

  it('does not treat one permission as implying another of the same area', () => {
    const fleetAdmin = claims({ permissions: ['fleet:admin'] });
    expect(hasPermission(fleetAdmin, 'fleet:servicerequest.submit')).toBe(false);
  });
});

describe('hasAnyPermission', () => {
  const officer = claims({ permissions: ['fto:user', 'citations:access'] });

  it('passes a user who holds at least one of the permissions', () => {
    expect(hasAnyPermission(officer, ['fto:admin', 'fto:user'])).toBe(true);
  });

  it('fails a user who holds none of the permissions', () => {
    expect(hasAnyPermission(officer, ['fto:admin', 'fto:trainer'])).toBe(false);
  });

  it('passes an admin for any non-empty list', () => {
    expect(hasAnyPermission(admin, ['fto:admin', 'fto:trainer'])).toBe(true);
  });

  it('fails for an empty list, even for an admin, because at least one of nothing is never held', () => {
    expect(hasAnyPermission(officer, [])).toBe(false);
    expect(hasAnyPermission(admin, [])).toBe(false);
  });

  it('fails when nobody is signed in', () => {
    expect(hasAnyPermission(null, ['fto:user'])).toBe(false);
    expect(hasAnyPermission(undefined, [])).toBe(false);
  });
});

describe('hasAllPermissions', () => {
  const scheduler = claims({ permissions: ['scheduling:view', 'scheduling:ot.manage'] });

  it('passes a user who holds every one of the permissions', () => {
    expect(hasAllPermissions(scheduler, ['scheduling:view', 'scheduling:ot.manage'])).toBe(true);
  });

  it('fails a user who lacks any one of the permissions', () => {
    expect(hasAllPermissions(scheduler, ['scheduling:view', 'scheduling:allcall'])).toBe(false);
  });

  it('passes an admin for any list', () => {
    expect(hasAllPermissions(admin, PERMISSION_LIST)).toBe(true);
  });

  it('passes a signed-in user for an empty list, because nothing is required', () => {
    expect(hasAllPermissions(claims(), [])).toBe(true);
  });

  it('fails for an empty list when nobody is signed in', () => {
    expect(hasAllPermissions(null, [])).toBe(false);
    expect(hasAllPermissions(undefined, [])).toBe(false);
  });
});

describe('role checks', () => {
  const sergeant = claims({ roles: ['Sergeant', 'Field Training Officer'] });

  it('passes a user who holds the role', () => {
    expect(hasRole(sergeant, 'Sergeant')).toBe(true);
  });

  it('fails a user who does not hold the role', () => {
    expect(hasRole(sergeant, 'Scheduler')).toBe(false);
  });

  it('passes an admin for any role, even one the admin does not hold', () => {
    expect(hasRole(admin, 'Scheduler')).toBe(true);
    expect(hasAnyRole(admin, ['Scheduler'])).toBe(true);
    expect(hasAllRoles(admin, ['Scheduler', 'Fleet Manager'])).toBe(true);
  });

  it('fails every role check when nobody is signed in', () => {
    expect(hasRole(null, 'Sergeant')).toBe(false);
    expect(hasAnyRole(undefined, ['Sergeant'])).toBe(false);
    expect(hasAllRoles(null, ['Sergeant'])).toBe(false);
  });

  it('passes hasAnyRole when one role of the list is held and fails it when none is', () => {
    expect(hasAnyRole(sergeant, ['Scheduler', 'Sergeant'])).toBe(true);
    expect(hasAnyRole(sergeant, ['Scheduler', 'Trainee'])).toBe(false);
  });

  it('passes hasAllRoles only when every role of the list is held', () => {
    expect(hasAllRoles(sergeant, ['Sergeant', 'Field Training Officer'])).toBe(true);
    expect(hasAllRoles(sergeant, ['Sergeant', 'Scheduler'])).toBe(false);
  });

  it('treats an empty role list like an empty permission list: any is false, all is true when signed in', () => {
    expect(hasAnyRole(sergeant, [])).toBe(false);
    expect(hasAnyRole(admin, [])).toBe(false);
    expect(hasAllRoles(sergeant, [])).toBe(true);
    expect(hasAllRoles(null, [])).toBe(false);
  });
});

describe('isAdmin', () => {
  it('is true only for a signed-in user holding admin:access', () => {
    expect(isAdmin(admin)).toBe(true);
    expect(isAdmin(claims({ permissions: ['fleet:admin', 'fto:admin'] }))).toBe(false);
    expect(isAdmin(claims({ roles: ['admin:access'] }))).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });
});

describe('the built-in role templates', () => {
  const byKey = (key: string) => {
    const role = BUILT_IN_ROLES.find((candidate) => candidate.key === key);
    if (role === undefined) throw new Error(`no built-in role ${key}`);
    return role;
  };

  it('seed the nine roles the modules page names', () => {
    expect(BUILT_IN_ROLES.map((role) => role.name)).toEqual([
      'Administrator',
      'Officer',
      'Sergeant',
      'Field Training Officer',
      'Trainee',
      'FTO Coordinator',
      'Fleet Manager',
      'Scheduler',
      'Records Clerk',
    ]);
  });

  it('have unique kebab-case keys', () => {
    const keys = BUILT_IN_ROLES.map((role) => role.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('grant only catalogue permissions, each at most once, with a description of the role', () => {
    for (const role of BUILT_IN_ROLES) {
      expect(role.permissions.every(isPermission)).toBe(true);
      expect(new Set(role.permissions).size).toBe(role.permissions.length);
      expect(role.description.length).toBeGreaterThan(0);
    }
  });

  it('give admin:access to the Administrator and to no other role', () => {
    expect(byKey('administrator').permissions).toEqual(['admin:access']);
    for (const role of BUILT_IN_ROLES.filter((candidate) => candidate.key !== 'administrator')) {
      expect(role.permissions).not.toContain('admin:access');
    }
  });

  it('give an Officer the everyday patrol permissions', () => {
    expect(byKey('officer').permissions).toEqual([
      'citations:access',
      'reports:editor',
      'reports:templates.use',
      'productivity:access',
      'scheduling:view',
      'fleet:servicerequest.submit',
      'fleet:squadcheck.submit',
    ]);
  });

  it('give the officer basics to the Sergeant, the Field Training Officer and the Trainee', () => {
    const officer = byKey('officer').permissions;
    for (const key of ['sergeant', 'field-training-officer', 'trainee']) {
      expect(byKey(key).permissions).toEqual(expect.arrayContaining(officer));
    }
  });

  it('give a Sergeant every scheduling manager permission', () => {
    const schedulingManagers: Permission[] = [
      'scheduling:ot.manage',
      'scheduling:ot.create',
      'scheduling:pto.manage',
      'scheduling:modification.manage',
      'scheduling:allcall',
    ];
    expect(byKey('sergeant').permissions).toEqual(expect.arrayContaining(schedulingManagers));
  });

  it('give the field training roles their training permission', () => {
    expect(byKey('trainee').permissions).toContain('fto:user');
    expect(byKey('trainee').permissions).not.toContain('fto:trainer');
    expect(byKey('field-training-officer').permissions).toContain('fto:trainer');
    expect(byKey('fto-coordinator').permissions).toEqual(['fto:trainer', 'fto:admin']);
  });

  it('give a Fleet Manager fleet administration and both fleet submissions', () => {
    expect(byKey('fleet-manager').permissions).toEqual(['fleet:servicerequest.submit', 'fleet:squadcheck.submit', 'fleet:admin']);
  });

  it('give a Scheduler every scheduling permission and nothing else', () => {
    expect(byKey('scheduler').permissions).toEqual(PERMISSION_LIST.filter((p) => p.startsWith('scheduling:')));
  });

  it('give a Records Clerk reports and everyone’s citations, but not voiding them', () => {
    expect(byKey('records-clerk').permissions).toEqual(['citations:access', 'citations:manage', 'reports:editor', 'reports:templates.use']);
  });

  it('let a Sergeant void citations and see everyone’s, and an Officer only write their own', () => {
    expect(byKey('sergeant').permissions).toEqual(expect.arrayContaining(['citations:access', 'citations:manage', 'citations:void']));
    expect(byKey('officer').permissions.filter((p) => p.startsWith('citations:'))).toEqual(['citations:access']);
  });
});
