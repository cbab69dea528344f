import { describe, expect, it } from 'vitest';
import { isCalendarDate, searchField, toggleSort, urlSearch } from './url-search.ts';

const ID = '5B0B8E4E-4F1E-4F57-9C57-8B1A3B0F6F11';

const list = urlSearch({
  q: searchField.text(10),
  status: searchField.optionalOneOf(['open', 'closed']),
  sort: searchField.oneOf(['name', 'date'], 'name'),
  order: searchField.oneOf(['asc', 'desc'], 'asc'),
  page: searchField.page(),
  page_size: searchField.pageSize(),
  id: searchField.id(),
  from: searchField.date(),
  kind: searchField.key(),
  action: searchField.matching(/^[a-z_]+(\.[a-z_]+)?$/, 20),
});

describe('a route’s search parameters', () => {
  it('reads every kind of field', () => {
    expect(
      list.parse({
        q: 'smith',
        status: 'closed',
        sort: 'date',
        order: 'desc',
        page: '3',
        page_size: '50',
        id: ID,
        from: '2026-02-28',
        kind: 'oil_change',
        action: 'user.disabled',
      }),
    ).toEqual({
      q: 'smith',
      status: 'closed',
      sort: 'date',
      order: 'desc',
      page: 3,
      page_size: 50,
      id: ID.toLowerCase(),
      from: '2026-02-28',
      kind: 'oil_change',
      action: 'user.disabled',
    });
  });

  it('falls back to the default for anything missing or unreadable, never failing', () => {
    expect(list.defaults).toEqual({
      q: '',
      status: null,
      sort: 'name',
      order: 'asc',
      page: 1,
      page_size: 25,
      id: null,
      from: null,
      kind: null,
      action: null,
    });
    expect(
      list.parse({
        status: 'deleted',
        sort: 'password_hash',
        order: 'up',
        page: '0',
        page_size: '7',
        id: 'nope',
        from: '2026-02-30',
        kind: 'Bad Key',
        action: 'DROP TABLE',
      }),
    ).toEqual(list.defaults);
    expect(list.parse({ page: '-2' }).page).toBe(1);
    expect(list.parse({ page: '1.5' }).page).toBe(1);
    expect(list.parse({ page: '1e3' }).page).toBe(1);
    expect(list.parse({ q: 'a'.repeat(30) }).q).toBe('a'.repeat(10));
  });

  it('takes numbers as they are while navigating', () => {
    expect(list.parse({ page: 4, page_size: 10 })).toMatchObject({ page: 4, page_size: 10 });
  });

  it('leaves the defaults out of the URL, so the plain list is the plain path, and reads back what it writes', () => {
    expect(list.query(list.defaults)).toEqual({});
    const state = { ...list.defaults, q: 'a b', status: 'open' as const, order: 'desc' as const, page: 2, page_size: 10 };
    expect(list.query(state)).toEqual({ q: 'a b', status: 'open', order: 'desc', page: 2, page_size: 10 });
    const written = Object.fromEntries(Object.entries(list.query(state)).map(([key, value]) => [key, String(value)]));
    expect(list.parse(written)).toEqual(state);
  });

  it('gives the route a validateSearch and the middleware that strips the defaults', () => {
    expect(list.route.validateSearch({ page: '2' } as never)).toEqual({ ...list.defaults, page: 2 });
    expect(list.route.search.middlewares).toHaveLength(1);
  });

  it('knows a real calendar date', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-3-1')).toBe(false);
  });
});

describe('sorting by a column', () => {
  it('sorts by a new column ascending, flips the order on the same column, and goes back to page 1', () => {
    const onPage3 = { ...list.defaults, page: 3 };
    expect(toggleSort(onPage3, 'date')).toMatchObject({ sort: 'date', order: 'asc', page: 1 });
    expect(toggleSort(onPage3, 'name')).toMatchObject({ sort: 'name', order: 'desc', page: 1 });
    expect(toggleSort({ ...onPage3, order: 'desc' }, 'name')).toMatchObject({ order: 'asc' });
  });
});
