import { searchField, urlSearch } from '../../lib/url-search.ts';

/** /schedule/admin/allcall: the call open on the board and the page of the list. */
export const allcallSearch = urlSearch({
  call: searchField.id(),
  page: searchField.page(),
});
export type AllcallSearch = typeof allcallSearch.defaults;
