import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ElementType } from '@heliotrack/domain/catalogues';
import type { LayoutFileInspection } from '@heliotrack/domain/layout-import';
import { changeLanguage } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { hasMappedLayer, initialMapping, type LayerMapping, LayoutMappingStep } from './layout-mapping-step';

const type = (id: number, code: string, name: string): ElementType => ({
  id,
  code,
  name,
  ctr_dependent: false,
  trench_dependent: false,
  measurement_unit_name: '',
  measurement_unit_value: 0,
  original_element_type: code,
  path: null,
});
const TYPES = [
  type(1, 'TRA', 'Trackers'),
  type(2, 'HIN', 'Hincas'),
  type(3, 'CTR', 'Centros de transformación'),
];

/** As the server answers a DXF in UTM whose TRACKERS layer the organisation mapped before. */
const INSPECTION: LayoutFileInspection = {
  format: 'dxf',
  detected_epsg: 25830,
  epsg_choices: [4326, 25829, 25830, 32630],
  layers: [
    {
      name: 'TRACKERS',
      count: 2,
      geometry_types: ['LineString'],
      attributes: ['handle'],
      element_type: 'TRA',
      code_source: 'text:CODES',
    },
    {
      name: 'PILES',
      count: 3,
      geometry_types: ['Point'],
      attributes: ['block', 'handle'],
      element_type: null,
      code_source: 'attribute:handle',
    },
  ],
  text_layers: [{ name: 'CODES', count: 2 }],
};

let last: { mapping: LayerMapping; epsg: number | null } | null = null;

function Step({ inspection = INSPECTION }: { inspection?: LayoutFileInspection }) {
  const [mapping, setMapping] = useState(() => initialMapping(inspection));
  const [epsg, setEpsg] = useState<number | null>(inspection.detected_epsg);
  last = { mapping, epsg };
  return (
    <LayoutMappingStep
      inspection={inspection}
      elementTypes={TYPES}
      mapping={mapping}
      onMappingChange={setMapping}
      epsg={epsg}
      onEpsgChange={setEpsg}
    />
  );
}

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

beforeEach(() => {
  changeLanguage('es');
  last = null;
});
afterEach(cleanup);

describe('the layout wizard mapping step', () => {
  it('lists each layer with its count and geometry types, prefilled with the remembered choices', () => {
    renderWithProviders(<Step />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('TRACKERS2LineString'),
      expect.stringContaining('PILES3Point'),
    ]);
    expect(select('Tipo de elemento de TRACKERS').value).toBe('TRA');
    expect(select('Código de TRACKERS').value).toBe('text:CODES');
    expect(select('Tipo de elemento de PILES').value).toBe('');
    // A layer not imported has no code to choose.
    expect(select('Código de PILES').disabled).toBe(true);
    expect(select('Sistema de coordenadas').value).toBe('25830');
    expect(screen.getByText('Detectado en el archivo: ETRS89 / UTM huso 30N (EPSG:25830)')).toBeTruthy();
  });

  it('maps a layer to a type with a code attribute, and leaves another out', () => {
    renderWithProviders(<Step />);
    fireEvent.change(select('Tipo de elemento de PILES'), { target: { value: 'HIN' } });
    expect(select('Código de PILES').disabled).toBe(false);
    const codeOptions = [...select('Código de PILES').options].map((option) => option.textContent);
    expect(codeOptions).toEqual(['Atributo block', 'Atributo handle', 'Texto de la capa CODES (2)']);
    fireEvent.change(select('Código de PILES'), { target: { value: 'attribute:block' } });
    fireEvent.change(select('Tipo de elemento de TRACKERS'), { target: { value: '' } });
    expect(last?.mapping).toEqual({
      TRACKERS: { element_type: null, code_source: 'text:CODES' },
      PILES: { element_type: 'HIN', code_source: 'attribute:block' },
    });
    expect(hasMappedLayer(last!.mapping)).toBe(true);
  });

  it('says that a layer must be mapped when none is, and asks for the system when none was detected', () => {
    renderWithProviders(
      <Step
        inspection={{
          ...INSPECTION,
          detected_epsg: null,
          layers: INSPECTION.layers.map((layer) => ({ ...layer, element_type: null })),
        }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Elige un tipo de elemento para al menos una capa.');
    expect(screen.getByText('No se ha podido detectar: elígelo.')).toBeTruthy();
    expect(last?.epsg).toBeNull();
    fireEvent.change(select('Sistema de coordenadas'), { target: { value: '32630' } });
    expect(last?.epsg).toBe(32630);
    expect(select('Sistema de coordenadas').selectedOptions[0].textContent).toBe(
      'WGS 84 / UTM huso 30N (EPSG:32630)',
    );
  });

  it('keeps the focus on a select while its layer is mapped', () => {
    renderWithProviders(<Step />);
    const piles = select('Tipo de elemento de PILES');
    piles.focus();
    fireEvent.change(piles, { target: { value: 'HIN' } });
    // The same element, not a new one: the keyboard stays where the user was.
    expect(select('Tipo de elemento de PILES')).toBe(piles);
    expect(document.activeElement).toBe(piles);
    expect(last?.mapping.PILES.element_type).toBe('HIN');
  });

  it('lists the layers in a table named after the step, and says when the file has none', () => {
    renderWithProviders(<Step inspection={{ ...INSPECTION, layers: [] }} />);
    const table = screen.getByRole('table', { name: 'Capas' });
    expect(table.textContent).toContain('El archivo no tiene puntos, líneas ni polígonos que importar.');
  });

  it('speaks English and calls KML folders folders', () => {
    changeLanguage('en');
    renderWithProviders(<Step inspection={{ ...INSPECTION, format: 'kml', detected_epsg: 4326 }} />);
    expect(screen.getByRole('columnheader', { name: 'Folder' })).toBeTruthy();
    expect(select('Element type of TRACKERS').value).toBe('TRA');
    expect(select('Coordinate system').selectedOptions[0].textContent).toBe(
      'WGS 84 (longitude and latitude)',
    );
  });
});
