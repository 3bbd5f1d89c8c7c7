import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconFileCertificate,
  IconPencil,
  IconPlus,
  IconRuler2,
  IconSearchOff,
} from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '@heliotrack/domain/equipment';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatInteger } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { equipmentListQueryOptions, useEquipmentList } from '../api/get-equipment';
import { formatDay } from '../../../lib/day';
import { EquipmentFormModal } from '../components/equipment-form-modal';
import { ExpiryBadge } from '../components/expiry-badge';
import { EXPIRY_STATUSES, expiryStatusOf, type ExpiryStatus } from '../components/expiry-status';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { SearchField } from '../../../components/search-field';

export function equipmentLoader() {
  if (isSignedIn()) void queryClient.prefetchQuery(equipmentListQueryOptions());
  return null;
}

function matches(equipment: Equipment, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [
    equipment.name,
    equipment.kind,
    equipment.brand,
    equipment.model,
    equipment.serial_number,
    equipment.certificate_number,
  ].some((value) => value.toLocaleLowerCase().includes(needle));
}

/** Specification section 2, /equipment: calibration equipment and the expiry of its certificates. */
export function EquipmentPage() {
  const { t } = useTranslation();
  const { data, error, refetch } = useEquipmentList();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ExpiryStatus | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ equipmentId?: number } | null>(null);

  const kinds = useMemo(
    () =>
      [...new Set((data ?? []).map((equipment) => equipment.kind).filter(Boolean))].sort((a, b) =>
        a.localeCompare(b),
      ),
    [data],
  );
  const shown = useMemo(
    () =>
      (data ?? []).filter(
        (equipment) =>
          matches(equipment, search) &&
          (!status || expiryStatusOf(equipment) === status) &&
          (!kind || equipment.kind === kind),
      ),
    [data, search, status, kind],
  );
  // The modal follows the list, so a deleted certificate or a new upload shows as soon as it refreshes.
  const editedEquipment =
    editing?.equipmentId !== undefined ? data?.find((e) => e.id === editing.equipmentId) : undefined;

  const columns: ColumnDef<Equipment>[] = [
    {
      id: 'name',
      header: t('equipment.columns.name'),
      meta: { wrap: true },
      cell: ({ row: { original: equipment } }) => (
        <>
          <Text size="sm" fw={600}>
            {equipment.name}
          </Text>
          {(equipment.brand || equipment.model || equipment.serial_number) && (
            <Text size="xs" c="dimmed">
              {[
                equipment.brand,
                equipment.model,
                equipment.serial_number && t('equipment.serialShort', { serial: equipment.serial_number }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
        </>
      ),
    },
    { id: 'kind', header: t('equipment.columns.kind'), cell: ({ row }) => row.original.kind || t('common.notAvailable') },
    {
      id: 'calibrationDate',
      header: t('equipment.columns.calibrationDate'),
      cell: ({ row }) => formatDay(row.original.calibration_date),
    },
    {
      id: 'expiry',
      header: t('equipment.columns.expiry'),
      meta: { wrap: true },
      cell: ({ row: { original: equipment } }) => (
        <Stack gap={4} align="flex-start">
          <ExpiryBadge equipment={equipment} />
          <Text size="xs" c="dimmed">
            {t(equipment.is_expired ? 'equipment.expiry.expiredOn' : 'equipment.expiry.validUntil', {
              date: formatDay(equipment.expiry_date),
            })}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'certificates',
      header: t('equipment.columns.certificates'),
      meta: { wrap: true },
      cell: ({ row: { original: equipment } }) => (
        <>
          <Text size="sm">{equipment.certificate_number || t('common.notAvailable')}</Text>
          <Group
            gap={4}
            wrap="nowrap"
            c="dimmed"
            aria-label={t('equipment.certificateFiles', { count: equipment.documents.length })}
          >
            <IconFileCertificate size={14} aria-hidden />
            <Text size="xs">{formatInteger(equipment.documents.length)}</Text>
          </Group>
        </>
      ),
    },
    {
      id: 'actions',
      header: () => <VisuallyHidden>{t('equipment.columns.actions')}</VisuallyHidden>,
      meta: { width: 60, align: 'right' },
      cell: ({ row: { original: equipment } }) => (
        <Tooltip label={t('equipment.editNamed', { name: equipment.name })} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('equipment.editNamed', { name: equipment.name })}
            onClick={() => setEditing({ equipmentId: equipment.id })}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  const table = useDataTable({
    data: shown,
    columns,
    getRowId: (equipment) => String(equipment.id),
  });

  return (
    <Stack gap="md">
      <PageHeader
        title={t('equipment.title')}
        subtitle={
          data
            ? t('equipment.total', { count: data.length, formatted: formatInteger(data.length) })
            : t('equipment.subtitle')
        }
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({})}>
            {t('equipment.create')}
          </Button>
        }
      />
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <SearchField
            label={t('common.search')}
            placeholder={t('equipment.filters.searchPlaceholder')}
            value={search}
            onChange={setSearch}
            clearable={false}
          />
          <Select
            label={t('equipment.filters.status')}
            placeholder={t('equipment.filters.anyStatus')}
            data={EXPIRY_STATUSES.map((value) => ({
              value,
              label: t(`equipment.filters.statuses.${value}`),
            }))}
            value={status}
            onChange={(value) => setStatus(value as ExpiryStatus | null)}
            clearable
          />
          <Select
            label={t('equipment.filters.kind')}
            placeholder={t('equipment.filters.anyKind')}
            data={kinds}
            value={kind}
            onChange={setKind}
            clearable
            searchable
          />
        </SimpleGrid>
      </Paper>
      {error && !data ? (
        <QueryError error={error} onRetry={() => void refetch()} />
      ) : data && data.length === 0 ? (
        <EmptyState
          icon={<IconRuler2 size={32} />}
          title={t('equipment.emptyTitle')}
          description={t('equipment.emptyDescription')}
          action={
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({})}>
              {t('equipment.create')}
            </Button>
          }
        />
      ) : data && shown.length === 0 ? (
        <EmptyState icon={<IconSearchOff size={32} />} title={t('equipment.noResults')} />
      ) : (
        <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
          <DataTable table={table} isLoading={!data} aria-label={t('equipment.title')} minWidth={680} />
        </Paper>
      )}
      {editing && (editing.equipmentId === undefined || editedEquipment) && (
        <EquipmentFormModal
          key={editing.equipmentId ?? 'new'}
          equipment={editedEquipment}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
