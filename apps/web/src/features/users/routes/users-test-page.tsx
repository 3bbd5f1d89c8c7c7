import { Code, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useClientUsers } from '../../../api/get-client-users';

/**
 * /usersTest: a developer page (DESIGN section 12) listing the organisation's users with their
 * roles exactly as the API sends them. Routed, not in the menu; the /users guard covers it.
 */
export function UsersTestPage() {
  const { t } = useTranslation();
  const users = useClientUsers({ page: 1, pageSize: 1000 });
  if (users.isPending) return <PageLoader />;
  if (users.isError) return <QueryError error={users.error} onRetry={() => void users.refetch()} />;
  return (
    <Stack>
      <PageHeader title={t('users.testTitle')} />
      <Text size="sm" c="dimmed">
        {t('users.testCount', { count: users.data.count })}
      </Text>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>id</Table.Th>
            <Table.Th>email</Table.Th>
            <Table.Th>is_active</Table.Th>
            <Table.Th>roles</Table.Th>
            <Table.Th>plants</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.data.results.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{user.id}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{String(user.is_active)}</Table.Td>
              <Table.Td>
                <Code block>{JSON.stringify(user.roles)}</Code>
              </Table.Td>
              <Table.Td>
                <Code>{JSON.stringify(user.plants)}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
