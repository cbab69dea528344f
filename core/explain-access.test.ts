import { describe, expect, it } from 'vitest';
import { explainAccess } from './explain-access.ts';
import { MODULE_KEYS } from './modules.ts';

const everyModule = [...MODULE_KEYS];

describe('explain access', () => {
  it('lists each permission the person holds with the roles that grant it', () => {
    const explained = explainAccess({
      account_type: 'full',
      roles: [
        { name: 'Officer', permissions: ['fleet:squadcheck.submit', 'citations:access'] },
        { name: 'Fleet manager', permissions: ['fleet:admin', 'fleet:squadcheck.submit'] },
      ],
      enabledModules: everyModule,
    });
    expect(explained.admin).toBe(false);
    expect(explained.permissions).toContainEqual({
      permission: 'fleet:squadcheck.submit',
      label: 'Do squad checks',
      grantedBy: ['Officer', 'Fleet manager'],
    });
    expect(explained.permissions.find((p) => p.permission === 'fleet:admin')?.grantedBy).toEqual(['Fleet manager']);
  });

  it('says which screens the guard refuses and why: a missing permission, a limited account, a module switched off', () => {
    const explained = explainAccess({
      account_type: 'limited',
      roles: [{ name: 'Officer', permissions: ['fleet:squadcheck.submit', 'citations:access', 'reports:editor'] }],
      enabledModules: everyModule.filter((m) => m !== 'schedule'),
    });
    const screen = (path: string) => explained.screens.find((s) => s.path === path)!;
    expect(screen('/fleet/squadcheck')).toMatchObject({ allowed: true, why: null, name: 'Squad Checks' });
    expect(screen('/fleet/admin')).toMatchObject({
      allowed: false,
      name: 'Fleet Admin',
      why: 'Needs “Manage the fleet”, which none of their roles grants.',
    });
    expect(screen('/citations')).toMatchObject({ allowed: false, why: 'Citations needs a full account; this one is limited.' });
    expect(screen('/schedule')).toMatchObject({ allowed: false, why: 'The agency has switched Scheduling off.' });
    expect(screen('/fto').why).toMatch(/^Needs one of “.+” or “.+”, which none of their roles grants\.$/);
    expect(explained.modulesOff).toEqual([{ key: 'schedule', label: 'Scheduling' }]);
  });

  it('lets an administrator through every permission rule, but not into a module the agency switched off', () => {
    const explained = explainAccess({
      account_type: 'full',
      roles: [{ name: 'Administrator', permissions: ['admin:access'] }],
      enabledModules: everyModule.filter((m) => m !== 'fleet'),
    });
    expect(explained.admin).toBe(true);
    expect(explained.screens.filter((s) => !s.allowed).map((s) => s.module)).toEqual(['fleet', 'fleet', 'fleet', 'fleet', 'fleet']);
    expect(explained.screens.find((s) => s.path === '/reports/templates/create')?.allowed).toBe(true);
  });
});
