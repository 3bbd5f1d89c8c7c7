import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

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
