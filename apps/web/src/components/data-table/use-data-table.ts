import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Table,
  type TableOptions,
} from '@tanstack/react-table';

/**
 * The TanStack table of a list shown with DataTable: the core row model, rows keyed by `getRowId`,
 * and no automatic reset when the data changes. Pages often build their rows on each render (a
 * filtered or sorted list); with TanStack's automatic page-index reset every new array queues a
 * state change, whose render builds a new array again: the page re-renders without end and hangs.
 */
export function useDataTable<T>(
  options: { data: T[]; columns: ColumnDef<T>[]; getRowId: (row: T) => string } & Partial<TableOptions<T>>,
): Table<T> {
  return useReactTable<T>({ getCoreRowModel: getCoreRowModel(), autoResetAll: false, ...options });
}
