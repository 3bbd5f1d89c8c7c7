import {
  Button,
  Divider,
  Group,
  Modal,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plant } from '@heliotrack/domain/plants';
import { notifySuccess } from '../../../components/notifications/notify';
import { confirm } from '../../../lib/dialogs';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { useDeleteDeliveredSerials } from '../api/delete-delivered-serials';
import { useDeliveredSerials } from '../api/get-delivered-serials';
import { DeliveredSerialsImport } from './delivered-serials-import';
import { SearchField } from '../../../components/search-field';

const PAGE_SIZE = 10;

/**
 * The plant's delivered serials (its delivery notes): how many, a searchable page of them, and for
 * administrators the import of a new note and the deletion of the whole list.
 */
export function DeliveredSerialsModal({
  plant,
  isAdmin,
  onClose,
}: {
  plant: Plant;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${t('serials.delivered.title')} · ${plant.name}`}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('serials.delivered.help')}
        </Text>
        <DeliveredSerialsList plant={plant} isAdmin={isAdmin} />
        {isAdmin && (
          <>
            <Divider />
            <DeliveredSerialsImport plantId={plant.id} />
          </>
        )}
      </Stack>
    </Modal>
  );
}

function DeliveredSerialsList({ plant, isAdmin }: { plant: Plant; isAdmin: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const list = useDeliveredSerials({ plantId: plant.id, page, pageSize: PAGE_SIZE, search: debouncedSearch });
  const total = useDeliveredSerials({ plantId: plant.id, page: 1, pageSize: 1, search: '' }).data?.count;
  const deleteAll = useDeleteDeliveredSerials();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / PAGE_SIZE)) : 1;

  async function onDeleteAll() {
    const accepted = await confirm({
      title: t('serials.delivered.confirmDeleteTitle'),
      message: t('serials.delivered.confirmDelete', { count: total ?? 0, plant: plant.name }),
      acceptLabel: t('serials.delivered.deleteAll'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    deleteAll.mutate(plant.id, { onSuccess: () => notifySuccess(t('serials.delivered.deleted')) });
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        {total === undefined ? (
          <Skeleton height={20} width={200} />
        ) : (
          <Text fw={700} role="status">
            {t('serials.delivered.count', { count: total, formatted: formatInteger(total) })}
          </Text>
        )}
        {isAdmin && !!total && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void onDeleteAll()}
            loading={deleteAll.isPending}
          >
            {t('serials.delivered.deleteAll')}
          </Button>
        )}
      </Group>
      {!!total && (
        <SearchField
          aria-label={t('serials.delivered.search')}
          placeholder={t('serials.delivered.search')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          onClear={() => setSearch('')}
        />
      )}
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          {t('serials.delivered.empty')}
        </Text>
      ) : list.data && list.data.count === 0 ? (
        <Text size="sm" c="dimmed">
          {t('serials.delivered.noMatches')}
        </Text>
      ) : list.data ? (
        <>
          <Table striped withTableBorder aria-label={t('serials.delivered.listLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('serials.delivered.columns.serial')}</Table.Th>
                <Table.Th w={180}>{t('serials.delivered.columns.importedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.results.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td ff="monospace">{row.serial}</Table.Td>
                  <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {pages > 1 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('serials.delivered.page', { page, pages })}
              </Text>
              <Pagination size="sm" total={pages} value={page} onChange={setPage} />
            </Group>
          )}
        </>
      ) : null}
    </Stack>
  );
}
