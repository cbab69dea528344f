import { searchField, urlSearch } from '../../lib/url-search.ts';

/** /schedule/trades: which list shows (mine, or the supervisor's to decide), its page, and a proposal the outbox could not send. */
export const tradesSearch = urlSearch({
  box: searchField.oneOf(['mine', 'to_decide'], 'mine'),
  page: searchField.page(),
  outbox: searchField.matching(/^[0-9a-zA-Z-]{1,64}$/, 64),
});
export type TradesSearch = typeof tradesSearch.defaults;
