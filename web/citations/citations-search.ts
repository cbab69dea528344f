import { CITATION_KINDS, CITATION_QUEUES, CITATION_STATUSES } from '../../core/contracts/list-values.ts';
import { searchField, urlSearch } from '../lib/url-search.ts';
import type { CitationsRequest } from './citations-calls.ts';

/** /citations keeps its tab, search and filters in the URL, so a reload, a link and the back button show the same list. */
export const citationsSearch = urlSearch({
  queue: searchField.oneOf([...CITATION_QUEUES, 'void_requests'], 'mine'),
  q: searchField.text(80),
  status: searchField.optionalOneOf(CITATION_STATUSES),
  kind: searchField.optionalOneOf(CITATION_KINDS),
  statute_id: searchField.id(),
  officer_id: searchField.id(),
  from: searchField.date(),
  to: searchField.date(),
  page: searchField.page(),
  page_size: searchField.pageSize(),
});

export type CitationsSearch = typeof citationsSearch.defaults;
export type CitationsTab = CitationsSearch['queue'];

/** The list's request: "mine" is the caller's (drafts and today's first); the void requests are everyone's with a void asked for. */
export function citationsApiQuery(state: CitationsSearch): CitationsRequest {
  if (state.queue === 'mine') return { queue: 'mine', page: state.page, page_size: state.page_size };
  if (state.queue === 'void_requests') return { queue: 'all', void_requested: 'true', page: state.page, page_size: state.page_size };
  const q = state.q.trim();
  return {
    queue: 'all',
    ...(q ? { q } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.kind ? { kind: state.kind } : {}),
    ...(state.statute_id ? { statute_id: state.statute_id } : {}),
    ...(state.officer_id ? { officer_id: state.officer_id } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
    page: state.page,
    page_size: state.page_size,
  };
}
