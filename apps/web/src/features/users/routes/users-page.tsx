import { Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearchOff, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE_DEFAULT } from '@heliotrack/domain/constants';
import type { ClientUser } from '@heliotrack/domain/users';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../components/notifications/notify';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { confirm } from '../../../lib/dialogs';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn, isStoredUserAdministrator } from '../../../lib/session';
import { clientUsersQueryOptions, useClientUsers } from '../../../api/get-client-users';
import { revokeClientUserSessions } from '../api/revoke-client-user-sessions';
import { useUpdateClientUser } from '../api/update-client-user';
import { UserFormModal } from '../components/user-form-modal';
import { UsersTable } from '../components/users-table';
import { SearchField } from '../../../components/search-field';

const PAGE_SIZE = PAGE_SIZE_DEFAULT;

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function usersLoader({ request }: { request: Request }) {
  if (isSignedIn() && isStoredUserAdministrator()) {
    const params = new URL(request.url).searchParams;
    void queryClient.prefetchQuery(
      clientUsersQueryOptions({
        page: pageOf(params),
        pageSize: PAGE_SIZE,
        search: params.get('search') ?? '',
      }),
    );
  }
  return null;
}

/** Users of the organisation (administrators): page and search live in the URL (?page=2&search=ana). */
export function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const search = params.get('search') ?? '';
  const [searchInput, setSearchInput] = useState(search);
  const [editing, setEditing] = useState<{ userId: number | null } | null>(null);
  const [busyUserId, setBusyUserId] = useState<number | null>(null);
  const { data, error, refetch, isPlaceholderData } = useClientUsers({ page, pageSize: PAGE_SIZE, search });
  const updateUser = useUpdateClientUser();

  function setQuery(next: { page?: number; search?: string }) {
    const nextParams = new URLSearchParams(params);
    const nextSearch = next.search ?? search;
    const nextPage = next.page ?? page;
    if (nextSearch) nextParams.set('search', nextSearch);
    else nextParams.delete('search');
    if (nextPage > 1) nextParams.set('page', String(nextPage));
    else nextParams.delete('page');
    setParams(nextParams, { replace: true, preventScrollReset: true });
  }

  const applySearch = useDebouncedCallback(
    (value: string) => setQuery({ search: value.trim(), page: 1 }),
    300,
  );

  async function onToggleActive(user: ClientUser) {
    const activate = !user.is_active;
    const accepted = await confirm({
      title: activate ? t('users.confirmActivateTitle') : t('users.confirmDeactivateTitle'),
      message: activate
        ? t('users.confirmActivate', { name: user.name })
        : t('users.confirmDeactivate', { name: user.name }),
      acceptLabel: activate ? t('users.activate') : t('users.deactivate'),
      acceptColor: activate ? 'teal' : 'red',
    });
    if (!accepted) return;
    setBusyUserId(user.id);
    updateUser.mutate(
      {
        userId: user.id,
        body: {
          name: user.name,
          email: user.email,
          language: user.language,
          roles: user.roles.map((role) => role.code),
          is_active: activate,
        },
        // No form to show field errors: let the global 400 dialog list them.
        handle400: true,
      },
      {
        onSuccess: (saved) =>
          notifySuccess(
            saved.is_active
              ? t('users.activated', { name: saved.name })
              : t('users.deactivated', { name: saved.name }),
          ),
        onSettled: () => setBusyUserId(null),
      },
    );
  }

  async function onRevokeSessions(user: ClientUser) {
    const accepted = await confirm({
      title: t('users.confirmRevokeSessionsTitle'),
      message: t('users.confirmRevokeSessions', { name: user.name }),
      acceptLabel: t('users.revokeSessions'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    await revokeClientUserSessions(user.id);
    notifySuccess(t('users.sessionsRevoked', { name: user.name }));
  }

  const totalPages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('users.title')}
        subtitle={data ? t('users.total', { count: data.count }) : undefined}
        actions={
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setEditing({ userId: null })}>
            {t('users.create')}
          </Button>
        }
      />
      <Paper withBorder p="sm">
        <SearchField
          placeholder={t('users.searchPlaceholder')}
          value={searchInput}
          onChange={(value) => {
            setSearchInput(value);
            applySearch(value);
          }}
          onClear={() => {
            setSearchInput('');
            setQuery({ search: '', page: 1 });
          }}
          maw={420}
        />
      </Paper>

      {error && !data ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : data && data.count === 0 ? (
        search ? (
          <EmptyState
            icon={<IconSearchOff size={32} />}
            title={t('users.noResultsTitle')}
            description={t('users.noResultsDescription')}
          />
        ) : (
          <EmptyState
            icon={<IconUsers size={32} />}
            title={t('users.emptyTitle')}
            description={t('users.emptyDescription')}
          />
        )
      ) : (
        <Paper withBorder p={0} style={{ overflow: 'hidden', opacity: isPlaceholderData ? 0.6 : 1 }}>
          <UsersTable
            users={data?.results}
            onEdit={(user) => setEditing({ userId: user.id })}
            onToggleActive={(user) => void onToggleActive(user)}
            onRevokeSessions={(user) => void onRevokeSessions(user).catch(() => undefined)}
            busyUserId={busyUserId}
          />
          {data && totalPages > 1 && (
            <Group
              justify="space-between"
              p="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Text size="sm" c="dimmed">
                {t('users.total', { count: data.count })}
              </Text>
              <Pagination
                total={totalPages}
                value={Math.min(page, totalPages)}
                onChange={(value) => setQuery({ page: value })}
              />
            </Group>
          )}
        </Paper>
      )}

      {editing && <UserFormModal userId={editing.userId} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
