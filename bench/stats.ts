/** Timings of one figure: the API through app.inject, and the bare driver doing the same reads or writes. */
export interface Figure {
  database: string;
  name: string;
  /** Budget of DESIGN section 9, in ms, with the statistic it bounds. */
  budget?: { ms: number; of: 'median' | 'p95' | 'max' };
  api: number[];
  raw: number[];
  /** PostGIS doing the same work (PostgreSQL with the extension only), timed beside the API. */
  postgis?: number[];
  note?: string;
}

/** Nearest-rank percentile of a sample, in ms. */
export function percentile(sample: number[], p: number): number {
  if (sample.length === 0) return NaN;
  const sorted = [...sample].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export const median = (sample: number[]) => percentile(sample, 50);

export async function time<T>(task: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await task();
  return { ms: performance.now() - started, value };
}

const fmt = (ms: number) => (Number.isNaN(ms) ? '—' : ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

/** The table printed at the end: one row per figure. */
export function formatTable(figures: Figure[]): string {
  const header = ['database', 'figure', 'n', 'median ms', 'p95 ms', 'raw median', 'raw p95', '× raw (median)', 'PostGIS median', 'PostGIS p95', '× PostGIS', 'budget', ''];
  const rows = figures.map((f) => {
    const stat = f.budget ? (f.budget.of === 'median' ? median(f.api) : f.budget.of === 'p95' ? percentile(f.api, 95) : Math.max(...f.api)) : NaN;
    // The README's pass mark: strictly under the budget.
    const verdict = f.budget ? (stat < f.budget.ms ? 'within' : 'OVER') : '';
    return [
      f.database,
      f.name,
      String(f.api.length),
      fmt(median(f.api)),
      fmt(percentile(f.api, 95)),
      fmt(median(f.raw)),
      fmt(percentile(f.raw, 95)),
      f.raw.length ? (median(f.api) / median(f.raw)).toFixed(1) : '—',
      f.postgis?.length ? fmt(median(f.postgis)) : '—',
      f.postgis?.length ? fmt(percentile(f.postgis, 95)) : '—',
      f.postgis?.length ? (median(f.api) / median(f.postgis)).toFixed(1) : '—',
      f.budget ? `${f.budget.of} < ${f.budget.ms}` : '',
      verdict,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  const notes = figures.filter((f) => f.note).map((f) => `  ${f.database} · ${f.name}: ${f.note}`);
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ...(notes.length ? ['', ...notes] : [])].join('\n');
}
