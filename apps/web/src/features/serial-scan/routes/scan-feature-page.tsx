import {
  ActionIcon,
  Box,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconBarcode,
  IconLine,
  IconMap2,
  IconTable,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Position } from '@heliotrack/domain/geometry';
import { useElementTypes } from '../../../api/get-element-types';
import { getElementsByPolygon } from '../../../api/get-elements-by-polygon';
import { usePlant } from '../../../api/get-plant';
import { useTileBounds } from '../../../api/get-tile-bounds';
import { EmptyState } from '../../../components/empty-state';
import { MapHint } from '../../../components/map/drawing-hint';
import { PlantMap, type ClickedElement } from '../../../components/map/plant-map';
import { ringToPolygonParam } from '../../../components/map/polygon-param';
import { notifyError, notifySuccess } from '../../../components/notifications/notify';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { confirm } from '../../../lib/dialogs';
import { TOUCH_TARGET, useIsPhone, useIsTouch } from '../../../lib/field-layout';
import { CreatePlanModal } from '../components/create-plan-modal';
import { PlanTable } from '../components/plan-table';
import { ScanPanel } from '../components/scan-panel';
import { planRows, searchRing, type PlanRow } from '../lib/plan-geometry';
import { createPlan, deletePlan, listPlans, scanPlanKeys } from '../lib/scan-plans';
import { readScanSettings, writeScanSettings } from '../lib/scan-settings';
import { useScanSession } from '../lib/use-scan-session';
import { useRouteId } from '../../../lib/route-ids';

type View = 'map' | 'table';
const MODULE_TYPE = 'MOD';

export function ScanMapPage() {
  return <ScanFeaturePage view="map" />;
}

export function ScanTablePage() {
  return <ScanFeaturePage view="table" />;
}

function ScanFeaturePage({ view }: { view: View }) {
  const { t } = useTranslation();
  const plantId = useRouteId('plantId');
  if (plantId === null)
    return <EmptyState icon={<IconBarcode size={32} />} title={t('elements.invalidPlant')} />;
  return <PlantScanFeature key={plantId} plantId={plantId} view={view} />;
}

