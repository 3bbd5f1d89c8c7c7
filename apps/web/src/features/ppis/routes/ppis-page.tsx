import { ActionIcon, Badge, Button, Group, Menu, Paper, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconChartBar, IconClipboardCheck, IconDots, IconListDetails, IconMap2, IconPencil, IconPhoto, IconPlus, IconTable, IconTemplate, IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PPI_STATUSES, type LinkedPpi, type Ppi, type PpiListQuery, type PpiStatus } from '@heliotrack/domain/ppis';
import { isAdministrator } from '@heliotrack/domain/roles';
import { useProfile } from '../../../api/get-profile';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../components/notifications/notify';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { confirm } from '../../../lib/dialogs';
import { formatInteger } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';
import { routeIdOf } from '../../../lib/route-ids';
import { ppiPlantsQueryOptions, usePpiPlants } from '../api/get-ppi-plants';
import { useAdminPpis, useLinkedPpis } from '../api/get-ppis';
import { useTemplates } from '../api/get-templates';
import { useDeletePpi } from '../api/save-ppi';
import { PpiFormModal } from '../components/ppi-form-modal';
import { PpiLogo, PpiLogoModal } from '../components/ppi-logo';
import { useRoleLabel } from '../components/role-label';
import { StatusBadge } from '../components/status-badge';

const NO_PPIS: (Ppi | LinkedPpi)[] = [];

export function ppisLoader() {
  if (isSignedIn()) void queryClient.prefetchQuery(ppiPlantsQueryOptions());
  return null;
}

/** The filters of the list live in the address, so a reload or a shared link shows the same plans. */
function readFilters(params: URLSearchParams): PpiListQuery {
  const status = params.get('status');
  return {
    plant: routeIdOf(params.get('plant')) ?? undefined,
    status: (PPI_STATUSES as readonly string[]).includes(status ?? '') ? (status as PpiStatus) : undefined,
    template: routeIdOf(params.get('template')) ?? undefined,
  };
}

/**
 * /ppis/main: the plans of the user's plants. Administrators see every plan of the organisation and
 * create, edit, delete them and their logos; anybody else sees the plans they are linked to, with
 * the role they hold in each.
 */
