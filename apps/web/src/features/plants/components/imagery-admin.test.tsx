import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImageryLayer } from '@heliotrack/domain/imagery';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { ImageryAdmin } from './imagery-admin';

function layer(id: number, name: string, extra: Partial<ImageryLayer>): ImageryLayer {
  return {
    id,
    name,
    captured_on: null,
    format: 'pmtiles',
    status: 'ready',
    size: 2 * 1024 * 1024,
    received: 2 * 1024 * 1024,
    tile_type: 'png',
    min_zoom: 12,
    max_zoom: 16,
    bounds: null,
    is_default: false,
    tiles_url: null,
    version: null,
    ...extra,
  };
}
let layers: ImageryLayer[];
let requests: string[];

beforeEach(() => {
  signInAs('AD');
  layers = [
    layer(1, 'Vuelo dron', { captured_on: '2026-11-20', is_default: true }),
    layer(2, 'Vuelo octubre', {}),
    layer(3, 'roto', { status: 'uploading', received: 1024 * 1024, min_zoom: null, max_zoom: null }),
  ];
  requests = [];
  serveApi(({ method, path }) => {
    requests.push(`${method} ${path}`);
    if (path === 'plants/3/imagery/') return layers;
    if (path === 'plants/3/imagery/2/' && method === 'PATCH') return { ...layers[1], is_default: true };
  });
});
afterEach(cleanupPage);

const renderAdmin = () => renderPage(() => <ImageryAdmin plantId={3} />, '*', '/');

describe("a plant's orthophotos", () => {
  it('lists the layers with their date, size, zooms and state', async () => {
    renderAdmin();
    const table = await screen.findByRole('table', { name: 'Ortofotos' });
    await waitFor(() => expect(tableText(table)).toHaveLength(4));
    expect(tableText(table).map((row) => row.slice(0, 5))).toEqual([
      ['Nombre', 'Fecha del vuelo', 'Tamaño', 'Zoom', 'Estado'],
      ['Vuelo dron', '20/11/2026', expect.stringMatching(/^2(,0)? MB$/), '12–16', 'Predeterminada'],
      ['Vuelo octubre', '—', expect.any(String), '12–16', 'Lista'],
      ['roto', '—', expect.any(String), '—', expect.stringMatching(/^Subida incompleta \(50\s%\)$/)],
    ]);
    const [, first, second, third] = within(table).getAllByRole('row');
    // The default layer cannot be made default again; an incomplete one can be resumed.
    expect(within(first).queryByRole('button', { name: 'Marcar Vuelo dron como predeterminada' })).toBeNull();
    expect(within(second).getByRole('button', { name: 'Eliminar Vuelo octubre' })).toBeTruthy();
    expect(within(third).getByRole('button', { name: 'Reanudar la subida de roto' })).toBeTruthy();
  });

  it('makes a layer the default', async () => {
    renderAdmin();
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar Vuelo octubre como predeterminada' }));
    await waitFor(() => expect(requests).toContain('PATCH plants/3/imagery/2/'));
  });

  it('says when the plant has no orthophotos', async () => {
    layers = [];
    renderAdmin();
    const table = await screen.findByRole('table', { name: 'Ortofotos' });
    expect(await within(table).findByText('La planta no tiene ortofotos.')).toBeTruthy();
  });
});
