import { searchField, urlSearch } from '../lib/url-search.ts';

/**
 * /schedule keeps what it shows in the URL (the part, whose schedule, the view, the day and the
 * filters), so a reload, a shared link and the back button show the same roster. No date is today,
 * in the agency's time zone.
 */
export const calendarSearch = urlSearch({
  tab: searchField.oneOf(['calendar', 'time_off', 'feed'], 'calendar'),
  view: searchField.oneOf(['mine', 'all'], 'mine'),
  range: searchField.oneOf(['day', 'week', 'month'], 'week'),
  date: searchField.date(),
  group_id: searchField.id(),
  position: searchField.matching(/^[^\n]{1,40}$/, 40),
  /** A time-off request the outbox could not send, opened to be fixed. */
  outbox: searchField.matching(/^[0-9a-zA-Z-]{1,64}$/, 64),
});
export type CalendarSearch = typeof calendarSearch.defaults;
export type CalendarTab = CalendarSearch['tab'];

/** /schedule/admin: the part, the roster's view, day and filters, and the page of its lists. */
export const schedulerSearch = urlSearch({
  tab: searchField.oneOf(['roster', 'time_off', 'history', 'tools'], 'roster'),
  range: searchField.oneOf(['day', 'week', 'month'], 'week'),
  date: searchField.date(),
  group_id: searchField.id(),
  position: searchField.matching(/^[^\n]{1,40}$/, 40),
  page: searchField.page(),
});
export type SchedulerSearch = typeof schedulerSearch.defaults;
export type SchedulerTab = SchedulerSearch['tab'];
