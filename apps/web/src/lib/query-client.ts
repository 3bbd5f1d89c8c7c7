import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { isOfflineMode, onOfflineModeChange } from './offline-mode';

/**
 * One query client for the app; logout clears it. Answers the server gave (ApiError) are not
 * retried: the http client already refreshed the token or opened the error dialog.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
    },
    mutations: { retry: false },
  },
});

/*
 * TanStack Query pauses queries and mutations while the browser has no network. With offline mode on
 * the local database answers them (DESIGN section 6), so for the query client the app is "online"
 * whenever the network is there or offline mode is on.
 */
onlineManager.setEventListener((setOnline) => {
  if (typeof window === 'undefined') return undefined;
  const update = () => setOnline(navigator.onLine || isOfflineMode());
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  const stop = onOfflineModeChange(update);
  update();
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
    stop();
  };
});
