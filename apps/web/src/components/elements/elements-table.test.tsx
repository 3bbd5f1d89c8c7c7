import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Element } from '@heliotrack/domain/elements';
import { emulateMedia, renderWithProviders } from '../../test/render';
import { PHONE_QUERY, TOUCH_QUERY } from '../../lib/field-layout';
import { ElementsTable } from './elements-table';

function renderTable() {
  renderWithProviders(
    <ElementsTable<Element>
      elements={[]}
      isLoading={false}
      states={new Map()}
      contractors={new Map()}
      sorting={[]}
      onSortingChange={() => {}}
      selectedIds={new Set()}
      onSelectionChange={() => {}}
      onOpen={() => {}}
      onChangeState={() => {}}
      height={400}
      scrollResetKey={0}
      typeName="Hincas"
    />,
  );
  return screen.getAllByRole('columnheader').map((header) => header.textContent?.trim() ?? '');
}

describe('the elements table in the field (issue 22)', () => {
  afterEach(cleanup);

  it('shows the field’s columns on a phone, the serial number under the code', () => {
    emulateMedia([PHONE_QUERY, TOUCH_QUERY]);
    expect(renderTable().filter(Boolean)).toEqual(['Código y n.º de serie', 'Estado', 'Acciones']);
    // The page's checkbox sits in a 44 px tap area.
    const pageBox = screen.getByRole('checkbox', { name: 'Seleccionar los elementos de esta página' });
    expect(pageBox.closest('label[data-touch-target]')).not.toBeNull();
  });

  it('keeps every column at a desk, with bare checkboxes', () => {
    emulateMedia([]);
    expect(renderTable().filter(Boolean)).toEqual([
      'Código',
      'Estado',
      'Número de serie',
      'Contratista',
      'Actualizado',
      'Descripción',
      'Acciones',
    ]);
    const pageBox = screen.getByRole('checkbox', { name: 'Seleccionar los elementos de esta página' });
    expect(pageBox.closest('label[data-touch-target]')).toBeNull();
  });
});
