import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { State } from '@heliotrack/domain/catalogues';
import type { ElementsOk } from '@heliotrack/domain/dashboard';
import type { Milestone } from '@heliotrack/domain/milestones';
import { DataTable } from '../../../components/data-table/data-table';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { notifyError, notifySuccess } from '../../../components/notifications/notify';
import { QueryError } from '../../../components/query-error';
import { RowActions } from '../../../components/row-actions';
import { StateBadge } from '../../../components/state-badge/state-badge';
import { isApiError } from '../../../lib/api-error';
import { formatDay } from '../../../lib/day';
import { confirm } from '../../../lib/dialogs';
import { useElementTypeLabel } from '../../../lib/element-type-label';
import { formatInteger, formatPercent } from '../../../lib/format';
import { plantStatesQueryOptions } from '../../../api/get-plant-states';
import { useElementsOk } from '../api/get-elements-ok';
import { useMilestoneFollowup } from '../api/get-milestone-followup';
import { useMilestones } from '../api/get-milestones';
import { useDeleteMilestone } from '../api/save-milestone';
import { todayIso } from '../lib/dates';
import { sortMilestones } from '../lib/filters';
import { milestoneProgress } from '../lib/milestone-progress';
import { MilestoneForm } from './milestone-form';

const NO_MILESTONES: Milestone[] = [];

/** What the planning modal shows: the list, or the form for a new milestone or one of the list. */
export type PlanningView = { kind: 'list' } | { kind: 'form'; milestone?: Milestone };

/**
 * The plant's planning: its milestones with their progress today (from each one's S-curve, fetched
 * per row while the modal is open). Administrators create, edit and delete them; others read.
 */
export function PlanningModal({
  plantId,
  plantName,
  view,
  onView,
  onClose,
  canManage,
  onCreated,
}: {
  plantId: number;
  plantName: string;
  /** null: closed. */
  view: PlanningView | null;
  onView: (view: PlanningView) => void;
  onClose: () => void;
  canManage: boolean;
  onCreated: (milestone: Milestone) => void;
}) {
  const { t } = useTranslation();
  const opened = view !== null;
  const milestones = useMilestones(opened ? plantId : null);
  const types = useElementsOk(opened ? plantId : null);
  const states = useQuery({ ...plantStatesQueryOptions(plantId), enabled: opened });
  const editing = view?.kind === 'form' && canManage ? view : null;

  const title = editing
    ? editing.milestone
      ? t('dashboard.planning.edit')
      : t('dashboard.planning.add')
    : t('dashboard.planning.title', { plant: plantName });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>{title}</Text>}
      size={editing ? 'lg' : '72rem'}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      {editing ? (
        types.data && states.data ? (
          <MilestoneForm
            key={editing.milestone?.id ?? 'new'}
            plantId={plantId}
            milestone={editing.milestone}
            types={types.data}
            states={states.data}
            onDone={(saved) => {
              if (!editing.milestone) onCreated(saved);
              onView({ kind: 'list' });
            }}
            onCancel={() => onView({ kind: 'list' })}
          />
        ) : types.error || states.error ? (
          <QueryError
            error={types.error ?? states.error}
            onRetry={() => {
              void types.refetch();
              void states.refetch();
            }}
          />
        ) : (
          <Skeleton h={220} />
        )
      ) : (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed" maw={640}>
              {t('dashboard.planning.intro')}
            </Text>
            {canManage && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => onView({ kind: 'form' })}>
                {t('dashboard.planning.add')}
              </Button>
            )}
          </Group>
          {!canManage && (
            <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} py="xs">
              <Text size="sm">{t('dashboard.planning.readOnly')}</Text>
            </Alert>
          )}
          {milestones.error ? (
            <QueryError error={milestones.error} onRetry={() => void milestones.refetch()} />
          ) : (
            <MilestoneTable
              plantId={plantId}
              milestones={milestones.data && sortMilestones(milestones.data)}
              types={types.data}
              states={states.data}
              canManage={canManage}
              onEdit={(milestone) => onView({ kind: 'form', milestone })}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}

function MilestoneTable({
  plantId,
  milestones,
  types,
  states,
  canManage,
  onEdit,
}: {
  plantId: number;
  /** undefined while loading. */
  milestones: Milestone[] | undefined;
  types: ElementsOk | undefined;
  states: State[] | undefined;
  canManage: boolean;
  onEdit: (milestone: Milestone) => void;
}) {
  const { t } = useTranslation();
  const typeLabel = useElementTypeLabel();
  const remove = useDeleteMilestone();
  const today = todayIso();

  async function onDelete(milestone: Milestone) {
    const accepted = await confirm({
      title: t('dashboard.planning.confirmDeleteTitle'),
      message: t('dashboard.planning.confirmDelete', { name: milestone.name }),
      acceptLabel: t('dashboard.planning.delete'),
      acceptColor: 'red',
    });
    if (!accepted) return;
    remove.mutate(
      { plantId, milestoneId: milestone.id },
      {
        onSuccess: () => notifySuccess(t('dashboard.planning.deleted', { name: milestone.name })),
        onError: (error) =>
          notifyError(
            (isApiError(error) && error.detail) || (error as Error).message,
            t('dashboard.planning.deleteFailed'),
          ),
      },
    );
  }

  const columns: ColumnDef<Milestone>[] = [
    {
      id: 'name',
      header: t('dashboard.planning.name'),
      meta: { wrap: true },
      cell: ({ row }) => (
        <Text span size="sm" fw={500}>
          {row.original.name}
        </Text>
      ),
    },
    {
      id: 'elementType',
      header: t('dashboard.planning.elementType'),
      meta: { wrap: true },
      cell: ({ row }) => {
        const type = types?.find((candidate) => candidate.element_type === row.original.element_type);
        return type ? typeLabel(type) : types ? '—' : <Skeleton h={14} w={80} />;
      },
    },
    {
      id: 'state',
      header: t('dashboard.planning.state'),
      cell: ({ row }) => {
        const state = states?.find((candidate) => candidate.id === row.original.state);
        return state ? <StateBadge state={state} size="sm" /> : states ? '—' : <Skeleton h={14} w={80} />;
      },
    },
    {
      id: 'targetCount',
      header: t('dashboard.planning.targetCount'),
      meta: { width: 110, align: 'right' },
      cell: ({ row }) => (
        <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatInteger(row.original.target_count)}
        </Text>
      ),
    },
    {
      id: 'targetDate',
      header: t('dashboard.planning.targetDate'),
      meta: { width: 120 },
      cell: ({ row }) => formatDay(row.original.target_date),
    },
    {
      id: 'progress',
      header: t('dashboard.planning.progress'),
      meta: { width: 200 },
      // A component, so it may hold hooks: it fetches the milestone's S-curve.
      cell: ({ row }) => <MilestoneProgressCell plantId={plantId} milestone={row.original} today={today} />,
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: () => <VisuallyHidden>{t('dashboard.planning.actions')}</VisuallyHidden>,
            meta: { width: 80, align: 'right' },
            cell: ({ row: { original: milestone } }) => (
              <RowActions
                editLabel={t('dashboard.planning.editNamed', { name: milestone.name })}
                deleteLabel={t('dashboard.planning.deleteNamed', { name: milestone.name })}
                onEdit={() => onEdit(milestone)}
                onDelete={() => void onDelete(milestone)}
                isDeleting={remove.isPending && remove.variables?.milestoneId === milestone.id}
              />
            ),
          } satisfies ColumnDef<Milestone>,
        ]
      : []),
  ];
  const table = useDataTable({
    data: milestones ?? NO_MILESTONES,
    columns,
    getRowId: (milestone) => String(milestone.id),
  });

  return (
    <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
      <DataTable
        table={table}
        isLoading={!milestones}
        empty={t('dashboard.planning.empty')}
        aria-label={t('dashboard.planning.listLabel')}
        minWidth={820}
      />
    </Paper>
  );
}

