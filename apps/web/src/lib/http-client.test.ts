import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@heliotrack/domain/constants';
import { ApiError } from './api-error';
import { closeAllDialogs, getOpenDialogs } from './dialogs';
import { http, request } from './http-client';
import { onNetworkLost } from './network-lost';
import { changeLanguage } from './i18n';
import { setOfflineFlag, setSyncing } from './offline-mode';
import { clearOfflineHandlers, registerOfflineHandler } from './offline-resolver';
import { clearServerError, getServerError } from './server-error';
import { onLogout } from './session';

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

type FetchArgs = [input: string, init: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function headersOf(call: number): Headers {
  return new Headers(fetchMock.mock.calls[call][1].headers);
}

function signIn(access = 'access-1', refresh = 'refresh-1') {
  localStorage.setItem(STORAGE_KEYS.token, access);
  localStorage.setItem(STORAGE_KEYS.refreshToken, refresh);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, roles: [] }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  changeLanguage('es');
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearServerError();
  closeAllDialogs();
  clearOfflineHandlers();
  setSyncing(false);
  setOfflineFlag(false);
});

describe('http client', () => {
  it('calls the API root with the bearer token and the Accept-Language of the stored language', async () => {
    signIn('abc');
    changeLanguage('it');
    fetchMock.mockResolvedValueOnce(json(200, [{ id: 1 }]));

    await expect(http.get('plants/')).resolves.toEqual([{ id: 1 }]);

    expect(fetchMock.mock.calls[0][0]).toBe('/api/plants/');
    expect(headersOf(0).get('Authorization')).toBe('Bearer abc');
    expect(headersOf(0).get('Accept-Language')).toBe('it');
  });

  it('sends Accept-Language es by default and no bearer token to the token and password reset paths', async () => {
    signIn('abc');
    fetchMock.mockImplementation(async () => json(200, { detail: 'ok' }));

    await http.post('token/', { email: 'a@b.c', password: 'x' });
    await http.post('user/password_reset/', { email: 'a@b.c' });
    await http.post('user/password_reset/confirm/', { token: 't', password: 'p', password_confirm: 'p' });

    for (const call of [0, 1, 2]) {
      expect(headersOf(call).get('Authorization')).toBeNull();
      expect(headersOf(call).get('Accept-Language')).toBe('es');
      expect(headersOf(call).get('Content-Type')).toBe('application/json');
    }
    expect(fetchMock.mock.calls[0][1].body).toBe(JSON.stringify({ email: 'a@b.c', password: 'x' }));
  });

  it("asks for the login page's public configuration signed out, without a bearer token (issue 31)", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { demo_warning: true, password_recovery: false }));
    await expect(http.get('public-config/')).resolves.toEqual({
      demo_warning: true,
      password_recovery: false,
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/public-config/');
    expect(headersOf(0).get('Authorization')).toBeNull();
    // Any other path, signed out, is answered here without a request.
    await expect(http.get('plants/')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('encodes query parameters and leaves out empty ones', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(json(200, { count: 0, next: null, previous: null, results: [] }));
    await http.get('client-users/', {
      query: { page: 2, page_size: 25, search: 'ana maría', empty: undefined },
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/client-users/?page=2&page_size=25&search=ana+mar%C3%ADa');
  });

  it('refreshes on token_not_valid, stores the new pair and retries with the new token', async () => {
    signIn('old-access', 'old-refresh');
    fetchMock
      .mockResolvedValueOnce(json(401, { detail: 'expired', code: 'token_not_valid' }, 'Unauthorized'))
      .mockResolvedValueOnce(json(200, { access: 'new-access', refresh: 'new-refresh' }))
      .mockResolvedValueOnce(json(200, { plant_count: 3 }));

    await expect(http.get('dashboard/')).resolves.toEqual({ plant_count: 3 });

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[1][0]).toBe('/api/token/refresh/');
    expect(JSON.parse(String(fetchMock.mock.calls[1][1].body))).toEqual({ refresh: 'old-refresh' });
    expect(headersOf(1).get('Authorization')).toBeNull();
    expect(fetchMock.mock.calls[2][0]).toBe('/api/dashboard/');
    expect(headersOf(2).get('Authorization')).toBe('Bearer new-access');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-refresh');
  });

  it('shares one refresh between concurrent calls that get token_not_valid', async () => {
    signIn('old-access', 'old-refresh');
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    fetchMock.mockImplementation(async (url, init) => {
      const auth = new Headers(init.headers).get('Authorization');
      if (url === '/api/token/refresh/') {
        await refreshGate;
        return json(200, { access: 'new-access', refresh: 'new-refresh' });
      }
      if (auth === 'Bearer old-access') return json(401, { detail: 'expired', code: 'token_not_valid' });
      return json(200, { url });
    });

    const calls = Promise.all([http.get('plants/'), http.get('dashboard/'), http.get('user/profile/')]);
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/token/refresh/')).toBe(true),
    );
    releaseRefresh();

    await expect(calls).resolves.toEqual([
      { url: '/api/plants/' },
      { url: '/api/dashboard/' },
      { url: '/api/user/profile/' },
    ]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/token/refresh/')).toHaveLength(1);
  });

  it('logs out when the refresh token is refused', async () => {
    signIn();
    const onLoggedOut = vi.fn();
    const stop = onLogout(onLoggedOut);
    fetchMock
      .mockResolvedValueOnce(json(401, { code: 'token_not_valid' }))
      .mockResolvedValueOnce(json(401, { code: 'token_not_valid' }));

    await expect(http.get('plants/')).rejects.toMatchObject({ status: 401 });

    expect(onLoggedOut).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
    stop();
  });

  it('logs out on user_inactive, clearing local and session storage', async () => {
    signIn();
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    sessionStorage.setItem('dashboard_ctr', '4');
    const onLoggedOut = vi.fn();
    const stop = onLogout(onLoggedOut);
    fetchMock.mockResolvedValueOnce(json(401, { detail: 'inactive', code: 'user_inactive' }, 'Unauthorized'));

    const error = await http.get('plants/').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, body: { code: 'user_inactive' } });
    expect(onLoggedOut).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    // The call, then the best-effort end of the login on the server with the refresh token (issue 39).
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(String(fetchMock.mock.calls[1][0])).toMatch(/\/api\/token\/logout\/$/);
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ refresh: expect.any(String) });
    stop();
  });

  it('does not log out or clear storage when the login itself fails', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    const onLoggedOut = vi.fn();
    const stop = onLogout(onLoggedOut);
    const body = { detail: 'No active account', code: 'no_active_account' };
    fetchMock.mockResolvedValueOnce(json(401, body, 'Unauthorized'));

    await expect(http.post('token/', { email: 'a@b.c', password: 'bad' })).rejects.toMatchObject({
      status: 401,
      body,
    });

    expect(onLoggedOut).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    stop();
  });

  it('does not call the network for a protected path when signed out', async () => {
    await expect(http.get('dashboard/')).rejects.toMatchObject({
      status: 401,
      body: { code: 'not_authenticated' },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sets the server error on a 5xx answer and throws ApiError', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(
      json(500, { detail: 'Se ha producido un error' }, 'Internal Server Error'),
    );

    await expect(http.get('dashboard/')).rejects.toMatchObject({
      status: 500,
      statusText: 'Internal Server Error',
    });

    expect(getServerError()).toEqual({ status: 500, statusText: 'Internal Server Error' });
  });

  it('reports a lost network, not a server error, when the network fails (issue 38)', async () => {
    signIn();
    let lost = 0;
    const stop = onNetworkLost(() => lost++);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await expect(http.get('dashboard/')).rejects.toMatchObject({ status: 0 });

    stop();
    expect(lost).toBe(1);
    expect(getServerError()).toBeNull();
  });

  it('opens a dialog with the 400 messages prefixed by their field, unless the call opts out', async () => {
    signIn();
    const body = {
      email: ['Introduzca una dirección de correo válida.'],
      non_field_errors: ['Revise el formulario.'],
    };
    fetchMock.mockImplementation(async () => json(400, body, 'Bad Request'));

    await expect(http.post('client-users/', {})).rejects.toMatchObject({ status: 400, body });
    expect(getOpenDialogs()).toHaveLength(1);
    expect(getOpenDialogs()[0].message).toBe(
      'email: Introduzca una dirección de correo válida., Revise el formulario.',
    );

    closeAllDialogs();
    await expect(http.post('client-users/', {}, { handle400: false })).rejects.toMatchObject({ status: 400 });
    expect(getOpenDialogs()).toHaveLength(0);
    expect(getServerError()).toBeNull();
  });

  it('answers from a registered offline handler instead of the network while offline mode is on', async () => {
    signIn();
    const handle = vi.fn(({ params }: { params: Record<string, string> }) => ({
      id: Number(params.plantId),
      offline: true,
    }));
    registerOfflineHandler({ method: 'GET', path: 'plants/:plantId/', handle });
    setOfflineFlag(true);

    await expect(request('plants/7/')).resolves.toEqual({ id: 7, offline: true });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(handle).toHaveBeenCalledWith(expect.objectContaining({ method: 'GET', path: 'plants/7/' }));

    // Paths without a handler still use the network.
    fetchMock.mockResolvedValueOnce(json(200, []));
    await expect(http.get('dashboard/')).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('uses the network while a sync runs, even with the offline flag set', async () => {
    signIn();
    registerOfflineHandler({ method: 'GET', path: 'plants/', handle: () => ['local'] });
    setOfflineFlag(true);
    setSyncing(true);
    fetchMock.mockResolvedValueOnce(json(200, ['server']));

    await expect(http.get('plants/')).resolves.toEqual(['server']);
  });
});
