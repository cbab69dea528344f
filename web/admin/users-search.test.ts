import { describe, expect, it } from 'vitest';
import { DEFAULT_USERS_SEARCH, lastPage, parseUsersSearch, toggleSort, usersApiQuery, usersSearchParams } from './users-search.ts';

describe('the users list’s search parameters', () => {
  it('reads every parameter, and falls back to the default for anything unreadable', () => {
    expect(parseUsersSearch({ q: 'smith', status: 'invited', sort: 'badge_number', order: 'desc', page: '3', page_size: '50', user: '5B0B8E4E-4F1E-4F57-9C57-8B1A3B0F6F11' })).toEqual({
      q: 'smith',
      status: 'invited',
      sort: 'badge_number',
      order: 'desc',
      page: 3,
      pageSize: 50,
      user: '5b0b8e4e-4f1e-4f57-9c57-8b1a3b0f6f11',
    });
    expect(parseUsersSearch({ status: 'deleted', sort: 'password_hash', order: 'up', page: '0', page_size: '7', user: 'nope' })).toEqual(DEFAULT_USERS_SEARCH);
    expect(parseUsersSearch({ page: '-2' }).page).toBe(1);
    expect(parseUsersSearch({ page: '1.5' }).page).toBe(1);
  });

  it('leaves defaults out of the URL, so the plain list is plain /admin/users, and reads back what it writes', () => {
    expect(usersSearchParams(DEFAULT_USERS_SEARCH)).toEqual({ q: undefined, status: undefined, sort: undefined, order: undefined, page: undefined, page_size: undefined, user: undefined });
    const state = { ...DEFAULT_USERS_SEARCH, q: 'a b', status: 'active' as const, sort: 'rank' as const, order: 'desc' as const, page: 2, pageSize: 10 };
    const params = Object.fromEntries(Object.entries(usersSearchParams(state)).filter(([, v]) => v !== undefined));
    expect(parseUsersSearch(params)).toEqual(state);
  });

  it('asks the API for the same list, without an empty search', () => {
    expect(usersApiQuery({ ...DEFAULT_USERS_SEARCH, q: '  ' })).toEqual({ sort: 'name', order: 'asc', page: 1, page_size: 25 });
    expect(usersApiQuery({ ...DEFAULT_USERS_SEARCH, q: ' lee ', status: 'disabled', page: 4 })).toEqual({ q: 'lee', status: 'disabled', sort: 'name', order: 'asc', page: 4, page_size: 25 });
  });

  it('sorts by a new column ascending, flips the order on the same column, and goes back to page 1', () => {
    const onPage3 = { ...DEFAULT_USERS_SEARCH, page: 3 };
    expect(toggleSort(onPage3, 'email')).toMatchObject({ sort: 'email', order: 'asc', page: 1 });
    expect(toggleSort(onPage3, 'name')).toMatchObject({ sort: 'name', order: 'desc', page: 1 });
    expect(toggleSort({ ...onPage3, order: 'desc' }, 'name')).toMatchObject({ order: 'asc' });
  });

  it('counts pages, with at least one', () => {
    expect(lastPage(0, 25)).toBe(1);
    expect(lastPage(25, 25)).toBe(1);
    expect(lastPage(26, 25)).toBe(2);
  });
});