function PlantScanFeature({ plantId, view }: { plantId: number; view: View }) {
  const { t } = useTranslation();
  const plant = usePlant(plantId);
  if (plant.error && !plant.data)
    return <QueryError error={plant.error} onRetry={() => void plant.refetch()} />;
  if (!plant.data)
    return (
      <Center h={200}>
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  if (!plant.data.is_serial_scan_enable)
    return (
      <Stack>
        <PageHeader title={t('serials.scan.title')} subtitle={`${plant.data.name} · ${plant.data.code}`} />
        <EmptyState icon={<IconBarcode size={32} />} title={t('serials.scan.disabled')} />
      </Stack>
    );
  return <ScanWorkspace plantId={plantId} plant={plant.data} view={view} />;
}

function ScanWorkspace({
  plantId,
  plant,
  view,
}: {
  plantId: number;
  plant: NonNullable<ReturnType<typeof usePlant>['data']>;
  view: View;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isPhone = useIsPhone();
  const isTouch = useIsTouch();
  const [params, setParams] = useSearchParams();
  const types = useElementTypes(plantId);
  const bounds = useTileBounds(plantId);
  const plansKey = scanPlanKeys.plans(plantId);
  const plans = useQuery({ queryKey: plansKey, queryFn: () => listPlans(plantId) });
  const [isDrawing, setDrawing] = useState(false);
  const [clearDrawingKey, setClearDrawingKey] = useState(0);
  const [isSearching, setSearching] = useState(false);
  const [draft, setDraft] = useState<{ line: Position[]; rows: PlanRow[] } | null>(null);
  const [isSaving, setSaving] = useState(false);

  const planList = useMemo(() => plans.data ?? [], [plans.data]);
  const wanted = Number(params.get('plan'));
  const plan = planList.find((item) => item.id === wanted) ?? planList[0] ?? null;
  const refreshPlans = () => void queryClient.invalidateQueries({ queryKey: plansKey });
  const { session, lastRead, isSending, actions } = useScanSession(plantId, plan, refreshPlans);
  const moduleType = types.data?.find((type) => type.code === MODULE_TYPE) ?? null;

  function choosePlan(id: number | null) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('plan');
        else next.set('plan', String(id));
        return next;
      },
      { replace: true },
    );
  }

  async function onPolyline(line: Position[]) {
    setDrawing(false);
    if (!moduleType || line.length < 2) return;
    setSearching(true);
    try {
      const candidates = await getElementsByPolygon({
        plantId,
        type: moduleType,
        polygon: ringToPolygonParam(searchRing(line)),
      });
      const rows = planRows(candidates, line);
      if (rows.length === 0) {
        notifyError(t('serials.scan.noneCrossed'));
        setClearDrawingKey((key) => key + 1);
      } else setDraft({ line, rows });
    } catch {
      // The http client already said what failed.
      setClearDrawingKey((key) => key + 1);
    } finally {
      setSearching(false);
    }
  }

  async function saveDraft({ name, codeLength }: { name: string; codeLength: number }) {
    if (!draft) return;
    setSaving(true);
    try {
      writeScanSettings({ codeLength });
      const id = await createPlan(
        plantId,
        { name, polyline: draft.line, maxCodeLength: codeLength },
        draft.rows,
      );
      await queryClient.invalidateQueries({ queryKey: plansKey });
      choosePlan(id);
      setDraft(null);
      setClearDrawingKey((key) => key + 1);
      notifySuccess(t('serials.scan.create.saved'));
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  async function removePlan() {
    if (!plan) return;
    const accepted = await confirm({
      title: t('serials.scan.confirmDeleteTitle'),
      message: t('serials.scan.confirmDelete', { name: plan.name }),
      acceptColor: 'red',
    });
    if (!accepted) return;
    await deletePlan(plan.id);
    choosePlan(null);
    refreshPlans();
  }

  function onElementClick(clicked: ClickedElement) {
    const index = session?.elements.findIndex((element) => element.id === clicked.id) ?? -1;
    if (index >= 0) actions.select(index);
  }

  const otherView = view === 'map' ? 'table' : 'map';
  const otherUrl = `/plants/${plantId}/scan-feature/${otherView === 'map' ? 'elements-map' : 'elements'}${plan ? `?plan=${plan.id}` : ''}`;
  const otherLabel = otherView === 'map' ? t('serials.scan.viewMap') : t('serials.scan.viewTable');
  const OtherIcon = otherView === 'map' ? IconMap2 : IconTable;
  const current = session?.elements[session.cursor] ?? null;
  const planBounds = useMemo((): [number, number, number, number] | null => {
    const line = plan?.polyline ?? [];
    if (line.length < 2) return null;
    const xs = line.map((p) => p[0]);
    const ys = line.map((p) => p[1]);
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  }, [plan?.polyline]);

  const toolbar = (
    <Group gap="xs" wrap="wrap" align="flex-end">
      <Select
        style={{ flex: 1, minWidth: 150 }}
        label={t('serials.scan.plan')}
        placeholder={t('serials.scan.planPlaceholder')}
        data={planList.map((item) => ({
          value: String(item.id),
          label: t('serials.scan.planOption', { name: item.name, read: item.read, expected: item.expected }),
        }))}
        value={plan ? String(plan.id) : null}
        onChange={(value) => choosePlan(value ? Number(value) : null)}
        allowDeselect={false}
        styles={{ input: { minHeight: TOUCH_TARGET } }}
        comboboxProps={{ withinPortal: true }}
      />
      {view === 'map' && (
        <Button
          h={TOUCH_TARGET}
          variant={isDrawing ? 'filled' : 'light'}
          color={isDrawing ? 'gray' : undefined}
          leftSection={isDrawing ? <IconX size={18} aria-hidden /> : <IconLine size={18} aria-hidden />}
          onClick={() => {
            setClearDrawingKey((key) => key + 1);
            setDrawing((on) => !on);
          }}
          disabled={!moduleType || isSearching}
          loading={isSearching}
        >
          {isDrawing ? t('serials.scan.cancelDrawing') : t('serials.scan.newPlan')}
        </Button>
      )}
      {plan && (
        <ActionIcon
          variant="light"
          color="red"
          size={TOUCH_TARGET}
          onClick={() => void removePlan()}
          aria-label={t('serials.scan.deletePlan')}
        >
          <IconTrash size={20} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );

  const map = (
    <Paper
      withBorder
      p={0}
      style={{ overflow: 'hidden', position: 'relative' }}
      h={isPhone ? '34dvh' : 'max(420px, calc(100dvh - 300px))'}
      mih={240}
    >
      {bounds.isPending ? (
        <Center h="100%">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : (
        <PlantMap
          // A plan's map looks at its row: a new plan makes a new map fitted to its line.
          key={plan?.id ?? 'plant'}
          plant={plant}
          bounds={planBounds ?? bounds.data}
          selectedIds={session?.elements.map((element) => element.id) ?? null}
          currentId={current?.id ?? null}
          isDrawing={isDrawing}
          drawMode="linestring"
          clearDrawingKey={clearDrawingKey}
          label={t('map.label', { plant: plant.name })}
          onPolyline={(line) => void onPolyline(line)}
          onElementClick={onElementClick}
        />
      )}
      {(isDrawing || isSearching) && (
        <MapHint>
          {isSearching
            ? t('serials.scan.searching')
            : t(isTouch ? 'serials.scan.drawingHintTouch' : 'serials.scan.drawingHint')}
        </MapHint>
      )}
    </Paper>
  );

  const work =
    plan && session ? (
      <ScanPanel
        session={session}
        lastRead={lastRead}
        isSending={isSending}
        onRead={actions.read}
        onSkip={actions.skip}
        onUndo={actions.undo}
      />
    ) : plans.isPending ? null : planList.length === 0 ? (
      <Text size="sm" c="dimmed">
        {t('serials.scan.noPlans')}
      </Text>
    ) : null;

  return (
    <Stack gap={isTouch ? 'xs' : 'md'}>
      <PageHeader
        title={t('serials.scan.title')}
        subtitle={`${plant.name} · ${plant.code}`}
        actions={
          isPhone ? (
            <ActionIcon component={Link} to={otherUrl} variant="light" size="xl" aria-label={otherLabel}>
              <OtherIcon size={22} aria-hidden />
            </ActionIcon>
          ) : (
            <Button
              component={Link}
              to={otherUrl}
              variant="light"
              leftSection={<OtherIcon size={18} aria-hidden />}
            >
              {otherLabel}
            </Button>
          )
        }
      />
      {toolbar}
      {view === 'map' ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>{map}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>{work}</Grid.Col>
        </Grid>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            {work}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            {plan && session ? (
              <Box>
                <PlanTable name={plan.name} session={session} onSelect={actions.select} />
              </Box>
            ) : null}
          </Grid.Col>
        </Grid>
      )}
      {draft && (
        <CreatePlanModal
          crossed={draft.rows.length}
          defaultName={t('serials.scan.create.defaultName', { n: planList.length + 1 })}
          defaultCodeLength={readScanSettings().codeLength}
          isSaving={isSaving}
          onSave={(value) => void saveDraft(value)}
          onClose={() => {
            setDraft(null);
            setClearDrawingKey((key) => key + 1);
          }}
        />
      )}
    </Stack>
  );
}
