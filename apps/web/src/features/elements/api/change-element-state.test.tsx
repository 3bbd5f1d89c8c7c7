import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../api/query-keys';
import * as httpClient from '../../../lib/http-client';
import { useChangeElementState } from './change-element-state';
import { useMassiveStateChange } from './massive-state-change';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const MODULES = { id: 5, code: 'MOD', path: 'modules' };
const ANSWER = { id: 1, element_count: 1, state: 3, detail: 'ok', elements_version: 42 };

/**
 * A plant's element list on screen whose refetch never ends (a loaded tablet, a slow network):
 * the change must still finish, with the list marked stale and refetching behind it.
 */
function renderWithHangingList<T>(useHook: () => T) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  let fetches = 0;
  const list = () => {
    fetches += 1;
    return fetches === 1 ? Promise.resolve(['first']) : new Promise<string[]>(() => undefined);
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () => ({ list: useQuery({ queryKey: [...queryKeys.plants.elements(1), 'MOD'], queryFn: list }), hook: useHook() }),
    { wrapper },
  );
  return { view, client, fetches: () => fetches };
}

describe('a state change does not wait for the lists behind the dialog', () => {
  it('one change resolves with its answer while the element list is still refetching', async () => {
    vi.spyOn(httpClient.http, 'post').mockResolvedValue(ANSWER);
    const { view, client, fetches } = renderWithHangingList(() => useChangeElementState());
    await waitFor(() => expect(view.result.current.list.data).toEqual(['first']));

    const result = await view.result.current.hook.mutateAsync({
      plantId: 1,
      type: MODULES,
      elementId: 9,
      body: { state: 3, element_type: 5, documents: [], client_uuid: '00000000-0000-4000-8000-000000000001' },
    });

    expect(result).toEqual(ANSWER);
    await waitFor(() => expect(fetches()).toBe(2));
    expect(client.getQueryState([...queryKeys.plants.elements(1), 'MOD'])?.fetchStatus).toBe('fetching');
  });

  it('a massive change resolves with its outcome while the element list is still refetching', async () => {
    vi.spyOn(httpClient.http, 'post').mockResolvedValue({ ...ANSWER, element_count: 2 });
    const { view, fetches } = renderWithHangingList(() => useMassiveStateChange());
    await waitFor(() => expect(view.result.current.list.data).toEqual(['first']));

    const outcome = await view.result.current.hook.mutateAsync({
      plantId: 1,
      type: MODULES,
      elementIds: [9, 10],
      body: { state: 3, element_type: 5 },
      actionId: 'action-1',
    });

    expect(outcome.changed).toBe(2);
    await waitFor(() => expect(fetches()).toBe(2));
  });
});
