import { describe, expect, it } from 'vitest';
import { ReportListQuery } from '@heliotrack/domain/reports';
import { EMPTY_REPORT_FILTERS, reportListParams } from '../api/get-reports';
import { countActiveReportFilters, readReportListState, writeReportListState } from './report-list-search';

describe('report list state in the address', () => {
  it('reads a plain address as the first page of reports with no filters', () => {
    expect(readReportListState(new URLSearchParams())).toEqual({
      kind: 'report',
      query: { page: 1, pageSize: 25, filters: EMPTY_REPORT_FILTERS },
    });
  });

  it('writes the defaults as a clean address and reads back what it wrote', () => {
    expect(writeReportListState(readReportListState(new URLSearchParams())).toString()).toBe('');
    const state = {
      kind: 'historic' as const,
      query: {
        page: 3,
        pageSize: 100,
        filters: { dateFrom: '2026-11-01', dateTo: '2026-11-22', type: 5, author: 2 },
      },
    };
    const written = writeReportListState(state);
    expect(written.toString()).toBe(
      'tab=historic&page=3&size=100&from=2026-11-01&to=2026-11-22&type=5&author=2',
    );
    expect(readReportListState(written)).toEqual(state);
  });

  it('ignores what a hand-edited address gets wrong', () => {
    const state = readReportListState(
      new URLSearchParams('tab=other&page=-2&size=33&from=2026-02-30&to=yesterday&type=x&author=0'),
    );
    expect(state).toEqual({
      kind: 'report',
      query: { page: 1, pageSize: 25, filters: EMPTY_REPORT_FILTERS },
    });
  });

  it('puts a backwards date range the right way round', () => {
    const { filters } = readReportListState(new URLSearchParams('from=2026-11-22&to=2026-11-01')).query;
    expect(filters).toMatchObject({ dateFrom: '2026-11-01', dateTo: '2026-11-22' });
  });

  it('counts a date range as one filter', () => {
    expect(countActiveReportFilters(EMPTY_REPORT_FILTERS)).toBe(0);
    expect(
      countActiveReportFilters({ dateFrom: '2026-11-01', dateTo: '2026-11-02', type: 1, author: null }),
    ).toBe(2);
  });
});

describe('report list query parameters', () => {
  it('leave empty filters out and pass the domain schema of the endpoint', () => {
    const params = reportListParams({ page: 2, pageSize: 50, filters: EMPTY_REPORT_FILTERS });
    expect(Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined))).toEqual({
      page: 2,
      page_size: 50,
    });
  });

  it('send days, type and author as the server reads them', () => {
    const params = reportListParams({
      page: 1,
      pageSize: 25,
      filters: { dateFrom: '2026-11-01', dateTo: '2026-11-22', type: 7, author: 3 },
    });
    const query = Object.fromEntries(
      Object.entries(params).map(([key, value]) => [key, value === undefined ? undefined : String(value)]),
    );
    expect(ReportListQuery.parse(query)).toEqual({
      page: 1,
      page_size: 25,
      date_from: '2026-11-01',
      date_to: '2026-11-22',
      type: 7,
      author: 3,
    });
  });
});
