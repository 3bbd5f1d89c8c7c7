import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@heliotrack/domain/constants';
import type { DashboardChart } from '@heliotrack/domain/dashboard';
import { notifyError } from '../../../components/notifications/notify';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { useCustomCharts } from './use-custom-charts';

vi.mock('../../../components/notifications/notify', () => ({ notifyError: vi.fn() }));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type FetchArgs = [input: string, init: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

/** The fake server: GET answers `stored`, PUT replaces it (or answers `refuse` when set). */
let stored: DashboardChart[];
let refuse: { status: number; body: unknown } | null;
/** Set to hold PUT answers until released. */
let hold: Promise<void> | null;

function puts(): DashboardChart[][] {
  return fetchMock.mock.calls
    .filter(([, init]) => init.method === 'PUT')
    .map(([, init]) => (JSON.parse(String(init.body)) as { charts: DashboardChart[] }).charts);
}

const chart = (id: string, states = [7]): DashboardChart => ({ id, element_type: 2, states, kind: 'bar' });

function renderCharts() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
  return renderHook(() => useCustomCharts(), { wrapper });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 7, roles: [] }));
  changeLanguage('es');
  stored = [chart('a')];
  refuse = null;
  hold = null;
  vi.mocked(notifyError).mockReset();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    expect(url).toBe('/api/user/dashboard-charts/');
    if (init.method === 'PUT') {
      if (hold) await hold;
      if (refuse) return json(refuse.status, refuse.body);
      stored = (JSON.parse(String(init.body)) as { charts: DashboardChart[] }).charts;
    }
    return json(200, stored);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the added charts of the dashboard', () => {
  it('are read from the server and saved whole, showing a change before the server answers', async () => {
    const { result } = renderCharts();
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.charts).toEqual([chart('a')]));

    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    act(() => result.current.add({ elementType: 3, states: [9, 9, 10], kind: 'pie' }));
    // Optimistic: on screen at once, while the PUT is still waiting.
    await waitFor(() => expect(result.current.charts).toHaveLength(2));
    const added = result.current.charts[1];
    expect(added).toMatchObject({ element_type: 3, states: [9, 10], kind: 'pie' });
    release();
    await waitFor(() => expect(stored).toHaveLength(2));
    expect(puts()).toEqual([[chart('a'), added]]);

    act(() => result.current.remove('a'));
    await waitFor(() => expect(stored).toEqual([added]));
    await waitFor(() => expect(result.current.charts).toEqual([added]));
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('go back to what they were, with a notification, when the server refuses the change', async () => {
    const { result } = renderCharts();
    await waitFor(() => expect(result.current.charts).toEqual([chart('a')]));
    refuse = { status: 400, body: { 'charts.1.states': ['No existe el estado 9.'] } };
    act(() => result.current.add({ elementType: 2, states: [9], kind: 'line' }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledTimes(1));
    expect(notifyError).toHaveBeenCalledWith(
      'charts.1.states: No existe el estado 9.',
      'No se pudieron guardar tus gráficos',
    );
    await waitFor(() => expect(result.current.charts).toEqual([chart('a')]));
    expect(stored).toEqual([chart('a')]);

    // A failure without field messages (the network, the server) says the list was left as it was.
    refuse = { status: 503, body: { detail: 'down' } };
    act(() => result.current.remove('a'));
    await waitFor(() => expect(notifyError).toHaveBeenCalledTimes(2));
    expect(vi.mocked(notifyError).mock.calls[1][0]).toBe('Se han dejado como estaban. Vuelve a intentarlo.');
    await waitFor(() => expect(result.current.charts).toEqual([chart('a')]));
  });

  it('are never saved before the list has been read', async () => {
    fetchMock.mockImplementation(async () => json(503, { detail: 'down' }));
    const { result } = renderCharts();
    await waitFor(() => expect(result.current.error).toBeTruthy());
    act(() => result.current.add({ elementType: 2, states: [9], kind: 'line' }));
    expect(puts()).toEqual([]);
    expect(result.current.charts).toEqual([]);
  });

  it('move the ones left in local storage to the server once', async () => {
    localStorage.setItem(
      'dashboard_charts_7',
      JSON.stringify([
        { id: 'a', elementType: 2, states: [7], kind: 'bar' },
        { id: 'old', elementType: 4, states: [5, 6], kind: 'line' },
        { id: 'bad', elementType: 4, states: [], kind: 'line' },
      ]),
    );
    const { result, rerender } = renderCharts();
    await waitFor(() => expect(stored).toHaveLength(2));
    expect(puts()).toEqual([[chart('a'), { id: 'old', element_type: 4, states: [5, 6], kind: 'line' }]]);
    expect(localStorage.getItem('dashboard_charts_7')).toBeNull();
    await waitFor(() => expect(result.current.charts).toEqual(stored));
    rerender();
    expect(puts()).toHaveLength(1);
  });
});
