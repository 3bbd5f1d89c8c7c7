import { Button, Divider, Drawer, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementType } from '@heliotrack/domain/catalogues';
import type { ElementDetail } from '@heliotrack/domain/elements';
import type { BaseMapSettings } from '../../../components/map/base-style';
import { QueryError } from '../../../components/query-error';
import { StateBadge } from '../../../components/state-badge/state-badge';
import { formatDateTime } from '../../../lib/format';
import { usePlantContractors } from '../../../api/get-plant-contractors';
import { usePlant } from '../../../api/get-plant';
import { useElement } from '../api/get-element';
import { ElementHistory } from './element-history';
import { SerialEdit } from './serial-edit';
import { useIsTouch } from '../../../lib/field-layout';

// MapLibre loads with the first opened element, not with the table.
const GeometryMap = lazy(() =>
  import('../../../components/map/geometry-map').then((m) => ({ default: m.GeometryMap })),
);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/**
 * An element's detail: code, type, current state, contractor, serial and its flags, its geometry on
 * a small map and its whole history with documents. The table and the map open the same drawer.
 */
export function ElementDetailDrawer({
  plantId,
  elementType,
  elementId,
  baseMap,
  onClose,
  onChangeState,
}: {
  plantId: number;
  elementType: ElementType | undefined;
  elementId: number | null;
  baseMap?: BaseMapSettings | null;
  onClose: () => void;
  onChangeState: (element: ElementDetail, elementType: ElementType) => void;
}) {
  const { t } = useTranslation();
  const element = useElement(plantId, elementType, elementId);
  const contractors = usePlantContractors(plantId);
  const plant = usePlant(plantId);
  const detail = element.data;
  const contractor =
    detail?.last_state_change_contractor_id != null
      ? contractors.data?.find((item) => item.id === detail.last_state_change_contractor_id)
      : undefined;
  const notAvailable = t('common.notAvailable');
  const isTouch = useIsTouch();

  return (
    <Drawer
      opened={elementId !== null && !!elementType}
      onClose={onClose}
      position="right"
      size="lg"
      title={detail?.code ?? ' '}
      styles={{
        title: {
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontWeight: 700,
          fontSize: 'var(--mantine-h3-font-size)',
        },
      }}
      closeButtonProps={{ 'aria-label': t('common.close'), size: isTouch ? 'xl' : undefined }}
    >
      {element.error && !detail ? (
        <QueryError error={element.error} onRetry={() => void element.refetch()} />
      ) : !detail || !elementType ? (
        <Stack gap="sm">
          <Skeleton height={24} width="40%" />
          <Skeleton height={120} />
          <Skeleton height={220} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Group justify="space-between" align="center">
            <StateBadge state={detail.state} size="lg" />
            <Button
              leftSection={<IconArrowsExchange size={18} aria-hidden />}
              onClick={() => onChangeState(detail, elementType)}
            >
              {t('elements.changeState')}
            </Button>
          </Group>
          <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
            <Field label={t('elements.detail.type')}>
              <Text size="sm">
                {elementType.name} ({elementType.code})
              </Text>
            </Field>
            <Field label={t('elements.detail.contractor')}>
              <Text size="sm">{contractor?.name ?? notAvailable}</Text>
            </Field>
            <Field label={t('elements.detail.serial')}>
              <SerialEdit plantId={plantId} element={detail} canEdit={!!plant.data?.is_serial_scan_enable} />
            </Field>
            <Field label={t('elements.detail.updatedAt')}>
              <Text size="sm">{formatDateTime(detail.updated_at)}</Text>
            </Field>
            {detail.description && (
              <Field label={t('elements.detail.description')}>
                <Text size="sm">{detail.description}</Text>
              </Field>
            )}
          </SimpleGrid>
          <Suspense fallback={<Skeleton height={220} />}>
            <GeometryMap
              wkt={detail.geom}
              color={detail.state?.color}
              baseMap={baseMap}
              label={t('elements.detail.mapLabel', { code: detail.code })}
              emptyLabel={t('elements.detail.noGeometry')}
            />
          </Suspense>
          <Divider label={t('elements.history.title')} labelPosition="left" />
          <ElementHistory elementId={detail.id} />
        </Stack>
      )}
    </Drawer>
  );
}
