import { useCallback, useState } from 'react';
import { readFilters, writeFilters, type DashboardFilters } from '../lib/filters';

/** The dashboard's filters, read from session storage once and written back on every change. */
export function useDashboardFilters() {
  const [filters, setFilters] = useState<DashboardFilters>(() => readFilters());
  const update = useCallback((change: (current: DashboardFilters) => DashboardFilters) => {
    setFilters((current) => {
      const next = change(current);
      writeFilters(next);
      return next;
    });
  }, []);
  return [filters, update] as const;
}
