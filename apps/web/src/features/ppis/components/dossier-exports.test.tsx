import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PpiExport } from '@heliotrack/domain/ppi-results';
import { formatDateTime } from '../../../lib/format';
import { cleanupPage, renderPage, serveApi, signInAs, tableText } from '../../../test/page';
import { DossierExports } from './dossier-exports';

function dossier(id: number, status: PpiExport['status'], progress: number): PpiExport {
  const done = status === 'done';
  return {
    id,
    ppi: 1,
    language: 'es',
    status,
    progress,
    author: { id: 1, name: 'Ana' },
    created_at: '2026-11-24T09:00:00Z',
    finished_at: done ? '2026-11-24T09:01:00Z' : null,
    error: null,
    result_count: done ? 6 : null,
    pdf_url: done ? `/api/ppis/1/ppi-exports/${id}/pdf` : null,
    xlsx_url: done ? `/api/ppis/1/ppi-exports/${id}/xlsx` : null,
  };
}

function Dossiers() {
  return <DossierExports ppi={{ id: 1, code: 'PPI-HIN-01' }} />;
}

afterEach(cleanupPage);

describe("a plan's dossiers", () => {
  it('lists each export with its progress or its files, and deletes one', async () => {
    signInAs('AD');
    const exports = [dossier(5, 'done', 100), dossier(4, 'running', 40)];
    const fetchMock = serveApi(({ method, path }) => {
      if (method === 'GET' && path === 'ppis/1/ppi-exports/') return exports;
      if (method === 'DELETE' && path === 'ppis/1/ppi-exports/5/') return new Response(null, { status: 204 });
    });
    renderPage(Dossiers, 'ppis/:ppiId/ppi-results-summary', '/ppis/1/ppi-results-summary');
    const table = await screen.findByRole('table', { name: 'Dosier de inspección' });
    await waitFor(() => expect(tableText(table)).toHaveLength(3));
    const created = formatDateTime('2026-11-24T09:00:00Z');
    expect(tableText(table)).toEqual([
      ['Exportado', 'Estado', 'Acciones'],
      [created, 'Listo · 6 resultados', ''],
      [created, 'Generando… 40 %', ''],
    ]);
    const [, finished, running] = within(table).getAllByRole('row');
    expect(within(finished).getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
    expect(within(finished).getByRole('button', { name: 'Descargar xlsx' })).toBeTruthy();
    expect(within(running).queryByRole('button', { name: 'Descargar PDF' })).toBeNull();
    expect(within(running).getByRole('progressbar', { name: 'Progreso del dosier' })).toBeTruthy();

    fireEvent.click(within(finished).getByRole('button', { name: 'Eliminar dosier' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url).endsWith('ppis/1/ppi-exports/5/'))).toBe(true),
    );
  });

  it('says so when none has been exported yet', async () => {
    signInAs('AD');
    serveApi(({ path }) => (path === 'ppis/1/ppi-exports/' ? [] : undefined));
    renderPage(Dossiers, 'ppis/:ppiId/ppi-results-summary', '/ppis/1/ppi-results-summary');
    const table = await screen.findByRole('table', { name: 'Dosier de inspección' });
    await waitFor(() => expect(tableText(table)[1]).toEqual(['Aún no se ha exportado ningún dosier.']));
    expect(screen.getByRole('button', { name: 'Exportar dosier' })).toBeTruthy();
  });
});
