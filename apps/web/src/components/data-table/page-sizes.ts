import { PAGE_SIZE_DEFAULT } from '@heliotrack/domain/constants';

/**
 * The rows-per-page choices of every server-paged table (DataTablePagination), within the API's
 * page_size limit (DESIGN section 3: default 25, at most 1000).
 */
export const PAGE_SIZES = [25, 50, 100, 250, 500, 1000] as const;

/** A page size read from the address: one of the choices, or the default. */
export function pageSizeOf(value: number | null): number {
  return value !== null && (PAGE_SIZES as readonly number[]).includes(value) ? value : PAGE_SIZE_DEFAULT;
}