const STATUS_COLOR = { done: 'teal', onTrack: 'blue', behind: 'orange' } as const;
const STATUS_LABEL = {
  done: 'dashboard.planning.statusDone',
  onTrack: 'dashboard.planning.statusOnTrack',
  behind: 'dashboard.planning.statusBehind',
} as const;

/** actual / target today with a bar coloured by whether the plant keeps up with the plan. */
function MilestoneProgressCell({
  plantId,
  milestone,
  today,
}: {
  plantId: number;
  milestone: Milestone;
  today: string;
}) {
  const { t } = useTranslation();
  const followup = useMilestoneFollowup(plantId, milestone.id);
  if (followup.isPending) return <Skeleton h={28} />;
  if (followup.error)
    return (
      <Text size="xs" c="red">
        {t('dashboard.planning.progressError')}
      </Text>
    );
  const progress = milestoneProgress(followup.data, today);
  const percent = formatPercent(progress.ratio);
  return (
    <Tooltip
      label={`${t(STATUS_LABEL[progress.status])} · ${t('dashboard.planning.plannedToday', {
        value: formatInteger(Math.round(progress.planned)),
      })}`}
      withArrow
    >
      <Stack gap={4} data-testid="milestone-progress">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {formatInteger(progress.actual)} / {formatInteger(progress.target)}
          </Text>
          <Text size="xs" c="dimmed">
            {percent}
          </Text>
        </Group>
        <Progress
          value={progress.ratio * 100}
          color={STATUS_COLOR[progress.status]}
          size="sm"
          aria-label={t('dashboard.planning.progressLabel', { name: milestone.name, percent })}
        />
      </Stack>
    </Tooltip>
  );
}
