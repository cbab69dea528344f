import { REPORT_QUEUES, REPORT_STATUSES } from '../../core/contracts/list-values.ts';
import { searchField, urlSearch } from '../lib/url-search.ts';
import type { ReportsRequest } from './reports-calls.ts';

/** /reports keeps its queue, search and filters in the URL, so a reload, a link and the back button show the same list. */
export const reportsSearch = urlSearch({
  queue: searchField.oneOf(REPORT_QUEUES, 'mine'),
  q: searchField.text(80),
  type: searchField.key(),
  status: searchField.optionalOneOf(REPORT_STATUSES),
  from: searchField.date(),
  to: searchField.date(),
  sort: searchField.oneOf(['updated_at', 'occurred_at', 'case_number'], 'updated_at'),
  order: searchField.oneOf(['asc', 'desc'], 'desc'),
  page: searchField.page(),
  page_size: searchField.pageSize(),
});

export type ReportsSearch = typeof reportsSearch.defaults;
export type ReportSort = ReportsSearch['sort'];

export function reportsApiQuery(state: ReportsSearch): ReportsRequest {
  const q = state.q.trim();
  return {
    queue: state.queue,
    ...(q ? { q } : {}),
    ...(state.type ? { type: state.type } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
    sort: state.sort,
    order: state.order,
    page: state.page,
    page_size: state.page_size,
  };
}
