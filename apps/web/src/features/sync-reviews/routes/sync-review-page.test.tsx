import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@heliotrack/domain/constants';
import type { SyncReview } from '@heliotrack/domain/sync-reviews';
import { closeAllDialogs } from '../../../lib/dialogs';
import { changeLanguage } from '../../../lib/i18n';
import '../../../test/render';
import { renderPage as renderRoutedPage } from '../../../test/page';
import { SyncReviewPage } from './sync-review-page';

vi.mock('../../../components/notifications/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

const PLANT = 4;
const ana = { id: 1, name: 'Ana Administradora' };
const tomas = { id: 2, name: 'Tomás Técnico' };
const mounted = { id: 11, code: 'MONT', name: 'Montado', color: '00aa00' };
const notOk = { id: 12, code: 'NOK', name: 'No OK', color: 'cc0000' };
const inspected = { id: 13, code: 'INSP', name: 'Inspeccionado', color: '0000cc' };
const modules = { id: 5, code: 'MOD', name: 'Módulos' };

function review(id: number, kind: SyncReview['kind'], extra: Partial<SyncReview> = {}): SyncReview {
  return {
    id,
    kind,
    element_type: modules,
    element_ids: [100 + id],
    elements: [{ id: 100 + id, code: `B01-T0${id}-M01` }],
    element_count: 1,
    incoming: {
      id: kind === 'refused' ? null : 500 + id,
      user: tomas,
      state: kind === 'refused' ? inspected : mounted,
      observed_at: '2026-11-20T10:00:00.000Z',
      received_at: '2026-11-20T18:00:00.000Z',
    },
    met:
      kind === 'refused'
        ? null
        : {
            id: 400 + id,
            user: ana,
            state: notOk,
            observed_at: '2026-11-20T14:00:00.000Z',
            received_at: '2026-11-20T14:00:00.000Z',
          },
    reason_code: kind === 'refused' ? 'state_not_recordable' : null,
    reason: kind === 'refused' ? 'No puede registrar el estado Inspeccionado.' : null,
    resolved_at: null,
    resolved_by: null,
    created_at: '2026-11-20T18:00:00.000Z',
    ...extra,
  };
}

/** The fake server: the plant's reviews, filtered as the API filters them; resolve marks one resolved. */
let reviews: SyncReview[];
type FetchArgs = [input: string, init: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function calls(method: string, path: string): URL[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) => (init.method ?? 'GET') === method && new URL(input, 'http://x').pathname === path,
    )
    .map(([input]) => new URL(input, 'http://x'));
}

function answer(input: string, init: RequestInit): Response {
  const url = new URL(input, 'http://x');
  const method = init.method ?? 'GET';
  if (url.pathname === '/api/user/profile/')
    return json(200, JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!));
  if (url.pathname === `/api/plants/${PLANT}/`)
    return json(200, { id: PLANT, name: 'Carmona I', code: 'CAR-01' });
  if (url.pathname === `/api/plants/${PLANT}/element-types/`)
    return json(200, [{ ...modules, path: 'modulos' }]);
  if (url.pathname === `/api/plants/${PLANT}/sync-reviews/` && method === 'GET') {
    const kind = url.searchParams.get('kind');
    const resolved = url.searchParams.get('resolved');
    const results = reviews.filter(
      (r) =>
        (!kind || r.kind === kind) &&
        (resolved === 'all' || (resolved === 'true') === (r.resolved_at !== null)),
    );
    return json(200, { count: results.length, next: null, previous: null, results });
  }
  const resolve = url.pathname.match(/^\/api\/plants\/\d+\/sync-reviews\/(\d+)\/resolve\/$/);
  if (resolve && method === 'POST') {
    const found = reviews.find((r) => r.id === Number(resolve[1]))!;
    Object.assign(found, { resolved_at: '2026-11-21T09:00:00.000Z', resolved_by: ana });
    return json(200, found);
  }
  if (url.pathname.endsWith('/state-change/') && method === 'POST')
    return json(200, {
      id: 900,
      element_count: 1,
      state: mounted.id,
      detail: 'Estado actualizado correctamente!',
      elements_version: 42,
      applied_count: 1,
      late_count: 0,
      conflict_count: 0,
    });
  return json(404, { detail: `no fake for ${method} ${url.pathname}` });
}

function signInAs(roleCode: string) {
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: 1, name: 'Ana', email: 'a@x', roles: [{ id: 1, code: roleCode, name: roleCode }] }),
  );
}

/** The page under its route, with the shared page harness (test/page.tsx). */
function renderPage(path = `/plants/${PLANT}/sync-review`) {
  return renderRoutedPage(SyncReviewPage, 'plants/:plantId/sync-review', path);
}

