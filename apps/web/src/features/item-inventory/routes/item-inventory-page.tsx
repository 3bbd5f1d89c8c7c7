import { Anchor, Badge, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBarcode, IconSearchOff } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { InventoryItem } from '@heliotrack/domain/item-inventory';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { DataTablePagination } from '../../../components/data-table/data-table-pagination';
import { PAGE_SIZES, pageSizeOf } from '../../../components/data-table/page-sizes';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { StateBadge } from '../../../components/state-badge/state-badge';
import { formatInteger } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { usePlants } from '../../../api/get-plants';
import { clientElementTypesQueryOptions } from '../../../api/get-client-element-types';
import {
  itemInventoryQueryOptions,
  useItemInventory,
  type ItemInventoryQuery,
} from '../api/get-item-inventory';
import { useTypeLabelByCode } from '../../../lib/use-type-label-by-code';
import { SearchField } from '../../../components/search-field';

const TABLE_HEIGHT = 'max(360px, calc(100dvh - 400px))';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** The list's search, filters and page live in the address, so a link or a reload keeps them. */
function readQuery(params: URLSearchParams): ItemInventoryQuery {
  return {
    search: params.get('search') ?? '',
    plant: positiveInt(params.get('plant')),
    type: params.get('type') || null,
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: pageSizeOf(positiveInt(params.get('page_size'))),
  };
}

function writeQuery(query: ItemInventoryQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.plant) params.set('plant', String(query.plant));
  if (query.type) params.set('type', query.type);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== pageSizeOf(null)) params.set('page_size', String(query.pageSize));
  return params;
}

export function itemInventoryLoader({ request }: { request: Request }) {
  if (isSignedIn()) {
    void queryClient.prefetchQuery(itemInventoryQueryOptions(readQuery(new URL(request.url).searchParams)));
    void queryClient.prefetchQuery(clientElementTypesQueryOptions());
  }
  return null;
}

/** Specification section 2, /itemInventory: elements of the caller's plants by code or serial. */
export function ItemInventoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const [searchInput, setSearchInput] = useState(query.search);
  const [search] = useDebouncedValue(searchInput, 300);
  const plants = usePlants();
  const { types, labelOf } = useTypeLabelByCode();
  const list = useItemInventory(query);

  function update(next: Partial<ItemInventoryQuery>) {
    setParams(writeQuery({ ...query, page: 1, ...next }), { replace: true, preventScrollReset: true });
  }

  useEffect(() => {
    if (search.trim() !== query.search.trim()) update({ search });
    // Only the debounced text applies; the rest of the query is read afresh from the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const columns = useMemo<ColumnDef<InventoryItem>[]>(
    () => [
      {
        id: 'code',
        header: t('itemInventory.columns.code'),
        meta: { width: '22%' },
        cell: ({ row }) => (
          <Anchor component={Link} to={`/itemInventory/${row.original.id}/flash-reports`} fw={600} size="sm">
            {row.original.code}
          </Anchor>
        ),
      },
      {
        id: 'serial',
        header: t('itemInventory.columns.serial'),
        meta: { width: '20%' },
        cell: ({ row }) => (
          <Text size="sm" ff="monospace">
            {row.original.serial || t('common.notAvailable')}
          </Text>
        ),
      },
      {
        id: 'plant',
        header: t('itemInventory.columns.plant'),
        meta: { width: '20%' },
        cell: ({ row }) => (
          <Text size="sm" title={row.original.plant.name} truncate>
            {row.original.plant.code} · {row.original.plant.name}
          </Text>
        ),
      },
      {
        id: 'type',
        header: t('itemInventory.columns.type'),
        meta: { width: '12%' },
        cell: ({ row }) => labelOf(row.original.type),
      },
      {
        id: 'state',
        header: t('itemInventory.columns.state'),
        meta: { width: '14%' },
        cell: ({ row }) => <StateBadge state={row.original.state} size="sm" />,
      },
      {
        id: 'open',
        header: t('itemInventory.columns.openFlashReports'),
        meta: { width: '12%', align: 'right' },
        cell: ({ row }) =>
          row.original.open_flash_reports > 0 ? (
            <Badge color="orange" variant="light">
              {formatInteger(row.original.open_flash_reports)}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              0
            </Text>
          ),
      },
    ],
    [t, labelOf],
  );

  const table = useDataTable({
    data: list.data?.results ?? [],
    columns,
    getRowId: (item) => String(item.id),
    manualPagination: true,
  });

  const count = list.data?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / query.pageSize));
  const from = count ? (query.page - 1) * query.pageSize + 1 : 0;
  const to = Math.min(query.page * query.pageSize, count);
  const isFiltered = !!(query.search || query.plant || query.type);

  return (
    <Stack gap="md">
      <PageHeader title={t('itemInventory.title')} subtitle={t('itemInventory.subtitle')} />
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <SearchField
            label={t('itemInventory.search')}
            placeholder={t('itemInventory.searchPlaceholder')}
            value={searchInput}
            onChange={setSearchInput}
            clearable={false}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page's task is a search; a handheld scanner types into the focused field
            autoFocus
          />
          <Select
            label={t('itemInventory.plant')}
            placeholder={t('itemInventory.allPlants')}
            data={(plants.data ?? []).map((plant) => ({
              value: String(plant.id),
              label: `${plant.code} · ${plant.name}`,
            }))}
            value={query.plant ? String(query.plant) : null}
            onChange={(value) => update({ plant: positiveInt(value) })}
            clearable
            searchable
          />
          <Select
            label={t('itemInventory.type')}
            placeholder={t('itemInventory.allTypes')}
            data={(types ?? []).map((type) => ({ value: type.code, label: labelOf(type.code) }))}
            value={query.type}
            onChange={(value) => update({ type: value })}
            clearable
          />
        </SimpleGrid>
      </Paper>

      {list.error && !list.data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Paper withBorder p={0} style={{ overflow: 'hidden', opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <DataTable
            table={table}
            height={TABLE_HEIGHT}
            isLoading={!list.data}
            aria-label={t('itemInventory.tableLabel')}
            scrollResetKey={`${query.page}|${query.pageSize}|${query.search}|${query.plant}|${query.type}`}
            onRowClick={(row) => void navigate(`/itemInventory/${row.original.id}/flash-reports`)}
            minWidth={720}
            empty={
              <Group gap="xs" c="dimmed">
                {isFiltered ? <IconSearchOff size={20} aria-hidden /> : <IconBarcode size={20} aria-hidden />}
                <Text c="dimmed">
                  {isFiltered ? t('itemInventory.noResults') : t('itemInventory.emptyTitle')}
                </Text>
              </Group>
            }
          />
          <DataTablePagination
            page={query.page}
            pageCount={pageCount}
            pageSize={query.pageSize}
            pageSizes={PAGE_SIZES}
            summary={
              list.data
                ? t('itemInventory.summary', {
                    count,
                    formatted: formatInteger(count),
                    from: formatInteger(from),
                    to: formatInteger(to),
                  })
                : ''
            }
            pageSizeLabel={t('elements.table.pageSize')}
            onPageChange={(page) => update({ page })}
            onPageSizeChange={(pageSize) => update({ pageSize })}
            getPageControlLabel={(control) => t(`elements.table.pages.${control}`)}
          />
        </Paper>
      )}
    </Stack>
  );
}
