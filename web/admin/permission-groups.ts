import { PERMISSION_AREAS, PERMISSION_LIST, PERMISSIONS, type Permission, type PermissionArea } from '../../core/permissions.ts';

/** The permission catalogue grouped by area, for the role editor and the roles × permissions matrix. */

export type PermissionEntry = { key: Permission; label: string; description: string };
export type PermissionGroup = { area: PermissionArea; label: string; permissions: PermissionEntry[] };

export function permissionGroups(): PermissionGroup[] {
  return (Object.keys(PERMISSION_AREAS) as PermissionArea[]).map((area) => ({
    area,
    label: PERMISSION_AREAS[area],
    permissions: PERMISSION_LIST.filter((key) => PERMISSIONS[key].area === area).map((key) => ({
      key,
      label: PERMISSIONS[key].label,
      description: PERMISSIONS[key].description,
    })),
  }));
}

/** Whether a role holds all, some or none of an area's permissions (the area checkbox's state). */
export function areaSelection(selected: readonly string[], group: PermissionGroup): 'all' | 'some' | 'none' {
  const held = group.permissions.filter((p) => selected.includes(p.key)).length;
  return held === 0 ? 'none' : held === group.permissions.length ? 'all' : 'some';
}

/** Adds or removes permissions, keeping the catalogue order (so a role reads the same as the matrix). */
export function setPermissions(selected: readonly string[], keys: readonly string[], on: boolean): Permission[] {
  const next = new Set(selected);
  for (const key of keys) {
    if (on) next.add(key);
    else next.delete(key);
  }
  return PERMISSION_LIST.filter((key) => next.has(key));
}

/** Turns an area on (every permission) unless it already is, in which case off. */
export function toggleArea(selected: readonly string[], group: PermissionGroup): Permission[] {
  const keys = group.permissions.map((p) => p.key);
  return setPermissions(selected, keys, areaSelection(selected, group) !== 'all');
}

/**
 * What a role gives in practice: `admin:access` passes every check, so a role holding it grants every
 * permission whatever else is ticked.
 */
export function grants(rolePermissions: readonly string[], permission: Permission): 'direct' | 'through-admin' | 'no' {
  if (rolePermissions.includes(permission)) return 'direct';
  return rolePermissions.includes('admin:access') ? 'through-admin' : 'no';
}
