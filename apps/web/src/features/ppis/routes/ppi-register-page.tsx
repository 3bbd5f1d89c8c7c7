import { Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartBar, IconClipboardCheck, IconClipboardList } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PpiStatus } from '@heliotrack/domain/ppis';
import { isAdministrator } from '@heliotrack/domain/roles';
import { useProfile } from '../../../api/get-profile';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useIsTouch } from '../../../lib/field-layout';
import { formatInteger } from '../../../lib/format';
import { useAdminPpis, useLinkedPpis } from '../api/get-ppis';
import { ClosePpiButton } from '../components/close-ppi-button';
import { useRoleLabel } from '../components/role-label';
import { StatusBadge } from '../components/status-badge';

interface Row {
  id: number;
  code: string;
  name: string;
  status: PpiStatus;
  plant: { name: string };
  element_type: { name: string };
  role?: string;
  element_count?: number;
}

/** The plans the user may open: administrators every one, anybody else those they are linked to. */
function usePlans() {
  const { data: user } = useProfile();
  const isAdmin = isAdministrator(user);
  const admin = useAdminPpis({}, !!user && isAdmin);
  const linked = useLinkedPpis({}, !!user && !isAdmin);
  const list = isAdmin ? admin : linked;
  return { isAdmin, list, rows: list.data as Row[] | undefined };
}

/** What can be done with a plan: open its summary and its register, or close / reopen it. */
function PlanActions({ ppi, mode, isTouch }: { ppi: Row; mode: 'register' | 'close'; isTouch: boolean }) {
  const { t } = useTranslation();
  if (mode === 'close') return <ClosePpiButton ppi={ppi} />;
  const size = isTouch ? 'md' : 'compact-sm';
  return (
    <>
      <Button
        component={Link}
        to={`/ppis/${ppi.id}/ppi-results-summary`}
        size={size}
        variant="subtle"
        leftSection={<IconChartBar size={16} aria-hidden />}
      >
        {t('ppis.results.nav.summary')}
      </Button>
      <Button
        component={Link}
        to={`/ppis/${ppi.id}/ppi-results`}
        size={size}
        leftSection={<IconClipboardCheck size={16} aria-hidden />}
        aria-label={t('ppis.register.open', { code: ppi.code })}
      >
        {t('ppis.register.action')}
      </Button>
    </>
  );
}

/**
 * The plans as cards (issue 22): on phones and tablets, where the table's seven columns would
 * squeeze the role and the status into ellipses or push the actions off the screen.
 */
function PlanCards({ rows, mode, isAdmin }: { rows: Row[] | undefined; mode: 'register' | 'close'; isAdmin: boolean }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  if (!rows) return <Loader aria-label={t('app.loading')} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-label={t('ppis.tableLabel')} role="list">
      {rows.map((ppi) => (
        <Paper key={ppi.id} withBorder p="sm" role="listitem" aria-label={ppi.code}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {ppi.code}
                </Text>
                <Text size="sm" c="dimmed">
                  {ppi.name}
                </Text>
              </div>
              <StatusBadge status={ppi.status} />
            </Group>
            <Text size="sm">
              {ppi.plant.name} · {ppi.element_type.name}
              {ppi.element_count !== undefined &&
                ` · ${t('ppis.header.linked', { count: ppi.element_count, formatted: formatInteger(ppi.element_count) })}`}
            </Text>
            {!isAdmin && ppi.role && (
              <Group gap={6}>
                <Text size="sm" c="dimmed">
                  {t('ppis.columns.role')}
                </Text>
                <Badge variant="light" tt="none">
                  {roleLabel(ppi.role)}
                </Badge>
              </Group>
            )}
            <Group gap="xs" justify="flex-end" wrap="wrap">
              <PlanActions ppi={ppi} mode={mode} isTouch />
            </Group>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const NO_PLANS: Row[] = [];

function PlanTable({ mode }: { mode: 'register' | 'close' }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const isTouch = useIsTouch();
  const { isAdmin, list, rows } = usePlans();
  const columns: ColumnDef<Row>[] = [
    {
      id: 'code',
      header: t('ppis.columns.code'),
      meta: { wrap: true },
      cell: ({ row: { original: ppi } }) => (
        <>
          <Text fw={600} size="sm">
            {ppi.code}
          </Text>
          <Text size="xs" c="dimmed">
            {ppi.name}
            {ppi.element_count !== undefined &&
              ` · ${t('ppis.header.linked', { count: ppi.element_count, formatted: formatInteger(ppi.element_count) })}`}
          </Text>
        </>
      ),
    },
    { id: 'plant', header: t('ppis.columns.plant'), cell: ({ row }) => row.original.plant.name },
    { id: 'elementType', header: t('ppis.columns.elementType'), cell: ({ row }) => row.original.element_type.name },
    ...(isAdmin
      ? []
      : [
          {
            id: 'role',
            header: t('ppis.columns.role'),
            cell: ({ row }) => (
              <Badge variant="light" tt="none">
                {roleLabel(row.original.role ?? '')}
              </Badge>
            ),
          } satisfies ColumnDef<Row>,
        ]),
    { id: 'status', header: t('ppis.columns.status'), meta: { width: 120 }, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    {
      id: 'actions',
      header: t('ppis.columns.actions'),
      meta: { width: mode === 'register' ? 240 : 170, align: 'right' },
      cell: ({ row }) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <PlanActions ppi={row.original} mode={mode} isTouch={false} />
        </Group>
      ),
    },
  ];
  const table = useDataTable({ data: rows ?? NO_PLANS, columns, getRowId: (ppi) => String(ppi.id) });
  if (list.error && !rows) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  if (isTouch) {
    if (rows && rows.length === 0)
      return <EmptyState icon={<IconClipboardList size={32} />} title={t('ppis.register.empty')} />;
    return <PlanCards rows={rows} mode={mode} isAdmin={isAdmin} />;
  }
  return (
    <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
      <DataTable
        table={table}
        isLoading={!rows}
        empty={t('ppis.register.empty')}
        aria-label={t('ppis.tableLabel')}
        minWidth={860}
      />
    </Paper>
  );
}

/** /ppis/register: choose the plan to record inspections on. */
export function PpiRegisterPage() {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <PageHeader title={t('ppis.register.title')} subtitle={t('ppis.register.subtitle')} />
      <PlanTable mode="register" />
    </Stack>
  );
}

/** /ppis/close-ppi: administrators close a plan (it then refuses results) or reopen it, with confirmation. */
export function ClosePpiPage() {
  const { t } = useTranslation();
  const { isAdmin } = usePlans();
  return (
    <Stack gap={0}>
      <PageHeader title={t('ppis.close.title')} subtitle={t('ppis.close.subtitle')} />
      {isAdmin ? (
        <PlanTable mode="close" />
      ) : (
        <EmptyState icon={<IconClipboardList size={32} />} title={t('ppis.close.adminsOnly')} />
      )}
    </Stack>
  );
}
