import {
  Button,
  Divider,
  Group,
  Modal,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plant } from '@heliotrack/domain/plants';
import type { DeliveredSerial } from '@heliotrack/domain/serials';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { notifySuccess } from '../../../components/notifications/notify';
import { confirm } from '../../../lib/dialogs';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { useDeleteDeliveredSerials } from '../api/delete-delivered-serials';
import { useDeliveredSerials } from '../api/get-delivered-serials';
import { DeliveredSerialsImport } from './delivered-serials-import';
import { SearchField } from '../../../components/search-field';

const PAGE_SIZE = 10;
const NO_SERIALS: DeliveredSerial[] = [];

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
  const columns: ColumnDef<DeliveredSerial>[] = [
    {
      id: 'serial',
      header: t('serials.delivered.columns.serial'),
      cell: ({ row }) => (
        <Text span size="sm" ff="monospace">
          {row.original.serial}
        </Text>
      ),
    },
    {
      id: 'importedAt',
      header: t('serials.delivered.columns.importedAt'),
      meta: { width: 180 },
      cell: ({ row }) => formatDateTime(row.original.created_at),
    },
  ];
  const table = useDataTable({
    data: list.data?.results ?? NO_SERIALS,
    columns,
    getRowId: (row) => String(row.id),
  });

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
      <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
        <DataTable
          table={table}
          isLoading={!list.data}
          empty={total === 0 ? t('serials.delivered.empty') : t('serials.delivered.noMatches')}
          aria-label={t('serials.delivered.listLabel')}
          minWidth={360}
        />
      </Paper>
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('serials.delivered.page', { page, pages })}
          </Text>
          <Pagination size="sm" total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
