import { describe, expect, it } from 'vitest';
import { actionLabel, auditApiQuery, auditSearch } from './audit-search.ts';

const parseAuditSearch = auditSearch.parse;

describe('the audit log’s search parameters', () => {
  it('reads the tab and filters, dropping what is not valid', () => {
    expect(
      parseAuditSearch({
        tab: 'audit',
        actor: '5B0B8E4E-4F1E-4F57-9C57-8B1A3B0F6F11',
        action: 'user.disabled',
        from: '2026-03-01',
        to: '2026-03-31',
        page: '2',
      }),
    ).toEqual({
      tab: 'audit',
      actor: '5b0b8e4e-4f1e-4f57-9c57-8b1a3b0f6f11',
      action: 'user.disabled',
      from: '2026-03-01',
      to: '2026-03-31',
      page: 2,
    });
    expect(parseAuditSearch({ tab: 'x', actor: 'me', action: 'DROP TABLE', from: '2026-02-30', to: 'yesterday' })).toEqual({
      tab: 'overview',
      actor: null,
      action: null,
      from: null,
      to: null,
      page: 1,
    });
  });

  it('writes back only what is set', () => {
    expect(auditSearch.query(parseAuditSearch({}))).toEqual({});
    expect(auditSearch.query(parseAuditSearch({ tab: 'audit', action: 'role' }))).toEqual({ tab: 'audit', action: 'role' });
  });

  it('turns calendar days into instants of the agency’s timezone, both days included', () => {
    const state = parseAuditSearch({ tab: 'audit', from: '2026-03-08', to: '2026-03-08' });
    // Chicago springs forward on 2026-03-08: the day starts at 06:00Z and is 23 hours long.
    expect(auditApiQuery(state, 'America/Chicago')).toEqual({
      page: 1,
      page_size: 25,
      from: '2026-03-08T06:00:00.000Z',
      to: '2026-03-09T04:59:59.999Z',
    });
    expect(auditApiQuery(state, 'Asia/Tokyo')).toMatchObject({ from: '2026-03-07T15:00:00.000Z', to: '2026-03-08T14:59:59.999Z' });
    expect(auditApiQuery(parseAuditSearch({ to: '2026-12-31' }), 'UTC').to).toBe('2026-12-31T23:59:59.999Z');
  });

  it('names actions in words', () => {
    expect(actionLabel('user.invitation_resent')).toBe('Invitation resent');
    expect(actionLabel('module.disabled')).toBe('Disabled');
  });
});
