import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconBuildingFactory2, IconDevicesOff, IconPencil, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_ROLE } from '@heliotrack/domain/constants';
import type { ClientUser } from '@heliotrack/domain/users';
import { formatInteger } from '../../../lib/format';
import { SkeletonRows } from '../../../components/data-table/skeleton-rows';

export function UsersTable({
  users,
  pageSize,
  onEdit,
  onToggleActive,
  onRevokeSessions,
  busyUserId,
}: {
  users: ClientUser[] | undefined;
  pageSize: number;
  onEdit: (user: ClientUser) => void;
  onToggleActive: (user: ClientUser) => void;
  onRevokeSessions: (user: ClientUser) => void;
  busyUserId: number | null;
}) {
  const { t } = useTranslation();
  return (
    // On a tablet (below lg) the email goes under the name instead of its own column, and badges keep
    // their whole text (they wrap to a new line instead of being cut to "ADMINI…").
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing="sm" highlightOnHover striped="even">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.columns.name')}</Table.Th>
            <Table.Th visibleFrom="lg">{t('users.columns.email')}</Table.Th>
            <Table.Th>{t('users.columns.roles')}</Table.Th>
            <Table.Th>{t('users.columns.status')}</Table.Th>
            <Table.Th ta="right">{t('users.columns.plants')}</Table.Th>
            <Table.Th ta="right">{t('users.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!users ? (
            <SkeletonRows rows={Math.min(pageSize, 8)} columns={6} />
          ) : (
            users.map((user) => (
              <Table.Tr key={user.id} c={user.is_active ? undefined : 'dimmed'}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {user.name}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="lg">
                    {user.email}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="lg">
                  <Text size="sm">{user.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {user.roles.map((role) => (
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
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge color={user.is_active ? 'teal' : 'gray'} variant="dot" style={{ flexShrink: 0 }}>
                    {user.is_active ? t('users.active') : t('users.inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatInteger(user.plants.length)}
                </Table.Td>
                <Table.Td>
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
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
