import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionType } from '@heliotrack/domain/catalogues';
import { http } from '../../../lib/http-client';
import { elementKeys } from './query-keys';

export function getTransactionTypes(): Promise<TransactionType[]> {
  return http.get<TransactionType[]>('transaction-types/');
}

export function transactionTypesQueryOptions() {
  return queryOptions({
    queryKey: elementKeys.transactionTypes,
    queryFn: getTransactionTypes,
    staleTime: 5 * 60_000,
  });
}

export function useTransactionTypes() {
  return useQuery(transactionTypesQueryOptions());
}