const card = (code: string) =>
  screen.getByRole('link', { name: `Ver ${code} en la tabla de elementos` }).closest('article')!;

beforeEach(() => {
  localStorage.clear();
  changeLanguage('es');
  signInAs('AD');
  reviews = [review(1, 'conflict'), review(2, 'late'), review(3, 'refused')];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => answer(input, init));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  act(() => closeAllDialogs());
  vi.unstubAllGlobals();
});

describe('the sync review page (issue 38)', () => {
  it('asks for the unresolved reviews and shows each incoming change beside the change it met', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Ver B01-T01-M01 en la tabla de elementos' });
    expect(calls('GET', `/api/plants/${PLANT}/sync-reviews/`)[0].searchParams.get('resolved')).toBe('false');

    const conflict = within(card('B01-T01-M01'));
    expect(conflict.getByText('Conflicto')).toBeTruthy();
    const incoming = within(conflict.getByRole('region', { name: 'Cambio recibido' }));
    const met = within(conflict.getByRole('region', { name: 'Cambio que encontró' }));
    expect(incoming.getByText('Tomás Técnico')).toBeTruthy();
    expect(incoming.getByText('Montado')).toBeTruthy();
    expect(met.getByText('Ana Administradora')).toBeTruthy();
    expect(met.getByText('No OK')).toBeTruthy();

    // A late arrival shows its pair too; a refusal shows the server's reason instead.
    expect(within(card('B01-T02-M01')).getByText('Llegó tarde')).toBeTruthy();
    expect(within(card('B01-T02-M01')).getByRole('region', { name: 'Cambio que encontró' })).toBeTruthy();
    const refused = within(card('B01-T03-M01'));
    expect(refused.queryByRole('region', { name: 'Cambio que encontró' })).toBeNull();
    expect(refused.getByRole('note').textContent).toContain('No puede registrar el estado Inspeccionado.');
  });

  it('filters by kind through the API', async () => {
    const router = renderPage();
    await screen.findByRole('link', { name: 'Ver B01-T01-M01 en la tabla de elementos' });
    fireEvent.click(screen.getByRole('radio', { name: 'Rechazado' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Ver B01-T01-M01 en la tabla de elementos' })).toBeNull(),
    );
    expect(screen.getByRole('link', { name: 'Ver B01-T03-M01 en la tabla de elementos' })).toBeTruthy();
    expect(calls('GET', `/api/plants/${PLANT}/sync-reviews/`).at(-1)!.searchParams.get('kind')).toBe(
      'refused',
    );
    expect(router.state.location.search).toBe('?kind=refused');
  });

  it('marks a review resolved and refreshes the list, which no longer holds it', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Ver B01-T01-M01 en la tabla de elementos' });
    fireEvent.click(within(card('B01-T01-M01')).getByRole('button', { name: 'Marcar como resuelto' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Ver B01-T01-M01 en la tabla de elementos' })).toBeNull(),
    );
    expect(calls('POST', `/api/plants/${PLANT}/sync-reviews/1/resolve/`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Ver B01-T02-M01 en la tabla de elementos' })).toBeTruthy();
  });

  it('applies the incoming state as a normal state change after confirming, then offers to resolve', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Ver B01-T01-M01 en la tabla de elementos' });
    fireEvent.click(within(card('B01-T01-M01')).getByRole('button', { name: 'Aplicar este estado ahora' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('B01-T01-M01 pasará al estado Montado');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar este estado ahora' }));

    const offer = await screen.findByText(
      'El estado Montado se ha aplicado. ¿Marcar la revisión como resuelta?',
    );
    const [change] = fetchMock.mock.calls.filter(([input]) => input.endsWith('/state-change/'));
    expect(new URL(change[0], 'http://x').pathname).toBe(`/api/plants/${PLANT}/modulos/101/state-change/`);
    expect(JSON.parse(String(change[1].body))).toEqual({
      state: mounted.id,
      element_type: modules.id,
      documents: [],
    });
    fireEvent.click(
      within(offer.closest('[role="dialog"]') as HTMLElement).getByRole('button', {
        name: 'Marcar como resuelto',
      }),
    );
    await waitFor(() =>
      expect(calls('POST', `/api/plants/${PLANT}/sync-reviews/1/resolve/`)).toHaveLength(1),
    );
  });

  it('shows a viewer the reviews without any action', async () => {
    signInAs('VI');
    renderPage();
    await screen.findByRole('link', { name: 'Ver B01-T01-M01 en la tabla de elementos' });
    expect(screen.queryByRole('button', { name: 'Marcar como resuelto' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aplicar este estado ahora' })).toBeNull();
  });

  it('says there is nothing to review when the plant has no unresolved review', async () => {
    reviews = [];
    renderPage();
    expect(await screen.findByText('Nada que revisar')).toBeTruthy();
  });
});
