import { searchField, urlSearch } from '../../lib/url-search.ts';

/** /schedule/overtime: the list shown (open shifts, mine, closed, totals, the people's seniority) and the shift opened. */
export const overtimeSearch = urlSearch({
  tab: searchField.oneOf(['open', 'mine', 'closed', 'totals', 'people'], 'open'),
  shift: searchField.id(),
});
export type OvertimeSearch = typeof overtimeSearch.defaults;
