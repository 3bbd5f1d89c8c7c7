import { act, cleanup, screen } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function PlainThings({ data }: { data: Thing[] }) {
  const table = useDataTable({ data, columns: NAME, getRowId: (thing) => String(thing.id) });
  return <DataTable table={table} aria-label="Cosas" empty="Ninguna" />;
}

/** jsdom lays nothing out: the table's frame as a phone would draw it, narrower than the table. */
function onNarrowScreen() {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(720);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
}

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

  it('lets the keyboard scroll a table wider than the screen whose rows have nothing to focus', () => {
    onNarrowScreen();
    renderWithProviders(<PlainThings data={things(3)} />);
    const frame = screen.getByRole('region', { name: 'Cosas' });
    expect(frame.tabIndex).toBe(0);
    expect(frame.contains(screen.getByRole('table', { name: 'Cosas' }))).toBe(true);
    cleanup();
    // Empty: the header alone is as wide.
    renderWithProviders(<PlainThings data={[]} />);
    expect(screen.getByRole('region', { name: 'Cosas' }).tabIndex).toBe(0);
  });

  it('keeps the frame out of the tab order when it fits, or when its rows have buttons to reach', () => {
    renderWithProviders(<PlainThings data={things(3)} />);
    expect(screen.queryByRole('region')).toBeNull();
    cleanup();
    onNarrowScreen();
    renderWithProviders(<Things data={things(3)} />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
