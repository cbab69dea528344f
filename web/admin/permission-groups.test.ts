import { describe, expect, it } from 'vitest';
import { PERMISSION_LIST } from '../../core/permissions.ts';
import { areaSelection, grants, permissionGroups, setPermissions, toggleArea } from './permission-groups.ts';

const groups = permissionGroups();
const scheduling = groups.find((group) => group.area === 'scheduling')!;

describe('permissions grouped by area', () => {
  it('holds every permission once, in catalogue order, under its area’s label, with its description', () => {
    expect(groups.map((group) => group.label)).toEqual([
      'Administration',
      'Citations',
      'Reports',
      'Productivity',
      'Scheduling',
      'Fleet',
      'Field Training',
    ]);
    expect(groups.flatMap((group) => group.permissions.map((p) => p.key))).toEqual([...PERMISSION_LIST]);
    expect(scheduling.permissions[0]).toEqual({
      key: 'scheduling:view',
      label: 'View the schedule',
      description: expect.stringContaining('schedule'),
    });
  });

  it('says whether a role holds all, some or none of an area', () => {
    expect(areaSelection([], scheduling)).toBe('none');
    expect(areaSelection(['scheduling:view'], scheduling)).toBe('some');
    expect(
      areaSelection(
        scheduling.permissions.map((p) => p.key),
        scheduling,
      ),
    ).toBe('all');
  });

  it('turns an area on, then off, leaving other areas alone and keeping catalogue order', () => {
    const on = toggleArea(['fleet:admin', 'scheduling:allcall'], scheduling);
    expect(on).toEqual([
      'scheduling:view',
      'scheduling:ot.manage',
      'scheduling:ot.create',
      'scheduling:pto.manage',
      'scheduling:modification.manage',
      'scheduling:allcall',
      'fleet:admin',
    ]);
    expect(toggleArea(on, scheduling)).toEqual(['fleet:admin']);
    expect(setPermissions(['fto:admin'], ['citations:access'], true)).toEqual(['citations:access', 'fto:admin']);
    expect(setPermissions(['fto:admin', 'citations:access'], ['fto:admin'], false)).toEqual(['citations:access']);
  });

  it('shows that Full administrator grants everything', () => {
    expect(grants(['fleet:admin'], 'fleet:admin')).toBe('direct');
    expect(grants(['admin:access'], 'fleet:admin')).toBe('through-admin');
    expect(grants(['fto:user'], 'fleet:admin')).toBe('no');
  });
});
