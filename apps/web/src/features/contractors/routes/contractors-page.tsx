import { Button, Paper, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingStore, IconPlus, IconSearchOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contractor } from '@heliotrack/domain/catalogues';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../components/notifications/notify';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { confirm } from '../../../lib/dialogs';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { useDeleteContractor } from '../api/delete-contractor';
import { clientContractorsQueryOptions, useClientContractors } from '../api/get-client-contractors';
import { ContractorFormModal } from '../components/contractor-form-modal';
import { ContractorsNav } from '../components/contractors-nav';
import { SearchField } from '../../../components/search-field';
import { RowActions } from '../../../components/row-actions';
import { SkeletonRows } from '../../../components/data-table/skeleton-rows';

export function contractorsLoader() {
  if (isSignedIn()) void queryClient.prefetchQuery(clientContractorsQueryOptions());
  return null;
}

/** The organisation's contractors: search, create, edit and delete (specification section 2). */
export function ContractorsPage() {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput, 300);
  const [editing, setEditing] = useState<{ contractor?: Contractor } | null>(null);
  const { data, error, refetch, isPlaceholderData } = useClientContractors(search);
  const deleteContractor = useDeleteContractor();

  async function onDelete(contractor: Contractor) {
    const accepted = await confirm({
      title: t('contractors.confirmDeleteTitle'),
      message: t('contractors.confirmDelete', { name: contractor.name }),
      acceptLabel: t('contractors.delete'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    deleteContractor.mutate(contractor.id, {
      onSuccess: () => notifySuccess(t('contractors.deleted', { name: contractor.name })),
    });
  }

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('contractors.title')}
        subtitle={data ? t('contractors.total', { count: data.length }) : undefined}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({})}>
            {t('contractors.create')}
          </Button>
        }
      />
      <ContractorsNav active="contractors" />
      <Stack gap="lg">
        <Paper withBorder p="sm">
          <SearchField
            value={searchInput}
            onChange={setSearchInput}
            maw={420}
            placeholder={t('contractors.searchPlaceholder')}
          />
        </Paper>
        {error && !data ? (
          <QueryError error={error} onRetry={() => void refetch()} />
        ) : data && data.length === 0 ? (
          search ? (
            <EmptyState icon={<IconSearchOff size={32} />} title={t('contractors.noResults')} />
          ) : (
            <EmptyState
              icon={<IconBuildingStore size={32} />}
              title={t('contractors.emptyTitle')}
              description={t('contractors.emptyDescription')}
            />
          )
        ) : (
          <Paper withBorder p={0} style={{ overflow: 'hidden', opacity: isPlaceholderData ? 0.6 : 1 }}>
            <Table.ScrollContainer minWidth={700}>
              <Table verticalSpacing="sm" highlightOnHover striped="even">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('contractors.columns.name')}</Table.Th>
                    <Table.Th>{t('contractors.columns.address')}</Table.Th>
                    <Table.Th>{t('contractors.columns.contactName')}</Table.Th>
                    <Table.Th>{t('contractors.columns.contactEmail')}</Table.Th>
                    <Table.Th ta="right">{t('contractors.columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {!data ? (
                    <SkeletonRows rows={4} columns={5} />
                  ) : (
                    data.map((contractor) => (
                      <Table.Tr key={contractor.id}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {contractor.name}
                          </Text>
                        </Table.Td>
                        <Table.Td>{contractor.address || t('common.notAvailable')}</Table.Td>
                        <Table.Td>{contractor.contact_name || t('common.notAvailable')}</Table.Td>
                        <Table.Td>{contractor.contact_email || t('common.notAvailable')}</Table.Td>
                        <Table.Td>
                          <RowActions
                            editLabel={t('contractors.editNamed', { name: contractor.name })}
                            deleteLabel={t('contractors.deleteNamed', { name: contractor.name })}
                            onEdit={() => setEditing({ contractor })}
                            onDelete={() => void onDelete(contractor)}
                            isDeleting={
                              deleteContractor.isPending && deleteContractor.variables === contractor.id
                            }
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </Stack>
      {editing && <ContractorFormModal contractor={editing.contractor} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
