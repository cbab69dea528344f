import { describe, expect, it } from 'vitest';
import { lastPage } from '../ui/paging.ts';
import { usersApiQuery, usersSearch } from './users-search.ts';

const DEFAULTS = usersSearch.defaults;

describe('the users list’s search parameters', () => {
  it('reads every parameter, and falls back to the default for anything unreadable', () => {
    expect(
      usersSearch.parse({
        q: 'smith',
        status: 'invited',
        role: '1B0B8E4E-4F1E-4F57-9C57-8B1A3B0F6F11',
        sort: 'badge_number',
        order: 'desc',
        page: '3',
        page_size: '50',
        user: '5B0B8E4E-4F1E-4F57-9C57-8B1A3B0F6F11',
      }),
    ).toEqual({
      q: 'smith',
      status: 'invited',
      role: '1b0b8e4e-4f1e-4f57-9c57-8b1a3b0f6f11',
      sort: 'badge_number',
      order: 'desc',
      page: 3,
      page_size: 50,
      user: '5b0b8e4e-4f1e-4f57-9c57-8b1a3b0f6f11',
    });
    expect(DEFAULTS).toEqual({ q: '', status: null, role: null, sort: 'name', order: 'asc', page: 1, page_size: 25, user: null });
    expect(
      usersSearch.parse({ status: 'deleted', sort: 'password_hash', order: 'up', page: '0', page_size: '7', user: 'nope', role: 'x' }),
    ).toEqual(DEFAULTS);
    expect(usersSearch.parse({ page: '-2' }).page).toBe(1);
    expect(usersSearch.parse({ page: '1.5' }).page).toBe(1);
  });

  it('leaves defaults out of the URL, so the plain list is plain /admin/users, and reads back what it writes', () => {
    expect(usersSearch.query(DEFAULTS)).toEqual({});
    const state = {
      ...DEFAULTS,
      q: 'a b',
      status: 'active' as const,
      sort: 'rank' as const,
      order: 'desc' as const,
      page: 2,
      page_size: 10,
    };
    const params = Object.fromEntries(Object.entries(usersSearch.query(state)).map(([key, value]) => [key, String(value)]));
    expect(params).toEqual({ q: 'a b', status: 'active', sort: 'rank', order: 'desc', page: '2', page_size: '10' });
    expect(usersSearch.parse(params)).toEqual(state);
  });

  it('asks the API for the same list, without an empty search', () => {
    expect(usersApiQuery({ ...DEFAULTS, q: '  ' })).toEqual({ sort: 'name', order: 'asc', page: 1, page_size: 25 });
    expect(usersApiQuery({ ...DEFAULTS, q: ' lee ', status: 'disabled', page: 4 })).toEqual({
      q: 'lee',
      status: 'disabled',
      sort: 'name',
      order: 'asc',
      page: 4,
      page_size: 25,
    });
  });

  it('counts pages, with at least one', () => {
    expect(lastPage(0, 25)).toBe(1);
    expect(lastPage(25, 25)).toBe(1);
    expect(lastPage(26, 25)).toBe(2);
  });
});
