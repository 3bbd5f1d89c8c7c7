import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageryLayer } from '@heliotrack/domain/imagery';
import { changeLanguage } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { chosenOrthophoto, orthophotoTileUrl } from './orthophoto';
import { OrthophotoControl } from './orthophoto-control';
import { useOrthophoto } from './use-orthophoto';

function layer(id: number, name: string, capturedOn: string | null, isDefault = false): ImageryLayer {
  return {
    id,
    name,
    captured_on: capturedOn,
    format: 'pmtiles',
    status: 'ready',
    size: 1000,
    received: 1000,
    tile_type: 'png',
    min_zoom: 12,
    max_zoom: 18,
    bounds: [-5.71, 37.29, -5.69, 37.31],
    is_default: isDefault,
    tiles_url: `/api/plants/4/imagery/${id}/{z}/{x}/{y}`,
    version: `v${id}`,
  };
}

const NEW = layer(2, 'Vuelo dron', '2026-11-20', true);
const OLD = layer(1, 'Vuelo inicial', '2026-10-02');

beforeEach(() => {
  changeLanguage('es');
  localStorage.clear();
});
afterEach(cleanup);

describe('the orthophoto control', () => {
  it('offers each layer with its date and none, the drawn one checked; choosing none says null', async () => {
    const onSelect = vi.fn();
    renderWithProviders(
      <OrthophotoControl
        layers={[NEW, OLD]}
        selectedId={2}
        opacity={1}
        onSelect={onSelect}
        onOpacityChange={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ortofoto' }));
    const drawn = await screen.findByRole('radio', { name: 'Vuelo dron · 20/11/2026' });
    expect((drawn as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole('radio', { name: 'Vuelo inicial · 02/10/2026' }) as HTMLInputElement).checked,
    ).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'Ninguna' }));
    expect(onSelect).toHaveBeenCalledWith(null);
    fireEvent.click(screen.getByRole('radio', { name: 'Vuelo inicial · 02/10/2026' }));
    expect(onSelect).toHaveBeenLastCalledWith(1);
  });

  it('changes the opacity with the keyboard, in steps of 5 %', async () => {
    const onOpacityChange = vi.fn();
    renderWithProviders(
      <OrthophotoControl
        layers={[NEW]}
        selectedId={2}
        opacity={0.5}
        onSelect={() => {}}
        onOpacityChange={onOpacityChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ortofoto' }));
    const slider = await screen.findByRole('slider', { name: 'Opacidad' });
    expect(slider.getAttribute('aria-valuenow')).toBe('50');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(onOpacityChange).toHaveBeenCalledWith(0.55);
  });

  it('speaks English when the user does', async () => {
    changeLanguage('en');
    renderWithProviders(
      <OrthophotoControl
        layers={[NEW]}
        selectedId={null}
        opacity={1}
        onSelect={() => {}}
        onOpacityChange={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Orthophoto' }));
    expect(((await screen.findByRole('radio', { name: 'None' })) as HTMLInputElement).checked).toBe(true);
  });
});

function MapOfPlant({ plantId, layers }: { plantId: number; layers: ImageryLayer[] }) {
  const photo = useOrthophoto(plantId, layers);
  return (
    <>
      <output aria-label="drawn">
        {photo.view ? `${photo.view.layerId}@${photo.view.opacity}` : 'none'}
      </output>
      <OrthophotoControl
        layers={photo.layers}
        selectedId={photo.selectedId}
        opacity={photo.opacity}
        onSelect={photo.select}
        onOpacityChange={photo.setOpacity}
      />
    </>
  );
}

describe('the orthophoto of a plant map', () => {
  it('starts on the default layer and remembers the choice per plant', async () => {
    const first = renderWithProviders(<MapOfPlant plantId={4} layers={[NEW, OLD]} />);
    expect(screen.getByLabelText('drawn').textContent).toBe('2@1');
    fireEvent.click(screen.getByRole('button', { name: 'Ortofoto' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Vuelo inicial · 02/10/2026' }));
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Opacidad' }), { key: 'ArrowLeft' });
    expect(screen.getByLabelText('drawn').textContent).toBe('1@0.95');
    first.unmount();

    // The same plant opened again: the same layer and opacity. Another plant: its own default.
    renderWithProviders(<MapOfPlant plantId={4} layers={[NEW, OLD]} />);
    expect(screen.getByLabelText('drawn').textContent).toBe('1@0.95');
    cleanup();
    renderWithProviders(<MapOfPlant plantId={5} layers={[NEW, OLD]} />);
    expect(screen.getByLabelText('drawn').textContent).toBe('2@1');
  });

  it('keeps "none" once chosen, and falls back to the default when the chosen layer is gone', () => {
    expect(chosenOrthophoto([NEW, OLD], { layerId: null })).toBeNull();
    expect(chosenOrthophoto([NEW, OLD], { layerId: 99 })?.id).toBe(2);
    expect(chosenOrthophoto([NEW, { ...OLD, status: 'uploading' }], { layerId: 1 })?.id).toBe(2);
    expect(chosenOrthophoto([], {})).toBeNull();
  });

  it('asks the tiles at the API with the archive version and the {z}/{x}/{y} placeholders intact', () => {
    act(() => {});
    expect(orthophotoTileUrl(NEW)).toBe(`${window.location.origin}/api/plants/4/imagery/2/{z}/{x}/{y}?v=v2`);
  });
});
