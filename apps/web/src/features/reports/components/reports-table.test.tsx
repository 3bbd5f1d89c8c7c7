import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@heliotrack/domain/auth';
import type { Report } from '@heliotrack/domain/reports';
import { renderWithProviders } from '../../../test/render';
import { ReportsTable } from './reports-table';

/*
 * Issue 31: a report is deleted by its author or an administrator, a historic (daily) report by
 * administrators only. The server refuses the others with 403; the table does not offer them the
 * action.
 */

const client = { id: 1, name: 'Demo Solar' };
function user(id: number, role: string): UserProfile {
  return {
    id,
    email: `u${id}@heliotrack.demo`,
    name: `Usuario ${id}`,
    is_active: true,
    language: 'es',
    roles: [{ id, code: role, name: role }],
    client,
  } as UserProfile;
}
const ADMIN = user(1, 'AD');
const TECHNICIAN = user(7, 'TC');
const VIEWER = user(9, 'VI');

function report(id: number, kind: Report['kind'], author: number | null, minute: number): Report {
  return {
    id,
    plant: 3,
    kind,
    element_type: null,
    language: 'es',
    status: 'done',
    progress: 100,
    author: author === null ? null : { id: author, name: `Usuario ${author}` },
    created_at: `2026-11-22T09:${String(minute).padStart(2, '0')}:00Z`,
    finished_at: `2026-11-22T09:${String(minute).padStart(2, '0')}:30Z`,
    error: null,
    element_count: 10,
  };
}

const REPORTS = [report(1, 'report', TECHNICIAN.id, 1), report(2, 'report', ADMIN.id, 2)];
// A historic report asked for by the technician, and a scheduled one (no author).
const HISTORIC = [report(3, 'historic', TECHNICIAN.id, 3), report(4, 'historic', null, 4)];

/** The rows' delete buttons, by row, as "author: offered or not". */
function deleteOffers(reports: Report[], signedIn: UserProfile | undefined) {
  renderWithProviders(
    <ReportsTable
      reports={reports}
      isLoading={false}
      elementTypes={new Map()}
      label="Informes"
      empty="Ninguno"
      busy={{}}
      onDownload={() => {}}
      onDelete={() => {}}
      user={signedIn}
      height={600}
      scrollResetKey={0}
    />,
  );
  const rows = screen.getAllByRole('row').slice(1);
  // Every row renders (the download buttons are there), so a missing delete button means "not offered".
  expect(rows).toHaveLength(reports.length);
  const offers = rows.map((row) => {
    expect(within(row).getAllByRole('button', { name: /^Descargar/ })).toHaveLength(2);
    const author = reports[rows.indexOf(row)].author?.name ?? 'automático';
    const offered = within(row).queryAllByRole('button', { name: /^Eliminar el informe del / }).length;
    return `${author}: ${offered ? 'eliminar' : '-'}`;
  });
  cleanup();
  return offers;
}

describe('the reports table offers deletion to whom the server allows it (issue 31)', () => {
  beforeAll(() => {
    // jsdom lays nothing out: the virtualised table needs its viewport's height to render rows.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  });
  afterAll(() => vi.restoreAllMocks());
  afterEach(cleanup);

  it('reports: their author and administrators', () => {
    expect(deleteOffers(REPORTS, ADMIN)).toEqual(['Usuario 7: eliminar', 'Usuario 1: eliminar']);
    expect(deleteOffers(REPORTS, TECHNICIAN)).toEqual(['Usuario 7: eliminar', 'Usuario 1: -']);
    expect(deleteOffers(REPORTS, VIEWER)).toEqual(['Usuario 7: -', 'Usuario 1: -']);
  });

  it('historic reports: administrators only, even for the user who asked for one', () => {
    expect(deleteOffers(HISTORIC, ADMIN)).toEqual(['Usuario 7: eliminar', 'automático: eliminar']);
    expect(deleteOffers(HISTORIC, TECHNICIAN)).toEqual(['Usuario 7: -', 'automático: -']);
  });

  it('nobody signed in (the profile not loaded yet): no delete action', () => {
    expect(deleteOffers(REPORTS, undefined)).toEqual(['Usuario 7: -', 'Usuario 1: -']);
  });
});
