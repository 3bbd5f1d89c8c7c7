import type { Paged, PageQuery } from '@heliotrack/domain/pagination';

/** Builds the `{count, next, previous, results}` answer; next/previous keep the request's other filters. */
export function pageOf<T>(results: T[], count: number, { page, page_size }: PageQuery, requestUrl: string): Paged<T> {
  const link = (target: number) => {
    const url = new URL(requestUrl, 'http://x');
    url.searchParams.set('page', String(target));
    url.searchParams.set('page_size', String(page_size));
    return `${url.pathname}${url.search}`;
  };
  return {
    count,
    next: page * page_size < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}

export const offsetOf = ({ page, page_size }: PageQuery) => (page - 1) * page_size;
