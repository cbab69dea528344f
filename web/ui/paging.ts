/** The page sizes a paginated table offers. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** The last page there is for `total` rows (at least 1). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
