import { describe, expect, it } from 'vitest';
import type { Paged } from '@heliotrack/domain/pagination';
import type { Report } from '@heliotrack/domain/reports';
import { withoutReport } from './delete-report';
import { replaceInLists } from './get-report';

function report(id: number, patch: Partial<Report> = {}): Report {
  return {
    id,
    plant: 1,
    kind: 'report',
    element_type: null,
    language: 'es',
    status: 'done',
    progress: 100,
    author: { id: 1, name: 'Ana Administradora' },
    created_at: '2026-11-22T10:00:00.000Z',
    finished_at: '2026-11-22T10:00:05.000Z',
    error: null,
    element_count: 1200,
    ...patch,
  };
}

const page: Paged<Report> = {
  count: 30,
  next: 'next',
  previous: null,
  results: [report(1), report(2), report(3)],
};

describe('report lists in the cache', () => {
  it('drop a deleted report and lower the count by one', () => {
    const next = withoutReport(page, 2);
    expect(next?.results.map((item) => item.id)).toEqual([1, 3]);
    expect(next?.count).toBe(29);
  });

  it('stay as they are when the deleted report is on another page', () => {
    expect(withoutReport(page, 99)).toBe(page);
    expect(withoutReport(undefined, 2)).toBeUndefined();
  });

  it('take the polled progress of a report they show', () => {
    const running = { ...page, results: [report(1), report(2, { status: 'running', progress: 10 })] };
    const next = replaceInLists(running, report(2, { status: 'running', progress: 70 }));
    expect(next?.results[1]).toMatchObject({ status: 'running', progress: 70 });
    expect(next?.results[0]).toBe(running.results[0]);
    expect(replaceInLists(running, report(99))).toBe(running);
  });
});
