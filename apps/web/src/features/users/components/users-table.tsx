import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconBuildingFactory2, IconDevicesOff, IconPencil, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_ROLE } from '@heliotrack/domain/constants';
import type { ClientUser } from '@heliotrack/domain/users';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { formatInteger } from '../../../lib/format';

const NO_USERS: ClientUser[] = [];

export function UsersTable({
  users,
  onEdit,
  onToggleActive,
  onRevokeSessions,
  busyUserId,
}: {
  users: ClientUser[] | undefined;
  onEdit: (user: ClientUser) => void;
  onToggleActive: (user: ClientUser) => void;
  onRevokeSessions: (user: ClientUser) => void;
  busyUserId: number | null;
}) {
  const { t } = useTranslation();
  // On a tablet (below lg) the email goes under the name instead of its own column, and badges keep
  // their whole text (they wrap to a new line instead of being cut to "ADMINI…").
  const columns: ColumnDef<ClientUser>[] = [
    {
      id: 'name',
      header: t('users.columns.name'),
      meta: { wrap: true },
      cell: ({ row: { original: user } }) => (
        <>
          <Text size="sm" fw={600}>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="lg">
            {user.email}
          </Text>
        </>
      ),
    },
    {
      id: 'email',
      header: t('users.columns.email'),
      meta: { visibleFrom: 'lg' },
      cell: ({ row }) => (
        <Text span size="sm">
          {row.original.email}
        </Text>
      ),
    },
    {
      id: 'roles',
      header: t('users.columns.roles'),
      meta: { wrap: true },
      cell: ({ row }) => (
        <Group gap={4}>
          {row.original.roles.map((role) => (
            <Badge
              key={role.id}
              size="sm"
              radius="sm"
              variant={role.code === ADMIN_ROLE ? 'filled' : 'light'}
              color={role.code === ADMIN_ROLE ? 'solar' : 'gray'}
              title={role.code}
              style={{ flexShrink: 0 }}
            >
              {role.name}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      id: 'status',
      header: t('users.columns.status'),
      meta: { width: 120 },
      cell: ({ row: { original: user } }) => (
        <Badge color={user.is_active ? 'teal' : 'gray'} variant="dot" style={{ flexShrink: 0 }}>
          {user.is_active ? t('users.active') : t('users.inactive')}
        </Badge>
      ),
    },
    {
      id: 'plants',
      header: t('users.columns.plants'),
      meta: { width: 90, align: 'right' },
      cell: ({ row }) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatInteger(row.original.plants.length)}</span>,
    },
    {
      id: 'actions',
      header: t('users.columns.actions'),
      meta: { width: 160, align: 'right' },
      cell: ({ row: { original: user } }) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('userPlants.title', { name: user.name })} withArrow>
            <ActionIcon
              component={Link}
              to={`/users/${user.id}/plants`}
              variant="subtle"
              color="gray"
              aria-label={t('userPlants.title', { name: user.name })}
            >
              <IconBuildingFactory2 size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('users.editUser', { name: user.name })} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => onEdit(user)}
              aria-label={t('users.editUser', { name: user.name })}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('users.revokeSessions')} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => onRevokeSessions(user)}
              aria-label={`${t('users.revokeSessions')}: ${user.name}`}
            >
              <IconDevicesOff size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={user.is_active ? t('users.deactivate') : t('users.activate')} withArrow>
            <ActionIcon
              variant="subtle"
              color={user.is_active ? 'red' : 'teal'}
              loading={busyUserId === user.id}
              onClick={() => onToggleActive(user)}
              aria-label={`${user.is_active ? t('users.deactivate') : t('users.activate')}: ${user.name}`}
            >
              {user.is_active ? <IconUserOff size={18} /> : <IconUserCheck size={18} />}
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
  const table = useDataTable({
    data: users ?? NO_USERS,
    columns,
    getRowId: (user) => String(user.id),
  });
  return (
    <DataTable
      table={table}
      isLoading={!users}
      aria-label={t('users.title')}
      minWidth={620}
      rowProps={(user) => ({ c: user.is_active ? undefined : 'dimmed' })}
    />
  );
}
