import { act, cleanup, screen } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render';
import { DataTable } from './data-table';
import { useDataTable } from './use-data-table';

interface Thing {
  id: number;
  name: string;
}
const things = (count: number): Thing[] => Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Cosa ${index + 1}` }));

const NAME: ColumnDef<Thing>[] = [{ id: 'name', header: 'Nombre', cell: ({ row }) => row.original.name }];

function Things({ data, height, version = 0 }: { data: Thing[]; height?: number; version?: number }) {
  // Rebuilt on every render, as the pages do.
  const columns: ColumnDef<Thing>[] = [
    { id: 'name', header: 'Nombre', cell: ({ row }) => row.original.name },
    { id: 'action', header: `Acción ${version}`, cell: ({ row }) => <button type="button">Abrir {row.original.name}</button> },
  ];
  const table = useDataTable({ data, columns, getRowId: (thing) => String(thing.id) });
  return <DataTable table={table} height={height} aria-label="Cosas" empty="Ninguna" />;
}

afterEach(cleanup);

describe('DataTable', () => {
  it('renders only the rows in view when given a height, and every row without one', () => {
    renderWithProviders(<Things data={things(60)} height={400} />);
    // jsdom has no layout: the virtualiser renders its overscan only.
    expect(screen.getAllByRole('row').length - 1).toBeLessThan(60);
    cleanup();
    renderWithProviders(<Things data={things(60)} />);
    expect(screen.getAllByRole('row')).toHaveLength(61);
    expect(screen.getByRole('button', { name: 'Abrir Cosa 60' })).toBeTruthy();
  });

  it('keeps a row’s controls (the same DOM nodes) when the page re-renders with new columns', () => {
    let bump = () => {};
    function Page() {
      const [version, setVersion] = useState(0);
      bump = () => setVersion((v) => v + 1);
      return <Things data={DATA} version={version} />;
    }
    const DATA = things(3);
    renderWithProviders(<Page />);
    const button = screen.getByRole('button', { name: 'Abrir Cosa 2' });
    act(() => bump());
    expect(screen.getByRole('columnheader', { name: 'Acción 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abrir Cosa 2' })).toBe(button);
  });

  it('renders a page that builds its rows anew on each render a bounded number of times', async () => {
    let renders = 0;
    function Filtered() {
      renders += 1;
      const [shown, setShown] = useState(2);
      // A new array on every render of the component that holds the table, as a page filtering its list does.
      const table = useDataTable({ data: things(5).slice(0, shown), columns: NAME, getRowId: (thing) => String(thing.id) });
      return (
        <>
          <button type="button" onClick={() => setShown(3)}>
            Más
          </button>
          <DataTable table={table} aria-label="Cosas" />
        </>
      );
    }
    renderWithProviders(<Filtered />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    act(() => screen.getByRole('button', { name: 'Más' }).click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(renders).toBeLessThan(10);
  });

  it('shows the empty text when there are no rows', () => {
    renderWithProviders(<Things data={[]} />);
    expect(screen.getByText('Ninguna')).toBeTruthy();
  });
});
