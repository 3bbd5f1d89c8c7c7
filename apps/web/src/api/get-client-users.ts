import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@heliotrack/domain/pagination';
import type { ClientUser } from '@heliotrack/domain/users';
import { http } from '../lib/http-client';
import { queryKeys } from './query-keys';

export interface ClientUsersQuery {
  page: number;
  pageSize: number;
  search?: string;
}

export function getClientUsers({ page, pageSize, search }: ClientUsersQuery): Promise<Paged<ClientUser>> {
  return http.get<Paged<ClientUser>>('client-users/', {
    query: { page, page_size: pageSize, search: search?.trim() || undefined },
  });
}

export function clientUsersQueryOptions(query: ClientUsersQuery) {
  return queryOptions({
    queryKey: [...queryKeys.clientUsers.lists, query],
    queryFn: () => getClientUsers(query),
    placeholderData: keepPreviousData,
  });
}

export function useClientUsers(query: ClientUsersQuery) {
  return useQuery(clientUsersQueryOptions(query));
}