export function PpisPage() {
  const { t } = useTranslation();
  const { data: user } = useProfile();
  const isAdmin = isAdministrator(user);
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const plants = usePpiPlants();
  const templates = useTemplates();
  const adminList = useAdminPpis(filters, !!user && isAdmin);
  const linkedList = useLinkedPpis(filters, !!user && !isAdmin);
  const list = isAdmin ? adminList : linkedList;
  const [editing, setEditing] = useState<{ ppi?: Ppi } | null>(null);
  const [logoOf, setLogoOf] = useState<Ppi | null>(null);

  function setFilter(key: keyof PpiListQuery, value: string | null) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  }

  const hasFilters = filters.plant !== undefined || filters.status !== undefined || filters.template !== undefined;
  const count = list.data?.length;

  // An administrator's list shows each plan's template and element count; anybody else's, their role.
  const columns: ColumnDef<Ppi | LinkedPpi>[] = [
    {
      id: 'code',
      header: t('ppis.columns.code'),
      meta: { width: 260 },
      cell: ({ row: { original: ppi } }) =>
        isAdmin ? (
          <Group gap="sm" wrap="nowrap">
            <PpiLogo ppi={ppi as Ppi} />
            <PpiTitle ppi={ppi} />
          </Group>
        ) : (
          <PpiTitle ppi={ppi} />
        ),
    },
    { id: 'plant', header: t('ppis.columns.plant'), cell: ({ row }) => row.original.plant.name },
    { id: 'elementType', header: t('ppis.columns.elementType'), cell: ({ row }) => row.original.element_type.name },
    isAdmin
      ? {
          id: 'template',
          header: t('ppis.columns.template'),
          cell: ({ row }) =>
            (row.original as Ppi).template?.name ?? (
              <Text span c="dimmed" size="sm">
                {t('ppis.noTemplate')}
              </Text>
            ),
        }
      : { id: 'role', header: t('ppis.columns.role'), cell: ({ row }) => <RoleBadge role={(row.original as LinkedPpi).role} /> },
    { id: 'status', header: t('ppis.columns.status'), meta: { width: 120 }, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    ...(isAdmin
      ? [
          {
            id: 'elements',
            header: t('ppis.columns.elements'),
            meta: { width: 100, align: 'right' },
            cell: ({ row }) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatInteger((row.original as Ppi).element_count)}</span>,
          } satisfies ColumnDef<Ppi | LinkedPpi>,
        ]
      : []),
    {
      id: 'actions',
      header: t('ppis.columns.actions'),
      meta: { width: isAdmin ? 184 : 150, align: 'right' },
      cell: ({ row: { original: ppi } }) =>
        isAdmin ? (
          <AdminActions ppi={ppi as Ppi} onEdit={() => setEditing({ ppi: ppi as Ppi })} onLogo={() => setLogoOf(ppi as Ppi)} />
        ) : (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <ElementLinks ppi={ppi} />
          </Group>
        ),
    },
  ];
  const table = useDataTable<Ppi | LinkedPpi>({
    data: list.data ?? NO_PPIS,
    columns,
    getRowId: (ppi) => String(ppi.id),
  });

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('ppis.title')}
        subtitle={count !== undefined ? t('ppis.total', { count, formatted: formatInteger(count) }) : undefined}
        actions={
          <>
            <Button component={Link} to="/ppis/register" variant="light" leftSection={<IconClipboardCheck size={18} aria-hidden />}>
              {t('ppis.register.title')}
            </Button>
            {isAdmin && (
              <>
                <Button component={Link} to="/ppis/close-ppi" variant="light" color="gray">
                  {t('ppis.close.title')}
                </Button>
                <Button component={Link} to="/ppis/templates" variant="light" leftSection={<IconTemplate size={18} aria-hidden />}>
                {t('ppis.templates.title')}
              </Button>
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({})}>
                {t('ppis.create')}
              </Button>
            </>
          )}
          </>
        }
      />
      <Stack gap="lg">
        <Paper withBorder p="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t('ppis.filters.plant')}
              placeholder={t('ppis.filters.allPlants')}
              data={(plants.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.code}` }))}
              value={filters.plant !== undefined ? String(filters.plant) : null}
              onChange={(value) => setFilter('plant', value)}
              clearable
              searchable
            />
            <Select
              label={t('ppis.filters.status')}
              placeholder={t('ppis.filters.allStatuses')}
              data={PPI_STATUSES.map((status) => ({ value: status, label: t(`ppis.status.${status}`) }))}
              value={filters.status ?? null}
              onChange={(value) => setFilter('status', value)}
              clearable
            />
            <Select
              label={t('ppis.filters.template')}
              placeholder={t('ppis.filters.allTemplates')}
              data={(templates.data ?? []).map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
              value={filters.template !== undefined ? String(filters.template) : null}
              onChange={(value) => setFilter('template', value)}
              clearable
              searchable
            />
          </SimpleGrid>
        </Paper>

        {list.error && !list.data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data && list.data.length === 0 ? (
          <EmptyState
            icon={<IconClipboardCheck size={32} />}
            title={hasFilters ? t('ppis.noResults') : t('ppis.emptyTitle')}
            description={hasFilters ? undefined : isAdmin ? t('ppis.emptyAdmin') : t('ppis.emptyUser')}
            action={
              isAdmin && !hasFilters ? (
                <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({})}>
                  {t('ppis.create')}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <Paper withBorder p={0} style={{ overflow: 'hidden', opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            <DataTable table={table} isLoading={!list.data} aria-label={t('ppis.tableLabel')} minWidth={900} />
          </Paper>
        )}
      </Stack>
      {editing && <PpiFormModal ppi={editing.ppi} defaultPlantId={filters.plant ?? null} onClose={() => setEditing(null)} />}
      {logoOf && <PpiLogoModal ppi={logoOf} onClose={() => setLogoOf(null)} />}
    </Stack>
  );
}

function PpiTitle({ ppi }: { ppi: Pick<Ppi, 'id' | 'code' | 'name'> }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={700} ff="monospace">
        {ppi.code}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={1}>
        {ppi.name}
      </Text>
    </Stack>
  );
}

function ElementLinks({ ppi }: { ppi: Pick<Ppi, 'id' | 'code'> }) {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip label={t('ppis.actions.table', { code: ppi.code })} withArrow>
        <ActionIcon component={Link} to={`/ppis/${ppi.id}/link-elements`} variant="subtle" aria-label={t('ppis.actions.table', { code: ppi.code })}>
          <IconTable size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('ppis.actions.map', { code: ppi.code })} withArrow>
        <ActionIcon component={Link} to={`/ppis/${ppi.id}/link-elements-map`} variant="subtle" aria-label={t('ppis.actions.map', { code: ppi.code })}>
          <IconMap2 size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('ppis.register.open', { code: ppi.code })} withArrow>
        <ActionIcon component={Link} to={`/ppis/${ppi.id}/ppi-results`} variant="subtle" aria-label={t('ppis.register.open', { code: ppi.code })}>
          <IconClipboardCheck size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('ppis.actions.summary', { code: ppi.code })} withArrow>
        <ActionIcon component={Link} to={`/ppis/${ppi.id}/ppi-results-summary`} variant="subtle" aria-label={t('ppis.actions.summary', { code: ppi.code })}>
          <IconChartBar size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

/** An administrator's buttons on a plan: its element pages, and edit, logo, activities and delete. */
function AdminActions({ ppi, onEdit, onLogo }: { ppi: Ppi; onEdit: () => void; onLogo: () => void }) {
  const { t } = useTranslation();
  const remove = useDeletePpi();

  async function onDelete() {
    const accepted = await confirm({
      title: t('ppis.confirmDeleteTitle'),
      message: t('ppis.confirmDelete', { code: ppi.code, count: ppi.element_count, formatted: formatInteger(ppi.element_count) }),
      acceptLabel: t('ppis.delete'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    remove.mutate({ plantId: ppi.plant.id, ppiId: ppi.id }, { onSuccess: () => notifySuccess(t('ppis.deleted', { code: ppi.code })) });
  }

  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <ElementLinks ppi={ppi} />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('ppis.actions.more', { code: ppi.code })} loading={remove.isPending}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
            {t('ppis.edit')}
          </Menu.Item>
          <Menu.Item leftSection={<IconPhoto size={16} />} onClick={onLogo}>
            {t('ppis.logo.menu')}
          </Menu.Item>
          <Menu.Item leftSection={<IconListDetails size={16} />} component={Link} to={`/ppis/${ppi.id}/link-elements#activities`}>
            {t('ppis.activities.title')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => void onDelete()}>
            {t('ppis.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function RoleBadge({ role }: { role: LinkedPpi['role'] }) {
  const roleLabel = useRoleLabel();
  return (
    <Badge variant="light" tt="none">
      {roleLabel(role)}
    </Badge>
  );
}
