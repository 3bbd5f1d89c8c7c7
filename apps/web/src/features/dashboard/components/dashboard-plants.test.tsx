import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '@heliotrack/domain/dashboard';
import { renderWithProviders } from '../../../test/render';
import { tableText } from '../../../test/page';
import { DashboardPlants } from './dashboard-plants';

type Plant = Dashboard['plants'][number];
const noAnomalies = { anomaly_count: 0 } as Plant['anomalies'];
function plant(id: number, name: string, extra: Partial<Plant>): Plant {
  return {
    id,
    code: `P-${id}`,
    name,
    power: 1,
    latitude: null,
    longitude: null,
    element_count: 0,
    centre: null,
    ok_by_type: [],
    anomalies: noAnomalies,
    unresolved_sync_reviews: 0,
    ...extra,
  };
}

function renderPlants(dashboard: Dashboard | undefined) {
  renderWithProviders(
    <MemoryRouter>
      <DashboardPlants dashboard={dashboard} />
    </MemoryRouter>,
  );
  return screen.getByRole('table', { name: 'Tus plantas' });
}

afterEach(cleanup);

describe("the dashboard's plants", () => {
  it('lists the plants by name, each a link to its elements, with power, elements and progress', () => {
    const plants = [
      plant(2, 'Écija II', { element_count: 1200, ok_by_type: [{ element_type: 1, code: 'HIN', name: 'Hincas', total: 4, ok: 1, ok_share: 0.25 }] }),
      plant(1, 'Carmona I', { element_count: 30, unresolved_sync_reviews: 2 }),
    ];
    const table = renderPlants({ plants } as Dashboard);
    const rows = tableText(table);
    expect(rows[0]).toEqual(['Nombre', 'Potencia', 'Elementos', 'Avance']);
    expect(rows.slice(1).map((row) => row[2])).toEqual(['30', '1.200']);
    expect(rows[2][3].replace(/\s/g, ' ')).toBe('25 %');
    expect(within(table).getByRole('link', { name: 'Ver los elementos de Carmona I' }).getAttribute('href')).toBe('/plants/1/elements');
    expect(rows[1][0]).toContain('Sin ubicación');
  });

  it('shows skeleton rows until the dashboard loads', () => {
    const table = renderPlants(undefined);
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
    expect(within(table).queryByRole('link')).toBeNull();
  });
});
