import { TASK_GROUPS, TASK_PRIORITIES, TASK_SORTS } from '../../core/contracts/list-values.ts';
import type { ListTasksQuery } from '../../core/contracts/productivity.ts';
import { searchField, urlSearch } from '../lib/url-search.ts';

/**
 * A list's screen keeps its state in the URL (/productivity/list/…?view=board&status=todo&task=…):
 * the view, the sort, the filters, the grouping, the page and the task open in the drawer.
 */
export const listSearch = urlSearch({
  view: searchField.oneOf(['table', 'board'], 'table'),
  q: searchField.text(100),
  status: searchField.key(),
  priority: searchField.optionalOneOf(TASK_PRIORITIES),
  assignee_id: searchField.id(),
  label: searchField.matching(/^[^,]{1,40}$/, 40),
  closed: searchField.oneOf(['open', 'all'], 'open'),
  group: searchField.oneOf(TASK_GROUPS, 'none'),
  sort: searchField.oneOf(TASK_SORTS, 'position'),
  order: searchField.oneOf(['asc', 'desc'], 'asc'),
  page: searchField.page(),
  page_size: searchField.pageSize(),
  task: searchField.id(),
});

export type ListSearch = typeof listSearch.defaults;

/** The API's query of a list's state: grouped, the server sorts the rows by their group first and then by the sort. */
export function listTasksQuery(state: ListSearch): ListTasksQuery {
  const q = state.q.trim();
  return {
    page: state.page,
    page_size: state.page_size,
    sort: state.sort,
    order: state.order,
    ...(q ? { q } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.priority ? { priority: state.priority } : {}),
    ...(state.assignee_id ? { assignee_id: state.assignee_id } : {}),
    ...(state.label ? { label: state.label } : {}),
    include_closed: state.closed === 'all' || state.status !== null ? 'true' : 'false',
    group: state.group,
  };
}

/** The task open in a screen's drawer (My tasks, a space). */
export const taskSearch = urlSearch({ task: searchField.id() });

/** The print page: more tasks after the first, one per page. */
export const printSearch = urlSearch({ more: searchField.matching(/^[0-9a-f-]{36}(,[0-9a-f-]{36}){0,49}$/, 2000) });

export const SETTINGS_TABS = ['general', 'workflow', 'fields', 'members'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The space screen's part of the URL: which tab of the space's settings drawer is open, none when it is closed. */
export const spaceSettingsSearch = urlSearch({ settings: searchField.optionalOneOf(SETTINGS_TABS) });
