import { describe, expect, it } from 'vitest';
import { auditDiff, displayValue, fieldLabel } from './audit-diff.ts';

describe('the before/after of an audit entry', () => {
  it('lists what changed, was added and was removed, nested fields by their path', () => {
    const before = {
      name: 'Pat',
      rank: 'Officer',
      phone: '555',
      security_policy: { inactivity_minutes: 30, self_unlock: true },
      roles: ['Officer'],
    };
    const after = {
      name: 'Pat',
      rank: 'Sergeant',
      badge_number: '42',
      security_policy: { inactivity_minutes: 15, self_unlock: true },
      roles: ['Officer', 'Sergeant'],
    };
    expect(auditDiff(before, after, { onlyChanges: true })).toEqual([
      { field: 'rank', before: 'Officer', after: 'Sergeant', change: 'changed' },
      { field: 'phone', before: '555', after: '', change: 'removed' },
      { field: 'security_policy.inactivity_minutes', before: '30', after: '15', change: 'changed' },
      { field: 'roles', before: 'Officer', after: 'Officer, Sergeant', change: 'changed' },
      { field: 'badge_number', before: '', after: '42', change: 'added' },
    ]);
    expect(auditDiff(before, after).find((row) => row.field === 'name')).toEqual({
      field: 'name',
      before: 'Pat',
      after: 'Pat',
      change: 'unchanged',
    });
  });

  it('shows a created record whole, and a removed one whole', () => {
    expect(auditDiff(null, { name: 'Evidence Tech', permissions: ['reports:editor'] }, { onlyChanges: true })).toEqual([
      { field: 'name', before: '', after: 'Evidence Tech', change: 'added' },
      { field: 'permissions', before: '', after: 'reports:editor', change: 'added' },
    ]);
    expect(auditDiff({ logo: 'a.png' }, null)).toEqual([{ field: 'logo', before: 'a.png', after: '', change: 'removed' }]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it('keeps every row when nothing changed, rather than showing nothing', () => {
    expect(auditDiff({ enabled: true }, { enabled: true }, { onlyChanges: true })).toEqual([
      { field: 'enabled', before: 'yes', after: 'yes', change: 'unchanged' },
    ]);
  });

  it('writes values and field names for people', () => {
    expect(displayValue(false)).toBe('no');
    expect(displayValue(null)).toBe('');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
    expect(displayValue('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
    expect(fieldLabel('security_policy.inactivity_minutes')).toBe('Security policy › inactivity minutes');
  });
});
